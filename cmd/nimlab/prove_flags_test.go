package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nimlab/nimlab/atlas"
	"github.com/nimlab/nimlab/commands"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/prove/provetest"
)

// TestDiscoverProve: discover --prove proves what it found when it is exact
// on its box, says where the proof failed otherwise, and says nothing was
// proved of a description that is not exact.
func TestDiscoverProve(t *testing.T) {
	provetest.Z3(t)
	for _, tt := range []struct {
		args  []string
		want  string // proof.result; "" for a proof that is null
		text  string // a line of the text report
		ceMin int    // the counterexample's largest pile is above this
	}{
		{[]string{"cn:6,3", "--max", "5"}, prove.Proved.String(), "proof         proved for every position (presburger arithmetic)", -1},
		{[]string{"cn:5,3", "--max", "1", "--verify-max", "1"}, prove.Refuted.String(), "proof         refuted: exact on the box, but not for every position", 1},
		// xor on four piles: proved with the moves prove learns.
		{[]string{"cn:4,1", "--max", "2"}, prove.Proved.String(), "proof         proved for every position (presburger arithmetic with the nim-sum's lemmas)", -1},
		// CN(6,4): its own (II) has no answer in minutes; it is proved
		// through Dufour–Heubach 2013, Theorem 3.5, which it restates.
		{[]string{"cn:6,4", "--max", "5"}, prove.Proved.String(), "              (II) as theorem cn64 (", -1},
		// ECN(6_{1,3},2): (II) takes longer than a second.
		{[]string{"ecn:6,{1,3},2", "--max", "4", "--prove-timeout", "1s"}, prove.Undecided.String(), "proof         unknown: (", -1},
		{[]string{"path:5,2", "--max", "2"}, "", "proof         not attempted: the description is not exact on the box", -1},
	} {
		args := append(append([]string{"discover"}, tt.args...), "--prove")
		var v map[string]any
		if tt.want == "" {
			// Not exact: the whole result, then the verdict (exit status 1).
			out, err := run(t, append(args, "--json")...)
			if commands.ExitCode(err) != 1 || json.Unmarshal([]byte(out), &v) != nil {
				t.Errorf("%v: exit status %d (%v), output %q; want the result and exit status 1", args, commands.ExitCode(err), err, out)
				continue
			}
		} else {
			v = runJSON(t, append(args, "--json")...)
		}
		proof, has := v["proof"]
		if !has {
			t.Errorf("%v: no proof in %v", args, v)
			continue
		}
		if tt.want == "" {
			if proof != nil || v["exact"] != false {
				t.Errorf("%v: exact %v, proof %v; want no proof", args, v["exact"], proof)
			}
		} else {
			p, _ := proof.(map[string]any)
			if p["result"] != tt.want || p["expression"] != v["expr"] || v["exact"] != true {
				t.Errorf("%v: exact %v, proof %v; want %s of %q", args, v["exact"], proof, tt.want, v["expr"])
			}
			if ec, _ := p["engine_check"].(map[string]any); tt.want == prove.Proved.String() && (ec == nil || ec["max"].(float64) < 2) {
				t.Errorf("%v: engine_check %v; want a box the engine confirmed", args, p["engine_check"])
			}
			ce, _ := p["counterexample"].(map[string]any)
			if (tt.want == prove.Refuted.String()) != (ce != nil) {
				t.Errorf("%v: counterexample %v", args, p["counterexample"])
			}
			if ce != nil {
				top := 0.0
				for _, x := range ce["position"].([]any) {
					top = max(top, x.(float64))
				}
				if ce["checked"] != "engine" || top <= float64(tt.ceMin) {
					t.Errorf("%v: counterexample %v, exact up to %v", args, ce, v["verified_max"])
				}
			}
		}
		out, err := run(t, args...)
		if (err != nil) != (tt.want == "") || !strings.Contains(out, tt.text) {
			t.Errorf("%v: %v\n%s\nwant a line %q", args, err, out, tt.text)
		}
	}
	// Without --prove, the JSON has no proof.
	if v := runJSON(t, "discover", "cn:4,2", "--max", "3", "--json"); v["proof"] != nil {
		t.Errorf("discover without --prove: proof %v", v["proof"])
	}
}

