package certificate

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// library is Nimlab.v, the theorem every certificate rests on.
//
//go:embed coq/Nimlab.v
var library string

// nimSumLibrary is NimSum.v, the lemmas about the nim-sum the nim-sum
// certificates rest on (nimsum.go).
//
//go:embed coq/NimSum.v
var nimSumLibrary string

// mooreLibrary is Moore.v, Moore's theorem on the columns of binary
// digits, which the certificates of colmod claims rest on (moore.go).
//
//go:embed coq/Moore.v
var mooreLibrary string

// reflectLibrary is Reflect.v, linear arithmetic by reflection: the
// cases of (II) a certificate proves by its check (reflect.go).
//
//go:embed coq/Reflect.v
var reflectLibrary string

// ReflectLibraryName is the file name of Reflect.v.
const ReflectLibraryName = "Reflect.v"

// LibraryName is the file name of the library every certificate requires,
// in the certificate's folder.
const LibraryName = "Nimlab.v"

// libraries are the libraries a certificate may require, in the order
// coqc compiles them: Coq module name, file name and text.
var libraries = []struct{ module, file, text string }{
	{"Nimlab", LibraryName, library},
	{"NimSum", NimSumLibraryName, nimSumLibrary},
	{"Moore", MooreLibraryName, mooreLibrary},
	{"Reflect", ReflectLibraryName, reflectLibrary},
}

// Libraries returns the file names of the libraries the certificate text
// requires, in the order coqc compiles them (Check): Nimlab.v always, and
// NimSum.v, Moore.v or Reflect.v when the text says "Require Import ...
// NimSum", "... Moore" or "... Reflect".
func Libraries(text string) []string {
	required := map[string]bool{"Nimlab": true}
	for _, line := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(line, "Require Import "); ok {
			for _, m := range strings.Fields(strings.TrimSuffix(strings.TrimSpace(rest), ".")) {
				required[m] = true
			}
		}
	}
	var out []string
	for _, l := range libraries {
		if required[l.module] {
			out = append(out, l.file)
		}
	}
	return out
}

// ErrNoCoq is returned when coqc is not installed.
var ErrNoCoq = errors.New("coqc is not installed (apt-get install coq)")

// closed is what "Print Assumptions" prints of a theorem that rests on no
// axiom: coqc's own words, the one verdict a certificate needs.
const closed = "Closed under the global context"

// Checked is what coqc made of a certificate.
type Checked struct {
	// Accepted: coqc compiled the certificate, found that its
	// characterization has the statement's shape (statement) and rests on
	// no assumption, and compiled its checker (Checker), which says the
	// same from outside the certificate.
	Accepted bool `json:"accepted"`
	// Compiled: coqc compiled the file (every proof in it checked).
	Compiled bool `json:"compiled"`
	// Seconds is coqc's time on the certificate (not the library).
	Seconds float64 `json:"seconds"`
	// Output is what coqc printed (its error when it rejected the file).
	Output string `json:"output,omitempty"`
	// CheckerOutput is what coqc printed of the checker (Checker): the
	// statement's assumptions, then the definitions as Coq reads them.
	CheckerOutput string `json:"checker_output,omitempty"`
	// Exhausted: coqc stopped on its own resources (its stack or memory),
	// or was killed by a signal (the kernel's out-of-memory killer), not
	// on the certificate: no verdict, as when it runs out of time.
	Exhausted bool `json:"exhausted,omitempty"`
}

// exhaustion are what coqc prints when it stops for want of stack or
// memory (CN(5,4)'s sym() over 120 images: "Error: Stack overflow.").
var exhaustion = []string{"Error: Stack overflow", "Error: Out of memory"}

// FolderError is every error CheckFolder returns: a folder certificates
// cannot be written in (a file, or a folder that cannot be made or
// written).
type FolderError struct{ Err error }

// Error says why the folder cannot hold certificates.
func (e *FolderError) Error() string { return e.Err.Error() }

// Unwrap returns the error underneath.
func (e *FolderError) Unwrap() error { return e.Err }

// CheckFolder reports whether dir can hold certificates: it makes the
// folder if it is missing and writes (and removes) a file there. The front
// ends ask it before proving, so that a folder that cannot be written is
// said at once rather than after the proof and coqc's check. The folders
// it made are removed again (Save makes them when there is a certificate
// to save): a proof refuted, or with no certificate, leaves none behind.
func CheckFolder(dir string) error {
	var made []string // deepest first
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if info, err := os.Stat(d); err == nil {
			// dir, or the first of its parents that is there.
			if !info.IsDir() {
				return &FolderError{fmt.Errorf("%s is a file, not a folder", d)}
			}
			break
		}
		if filepath.Dir(d) == d {
			break
		}
		made = append(made, d)
	}
	defer func() {
		for _, d := range made {
			os.Remove(d) // an empty folder only
		}
	}()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return &FolderError{fmt.Errorf("%s cannot be made: %w", dir, err)}
	}
	f, err := os.CreateTemp(dir, ".nimlab-check-*")
	var pathErr *fs.PathError
	if errors.As(err, &pathErr) {
		err = pathErr.Err // the name of the file tried says nothing
	}
	if err != nil {
		return &FolderError{fmt.Errorf("%s cannot be written: %w", dir, err)}
	}
	name := f.Name()
	f.Close()
	if err := os.Remove(name); err != nil {
		return &FolderError{err}
	}
	return nil
}

