package main

import (
	"strings"
	"testing"
	"time"
)

// fuzzTimeout is how long one command line may run under FuzzCLI before its
// context is cancelled.
const fuzzTimeout = 500 * time.Millisecond

// FuzzCLI runs arbitrary command lines (arguments separated by NUL bytes)
// with arbitrary stdin through runCLI, as main runs them, and asserts what
// TestCLICorpus does: no panic, a command stops at its context, an error is
// one line starting with "nimlab:", and --json prints JSON. Each command
// line has fuzzTimeout, solves within a 256 MiB memory estimate (--force,
// which skips the estimate, is left out) and runs in its own directory;
// serve does not listen. Run it with
//
//	go test ./cmd/nimlab -run XXX -fuzz FuzzCLI -fuzztime 3m
func FuzzCLI(f *testing.F) {
	for _, c := range fuzzSeeds() {
		f.Add(strings.Join(c.args, "\x00"), c.stdin)
	}
	f.Fuzz(func(t *testing.T, line, stdin string) {
		if len(line)+len(stdin) > 1<<16 {
			t.Skip("longer than 64 KiB")
		}
		var args []string
		if line != "" {
			args = strings.Split(line, "\x00")
		}
		for _, a := range args {
			if a == "--force" || strings.HasPrefix(a, "--force=") || strings.HasPrefix(a, "/") || strings.Contains(a, "../") || strings.HasSuffix(a, "..") {
				t.Skip("--force, or a path outside the test's directory")
			}
		}
		// A session runs the command lines of its input: the same rules.
		for _, s := range []string{"--force", `"/`, "../", `.."`, `\u`} {
			if strings.Contains(stdin, s) {
				t.Skip("stdin may bring --force, or a path outside the test's directory, to a session")
			}
		}
		cliBudget(t)
		t.Chdir(t.TempDir())
		if err := checkResult(args, runArgs(args, stdin, fuzzTimeout)); err != nil {
			t.Fatalf("%q (stdin %q): %v", args, stdin, err)
		}
	})
}

// fuzzSeeds are a few command lines of every command, valid and odd.
func fuzzSeeds() []cliCase {
	seeds := append([]cliCase(nil), commandBases...)
	seeds = append(seeds, gameCorpus("cn:4,2", 4, false)...)
	for _, args := range [][]string{
		{"play", "nim:2", "1,2"}, {"play", "cn:6,3", "100,1,1,1,1,1"}, {"critical", "slow:3,2", "--max", "5", "--remoteness", "99"},
		{"solve", "cn:6,3", "--max", "1e30"}, {"outcome", "cn:6,3"}, {"plot", "cn:6,3", "--max", "2", "--fix", "9=2", "--out", "p.svg"},
		{"atlas", "complexes:9", "--max", "1", "--out", "a"}, {"outcome", "complex:1-1", "0"}, {"solve", "nosuch:3", "--max", "1"},
		{"outcome", "nim:3 + cn:5,2", "1,2,3,4,5,6,7,8"}, {"check", "cn:5,2", "--max", "3", "--expr", "sym(a == 0 && b == e && c == d)"},
		{"list", "moore:3,2", "--max", "2", "--format", "text"}, {"discover", "slow:3,2", "--max", "3"},
	} {
		seeds = append(seeds, cliCase{args: args, stdin: "quit\n"})
	}
	seeds = append(seeds,
		cliCase{args: []string{"session"}, stdin: "junk\n{\"id\":1,\"args\":[\"session\"]}\n{\"cancel\":2}\n{\"id\":2,\"args\":[\"solve\",\"cn:6,3\",\"--max\",\"6\",\"--json\"],\"text\":true}\n"},
		cliCase{args: []string{"session"}, stdin: "{\"id\":1,\"args\":[\"play\",\"nim:2\"]}\n{\"id\":2,\"args\":[]}\n{\"id\":3,\"args\":[\"outcome\",\"cn:4,2\",\"1,2,3,4\",\"--options\"]}"},
	)
	return seeds
}