// TestProveFlagsWithoutSolver: without z3 on the PATH, --prove says which
// package to install, and neither command computes anything first.
func TestProveFlagsWithoutSolver(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	dir := t.TempDir()
	for _, args := range [][]string{
		{"discover", "cn:6,3", "--max", "5", "--prove"},
		{"atlas", "cn:3..3", "--max", "2", "--out", dir, "--prove"},
	} {
		out, err := run(t, args...)
		if err == nil || !strings.Contains(err.Error(), "apt-get install z3") || !errors.Is(err, prove.ErrNoSolver) {
			t.Errorf("%v: %v\n%s", args, err, out)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("atlas --prove without a solver wrote %d files", len(entries))
	}
	if _, err := run(t, "atlas", "cn:3..3", "--max", "2", "--out", dir, "--prove", "--discover=false"); err == nil || !strings.Contains(err.Error(), "--discover=false") {
		t.Errorf("atlas --prove --discover=false: %v", err)
	}
}

// TestAtlasProve surveys a tiny family with --prove: the column proved
// says what became of each exact description, the report shows it, and the
// journal records --prove and its timeout, so that a restart must give the
// same.
func TestAtlasProve(t *testing.T) {
	provetest.Z3(t)
	dir := t.TempDir()
	family := "cn:3,2;cn:4,1;cn:4,2;slow:4,3;cn:6,2"
	args := []string{"atlas", family, "--max", "5", "--out", dir, "--prove", "--prove-timeout", "1s"}
	out, err := run(t, args...)
	if err != nil {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	want := map[string]string{
		"cn:3,2":   prove.Proved.String(),
		"cn:4,1":   prove.Proved.String(), // xor on four piles, with the moves prove learns
		"cn:4,2":   prove.Proved.String(),
		"slow:4,3": prove.Undecided.String(), // NIM(4,3): (II) takes longer than a second
		"cn:6,2":   "",                       // no description: nothing to prove
	}
	rows := atlasRows(t, dir)
	if len(rows) != len(want) {
		t.Fatalf("%d rows", len(rows))
	}
	for _, r := range rows {
		if r.Proved != want[r.Game] || (r.Proved != "") != r.Exact {
			t.Errorf("%s: exact %v, proved %q; want %q", r.Game, r.Exact, r.Proved, want[r.Game])
		}
	}
	if !strings.Contains(out, "exact to  proved") || !strings.Contains(out, "slow:4,3") || !strings.Contains(out, "unknown") {
		t.Errorf("the report has no column proved:\n%s", out)
	}
	journal, _, _ := atlas.Paths(dir, atlas.Shard{I: 0, N: 1})
	data, err := os.ReadFile(journal)
	if err != nil {
		t.Fatal(err)
	}
	if head, _, _ := strings.Cut(string(data), "\n"); !strings.Contains(head, `"prove":true,"prove_timeout":"1s"`) {
		t.Errorf("the journal's head %s does not record --prove", head)
	}
	// The same survey again: every game is done; another is refused.
	if out, err := run(t, args...); err != nil || !strings.Contains(out, "already done cn:6,2") {
		t.Errorf("the same survey again: %v\n%s", err, out)
	}
	for _, other := range [][]string{
		{"atlas", family, "--max", "5", "--out", dir},
		{"atlas", family, "--max", "5", "--out", dir, "--prove", "--prove-timeout", "2s"},
	} {
		if _, err := run(t, other...); err == nil || !strings.Contains(err.Error(), "another survey") {
			t.Errorf("%v in the directory of a survey with --prove: %v", other[5:], err)
		}
	}
	// A survey without --prove has no column proved, and its journal's head
	// is as before --prove was.
	plain := t.TempDir()
	out, err = run(t, "atlas", "cn:3,2", "--max", "2", "--out", plain)
	if err != nil || strings.Contains(out, "proved") {
		t.Errorf("atlas without --prove: %v\n%s", err, out)
	}
	journal, _, _ = atlas.Paths(plain, atlas.Shard{I: 0, N: 1})
	if data, _ := os.ReadFile(journal); !strings.HasPrefix(string(data), `{"family":"cn:3,2","max":2,"shard":"0/1"}`+"\n") {
		t.Errorf("the journal without --prove starts %.100s", data)
	}
}

// withoutSeconds drops every "seconds" field, at any depth.
func withoutSeconds(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if k == "seconds" {
				delete(v, k)
			} else {
				v[k] = withoutSeconds(x)
			}
		}
	case []any:
		for i, x := range v {
			v[i] = withoutSeconds(x)
		}
	}
	return v
}