// Save writes the certificate text as dir/name.v, the libraries it
// requires beside it (Libraries), and its checker (Checker) when the text
// states nimlab's theorem. It returns the certificate's path.
func Save(dir, name, text string) (string, error) {
	if err := validName(name); err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("the certificate's folder: %w", err)
	}
	files := Libraries(text)
	for _, l := range libraries {
		if !slices.Contains(files, l.file) {
			continue
		}
		lib := filepath.Join(dir, l.file)
		if old, err := os.ReadFile(lib); err != nil || string(old) != l.text {
			if err := os.WriteFile(lib, []byte(l.text), 0o644); err != nil {
				return "", fmt.Errorf("certificate: %w", err)
			}
		}
	}
	path := filepath.Join(dir, name+".v")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		return "", fmt.Errorf("certificate: %w", err)
	}
	if misere, ok := statementPlay(text); ok {
		checker := filepath.Join(dir, CheckerName(name)+".v")
		if err := os.WriteFile(checker, []byte(Checker(name, misere, files)), 0o644); err != nil {
			return "", fmt.Errorf("certificate: %w", err)
		}
	}
	return path, nil
}

// Check runs coqc on the certificate at path, after the libraries it
// requires (Libraries), within timeout. coqc runs in a fresh folder of its
// own, with a copy of the certificate and nimlab's libraries: a large
// folder would have coqc read every folder under it (its -Q maps them
// all), and its build files stay out of the certificate's folder.
func Check(ctx context.Context, path string, timeout time.Duration) (*Checked, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("certificate: %w", err)
	}
	return checkText(ctx, strings.TrimSuffix(filepath.Base(path), ".v"), string(text), timeout)
}

// checkText runs coqc on the certificate text as the file name.v.
func checkText(ctx context.Context, name, text string, timeout time.Duration) (*Checked, error) {
	coqc, err := exec.LookPath("coqc")
	if err != nil {
		return nil, ErrNoCoq
	}
	dir, err := os.MkdirTemp("", "nimlab-coqc-")
	if err != nil {
		return nil, fmt.Errorf("certificate: %w", err)
	}
	defer os.RemoveAll(dir)
	if _, err := Save(dir, name, text); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	for _, lib := range Libraries(text) {
		if out, err := run(ctx, coqc, dir, lib); err != nil {
			if ctx.Err() != nil {
				return nil, fmt.Errorf("certificate: coqc on %s: %w", lib, ctx.Err())
			}
			return nil, fmt.Errorf("certificate: coqc rejected the library %s: %s", lib, out)
		}
	}
	start := time.Now()
	out, err := run(ctx, coqc, dir, name+".v")
	c := &Checked{Seconds: time.Since(start).Seconds(), Output: out}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("certificate: coqc on %s.v: no answer within %s: %w", name, timeout, ctx.Err())
	}
	c.Compiled = err == nil
	c.Accepted = c.Compiled && closedCharacterization(text, out)
	if _, ok := statementPlay(text); !ok {
		c.Accepted = false // its last theorem is not the statement
	} else if c.Accepted {
		// The checker, of fixed text, says the same from outside.
		checker, err := run(ctx, coqc, dir, CheckerName(name)+".v")
		c.CheckerOutput = checker
		if ctx.Err() != nil {
			return nil, fmt.Errorf("certificate: coqc on %s.v: no answer within %s: %w", CheckerName(name), timeout, ctx.Err())
		}
		if c.Accepted = err == nil && firstLine(checker) == closed; !c.Accepted {
			c.Output = strings.TrimSpace(out + "\n" + checker)
			c.Exhausted = killed(err)
		}
	}
	c.Exhausted = c.Exhausted || killed(err)
	for _, e := range exhaustion {
		c.Exhausted = c.Exhausted || !c.Compiled && strings.Contains(out, e)
	}
	return c, nil
}

// closedCharacterization reports whether coqc's output says that the
// certificate's theorem characterization rests on no assumption: the text
// prints assumptions once, of characterization, as its last command, and
// coqc's last line is that verdict (another Print Assumptions, of an
// other theorem, could print it).
func closedCharacterization(text, out string) bool {
	const last = "Print Assumptions characterization."
	return strings.Count(text, "Print Assumptions") == 1 && strings.HasSuffix(strings.TrimSpace(text), last) &&
		lastLine(out) == closed
}

// killed reports whether coqc's run ended by a signal (the kernel's
// out-of-memory killer, or someone's kill), not by an exit of its own.
func killed(err error) bool {
	var exit *exec.ExitError
	return errors.As(err, &exit) && exit.ExitCode() == -1
}

// firstLine is the first line of coqc's output, without blanks around it.
func firstLine(out string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(out), "\n")
	return strings.TrimSpace(line)
}

// lastLine is the last line of coqc's output, without blanks around it.
func lastLine(out string) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// run runs coqc on file in dir, the folder mapped to Coq's root so that
// "Require Import Nimlab" finds the library; with no .glob file, which
// lists every reference to a name (for coqdoc): CN(8,6)'s would be 62 MB,
// for the constants its split names.
func run(ctx context.Context, coqc, dir, file string) (string, error) {
	cmd := exec.CommandContext(ctx, coqc, "-q", "-no-glob", "-Q", ".", "", file)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	return strings.TrimSpace(out.String()), err
}