// TestAPIProve: /api/prove answers what "nimlab prove --json" prints (but
// the times), a refutation too (its status 200: the JSON says it), and a
// timeout past the server's limit is refused.
func TestAPIProve(t *testing.T) {
	provetest.Z3(t)
	srv := testServer(t, "")
	for _, tt := range []struct {
		expr, want string
	}{
		{"a+b == d+e && b+c == e+f", prove.Proved.String()},
		{"a+b == d+e", prove.Refuted.String()},
	} {
		status, _, body := get(t, srv.URL+"/api/prove?game=cn:6,3&expr="+url.QueryEscape(tt.expr))
		if status != http.StatusOK {
			t.Fatalf("%s: status %d: %s", tt.expr, status, body)
		}
		out, _ := run(t, "prove", "cn:6,3", "--expr", tt.expr, "--json")
		var api, cli map[string]any
		if err := json.Unmarshal(body, &api); err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		if err := json.Unmarshal([]byte(out), &cli); err != nil {
			t.Fatalf("%s: %v", out, err)
		}
		withoutSeconds(api)
		withoutSeconds(cli)
		// Beside the JSON, the text nimlab prove prints (its times differ).
		if text, _ := api["text"].(string); !strings.Contains(text, "cn:6,3") {
			t.Errorf("%s: the text %q", tt.expr, api["text"])
		}
		delete(api, "text")
		if api["result"] != tt.want {
			t.Errorf("%s: %v; want %s", tt.expr, api["result"], tt.want)
		}
		if tt.want == prove.Refuted.String() {
			// Which conditions were asked to the end is a race, and so
			// is whether the theorem's set (equivalence, asked beside
			// (I)) was: the counterexample is not.
			for _, k := range []string{"conditions", "reason", "equivalence"} {
				delete(api, k)
				delete(cli, k)
			}
		}
		if !reflect.DeepEqual(api, cli) {
			t.Errorf("/api/prove of %q differs from nimlab prove --json:\napi %v\ncli %v", tt.expr, api, cli)
		}
	}
	status, _, body := get(t, srv.URL+"/api/prove?game=cn:6,3&expr=a==b&timeout=2m")
	if status != http.StatusUnprocessableEntity || !strings.Contains(string(body), "server's limit") {
		t.Errorf("a timeout past the server's: %d %s", status, body)
	}
}

// solverProcesses lists the z3 processes this process started.
func solverProcesses(t *testing.T) []int {
	t.Helper()
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var pids []int
	for _, s := range stats {
		data, err := os.ReadFile(s)
		if err != nil {
			continue // gone
		}
		// pid (comm) state ppid ...
		lp, rp := strings.IndexByte(string(data), '('), strings.LastIndexByte(string(data), ')')
		if lp < 0 || rp < lp {
			continue
		}
		fields := strings.Fields(string(data[rp+1:]))
		if len(fields) < 2 || string(data[lp+1:rp]) != "z3" {
			continue
		}
		if ppid, _ := strconv.Atoi(fields[1]); ppid == os.Getpid() {
			pid, _ := strconv.Atoi(strings.TrimSpace(string(data[:lp])))
			pids = append(pids, pid)
		}
	}
	return pids
}

// TestAPIProveStopsTheSolver: a client that goes away in the middle of a
// long proof stops the solver's processes, and frees the client.
func TestAPIProveStopsTheSolver(t *testing.T) {
	provetest.Z3(t)
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc to see the solver's processes in")
	}
	srv := testServer(t, "")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// ECN(6_{1,3},2): (II) runs for far longer than the test.
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/prove?game="+url.QueryEscape("ecn:6,{1,3},2")+"&timeout=50s&expr="+
		url.QueryEscape("xor(a, c, e) == 0 && xor(b, d, f) == 0"), nil)
	done := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			err = errors.New("the proof answered " + resp.Status)
		}
		done <- err
	}()
	deadline := time.Now().Add(10 * time.Second)
	for len(solverProcesses(t)) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no z3 process started")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if status, _, body := get(t, srv.URL+"/api/prove?game=cn:4,2&expr=a==c"); status != http.StatusTooManyRequests {
		t.Errorf("a second proof of the client: %d %s; want 429", status, body)
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("the request: %v", err)
	}
	deadline = time.Now().Add(5 * time.Second)
	for {
		pids := solverProcesses(t)
		if len(pids) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("z3 still runs 5 s after the client went away: %v", pids)
		}
		time.Sleep(20 * time.Millisecond)
	}
	deadline = time.Now().Add(5 * time.Second)
	for {
		status, _, _ := get(t, srv.URL+"/api/prove?game=cn:4,2&expr=a==c%26%26b==d")
		if status == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the proof of a client that went away still holds it: %d", status)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestLabProve: on the Check page, Prove proves CN(6,3)'s characterization
// and refutes a part of it with a counterexample.
func TestLabProve(t *testing.T) {
	provetest.Z3(t)
	ctx, base := browser(t)
	var proved, provedReport, refuted, refutedReport, link string
	err := chromedp.Run(ctx,
		chromedp.Navigate(base+"/#check"),
		chromedp.WaitVisible("#prove", chromedp.ByID),
		chromedp.SetValue("#check-spec", "cn:6,3", chromedp.ByID),
		chromedp.SetValue("#expr", "a+b == d+e && b+c == e+f", chromedp.ByID),
		chromedp.Click("#prove", chromedp.ByID),
		chromedp.Poll(`document.getElementById("verdict").textContent.startsWith("proved")`, nil),
		chromedp.Text("#verdict", &proved, chromedp.ByID),
		chromedp.Text("#check-report", &provedReport, chromedp.ByID),
		chromedp.SetValue("#expr", "a+b == d+e", chromedp.ByID),
		chromedp.Click("#prove", chromedp.ByID),
		chromedp.Poll(`document.getElementById("verdict").textContent.startsWith("refuted")`, nil),
		chromedp.Text("#verdict", &refuted, chromedp.ByID),
		chromedp.Text("#check-report", &refutedReport, chromedp.ByID),
		chromedp.Text("#check-links", &link, chromedp.ByID),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(proved, "every position (presburger arithmetic)") || !strings.Contains(provedReport, "(I)    unsat") || !strings.Contains(provedReport, "(II)   unsat") ||
		!strings.Contains(provedReport, "solver      z3") || !strings.Contains(provedReport, "checked     the engine's table agrees on every position with piles up to") {
		t.Errorf("proved: %q\n%s", proved, provedReport)
	}
	if !strings.Contains(refutedReport, "counterexample to (") || !strings.Contains(refutedReport, "confirmed by nimlab's move generator") ||
		!strings.HasPrefix(link, "look at (") {
		t.Errorf("refuted: %q\n%s\nlink %q", refuted, refutedReport, link)
	}
}

// TestProveCertificate: prove --certificate writes the proof's Coq file,
// has coqc check it and says so (text and JSON); Bouton's theorem is
// certified with NimSum.v beside Nimlab.v, Moore's with Moore.v; a claim
// with other binary digits (CN(6,4)'s nim-sum of minima) says it has no
// certificate and why; a refuted claim writes none.
func TestProveCertificate(t *testing.T) {
	provetest.Z3(t)
	dir := t.TempDir()
	v := runJSON(t, "prove", "cn:4,2", "--theorem", "cn42", "--certificate", dir, "--json")
	c, _ := v["certificate"].(map[string]any)
	want := "certified"
	if _, err := exec.LookPath("coqc"); err != nil {
		want = "unchecked"
	}
	if c["status"] != want {
		t.Fatalf("certificate %v; want %s", c, want)
	}
	path, _ := c["path"].(string)
	if _, err := os.Stat(filepath.Join(filepath.Dir(path), "Nimlab.v")); err != nil || filepath.Dir(path) != dir {
		t.Errorf("certificate at %q: %v", path, err)
	}
	out, err := run(t, "prove", "cn:4,2", "--theorem", "cn42", "--certificate", dir)
	if err != nil || !strings.Contains(out, "certificate "+want) || !strings.Contains(out, "check it: cd "+dir) {
		t.Errorf("%v: %s", err, out)
	}
	v = runJSON(t, "prove", "nim:3", "--theorem", "nim", "--certificate", dir, "--json")
	if c, _ := v["certificate"].(map[string]any); c["status"] != want || fmt.Sprint(c["libraries"]) != "[Nimlab.v NimSum.v]" {
		t.Errorf("nim:3: certificate %v", v["certificate"])
	}
	if _, err := os.Stat(filepath.Join(dir, "NimSum.v")); err != nil {
		t.Errorf("nim:3: NimSum.v not beside the certificate: %v", err)
	}
	out, err = run(t, "prove", "nim:3", "--theorem", "nim", "--certificate", dir)
	if err != nil || !strings.Contains(out, `check it: cd `+dir+` && coqc -Q . "" Nimlab.v > /dev/null && coqc -Q . "" NimSum.v > /dev/null && coqc -Q . "" nimlab_nim_nim_3.v > /dev/null && coqc -Q . "" check_nimlab_nim_nim_3.v`) {
		t.Errorf("nim:3: %v: %s", err, out)
	}
	v = runJSON(t, "prove", "moore:3,2", "--theorem", "moore", "--certificate", dir, "--json")
	if c, _ := v["certificate"].(map[string]any); c["status"] != want || fmt.Sprint(c["libraries"]) != "[Nimlab.v Moore.v]" {
		t.Errorf("moore:3,2: certificate %v", v["certificate"])
	}
	if _, err := os.Stat(filepath.Join(dir, "Moore.v")); err != nil {
		t.Errorf("moore:3,2: Moore.v not beside the certificate: %v", err)
	}
	v = runJSON(t, "prove", "cn:6,4", "--theorem", "cn64", "--certificate", dir, "--json")
	if c, _ := v["certificate"].(map[string]any); c["status"] != "not_certifiable" || c["reason"] != "digits" {
		t.Errorf("cn:6,4: certificate %v", v["certificate"])
	}
	v = runJSON(t, "discover", "cn:4,2", "--max", "4", "--prove", "--certificate", dir, "--json")
	if c, _ := v["certificate"].(map[string]any); c["status"] != want {
		t.Errorf("discover --prove --certificate: certificate %v; want %s", v["certificate"], want)
	}
	out, _ = run(t, "prove", "cn:6,3", "--expr", "a+b == d+e", "--certificate", dir, "--json")
	if strings.Contains(out, `"certificate"`) {
		t.Errorf("a refuted claim has a certificate: %s", out)
	}
}

// TestCertificateFolderCheckedFirst: a --certificate folder that cannot be
// written (a file stands there) is said before anything is proved, by
// prove and by discover, as a usage error naming the flag.
func TestCertificateFolderCheckedFirst(t *testing.T) {
	file := filepath.Join(t.TempDir(), "afile")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"prove", "nim:2", "--theorem", "nim", "--certificate", file},
		{"prove", "nim:2", "--theorem", "nim", "--certificate", filepath.Join(file, "sub")},
		{"discover", "nim:2", "--max", "3", "--prove", "--certificate", file},
	} {
		out, err := run(t, args...)
		if err == nil || !strings.Contains(err.Error(), "--certificate") || !strings.Contains(err.Error(), "folder") || strings.Contains(out, "proved") {
			t.Errorf("%v: %v\n%s", args, err, out)
		}
	}
}

// TestCertificateTimeout: --certificate-timeout gives coqc the time asked
// for (a certificate checked within it), and is refused, before anything
// is proved, when it is not more than 0 or comes without --certificate.
func TestCertificateTimeout(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args []string
		fail string // what the error says, or "" when it succeeds
	}{
		{[]string{"prove", "nim:2", "--theorem", "nim", "--certificate", dir, "--certificate-timeout", "5m"}, ""},
		{[]string{"prove", "nim:2", "--theorem", "nim", "--certificate", dir, "--certificate-timeout", "0"}, "more than 0"},
		{[]string{"prove", "nim:2", "--theorem", "nim", "--certificate", dir, "--certificate-timeout", "-1s"}, "more than 0"},
		{[]string{"prove", "nim:2", "--theorem", "nim", "--certificate-timeout", "5m"}, "give --certificate too"},
		{[]string{"discover", "nim:2", "--max", "3", "--prove", "--certificate-timeout", "5m"}, "give --certificate too"},
		{[]string{"discover", "nim:2", "--max", "3", "--prove", "--certificate", dir, "--certificate-timeout", "0s"}, "more than 0"},
	}
	for _, tt := range tests {
		out, err := run(t, tt.args...)
		switch {
		case tt.fail == "" && (err != nil || !strings.Contains(out, "certificate")):
			t.Errorf("%v: %v\n%s", tt.args, err, out)
		case tt.fail != "" && (err == nil || !strings.Contains(err.Error(), tt.fail) || !strings.Contains(err.Error(), "--certificate-timeout") || strings.Contains(out, "proved")):
			t.Errorf("%v: %v, want an error saying %q\n%s", tt.args, err, tt.fail, out)
		}
	}
}

// TestProveSameAs: --same-as decides (II) through another statement of the
// set, about every position or, in brackets, about the claim's region;
// one that differs is said so; malformed ones are refused before proving.
func TestProveSameAs(t *testing.T) {
	provetest.Z3(t)
	served := func(v map[string]any) []string {
		var names []string
		steps, _ := v["equivalence"].([]any)
		for _, s := range steps {
			if st := s.(map[string]any); st["scope"] != nil {
				names = append(names, st["name"].(string))
			}
		}
		return names
	}
	region := []string{"prove", "cn:6,2", "--where", "a == 0 && d == 0", "--expr", "b + c == e + f", "--no-learn", "--json"}
	v := runJSON(t, append(region, "--same-as", "[a == 0 && d == 0] e + f == c + b")...)
	if got := served(v); v["result"] != "proved" || !reflect.DeepEqual(got, []string{"--same-as [a == 0 && d == 0]"}) {
		t.Errorf("in a region: %v, served %v", v["result"], got)
	}
	v = runJSON(t, append(region, "--same-as", "[a == 0 && d == 0] e + f == c + b + 1", "--same-as", "e + f == c + b")...)
	steps, _ := v["equivalence"].([]any)
	if v["result"] != "proved" || len(served(v)) != 0 || len(steps) != 2 || steps[0].(map[string]any)["same"] != "sat" ||
		!strings.Contains(steps[0].(map[string]any)["reason"].(string), "they differ at (0,") ||
		!strings.Contains(steps[1].(map[string]any)["reason"].(string), "another region") {
		t.Errorf("a statement that differs, and one about every position: %v, steps %v; want both said and left aside", v["result"], steps)
	}
	// --no-theorems: CN(6,4) as discover writes it, from the claim alone.
	cn64 := "sym(a <= min(b, c, d, e, f) && a + b == d + e && a + f == c + d && xor(a, c, e) == 0)"
	out, err := run(t, "prove", "cn:6,4", "--expr", cn64, "--no-theorems", "--no-learn", "--timeout", "1s", "--json")
	if err == nil || strings.Contains(out, "equivalence") {
		t.Errorf("--no-theorems: %v, %s; want no theorem offered and no proof within a second", err, out)
	}
	// discover's prove it line gives the proof's timeout.
	if out, err := run(t, "discover", "cn:6,3", "--max", "4", "--prove", "--prove-timeout", "30s"); err != nil || !strings.Contains(out, "--timeout 30s") {
		t.Errorf("discover --prove-timeout 30s: %v\n%s\nwant its prove it line to say --timeout 30s", err, out)
	}
	for _, bad := range []string{"[a == 0 && d == 0", "[] a == b", "[a == 0] ", "a +", "[a +] a == b", "  "} {
		out, err := run(t, append(region, "--same-as", bad)...)
		var request *commands.RequestError
		if !errors.As(err, &request) || !strings.Contains(err.Error(), "--same-as") || out != "" {
			t.Errorf("--same-as %q: %v, output %q; want a usage error naming --same-as, before any proof", bad, err, out)
		}
	}
}
