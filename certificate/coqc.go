package certificate

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// library is Nimlab.v, the theorem every certificate rests on.
//
//go:embed coq/Nimlab.v
var library string

// LibraryName is the file name of the library a certificate requires, in
// the certificate's folder.
const LibraryName = "Nimlab.v"

// ErrNoCoq is returned when coqc is not installed.
var ErrNoCoq = errors.New("coqc is not installed (apt-get install coq)")

// closed is what "Print Assumptions" prints of a theorem that rests on no
// axiom: coqc's own words, the one verdict a certificate needs.
const closed = "Closed under the global context"

// Checked is what coqc made of a certificate.
type Checked struct {
	// Accepted: coqc compiled the certificate and found that its
	// characterization rests on no assumption.
	Accepted bool `json:"accepted"`
	// Compiled: coqc compiled the file (every proof in it checked).
	Compiled bool `json:"compiled"`
	// Seconds is coqc's time on the certificate (not the library).
	Seconds float64 `json:"seconds"`
	// Output is what coqc printed (its error when it rejected the file).
	Output string `json:"output,omitempty"`
}

// Save writes the certificate text as dir/name.v, and the library beside it.
// It returns the certificate's path.
func Save(dir, name, text string) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("certificate: %w", err)
	}
	lib := filepath.Join(dir, LibraryName)
	if old, err := os.ReadFile(lib); err != nil || string(old) != library {
		if err := os.WriteFile(lib, []byte(library), 0o644); err != nil {
			return "", fmt.Errorf("certificate: %w", err)
		}
	}
	path := filepath.Join(dir, name+".v")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		return "", fmt.Errorf("certificate: %w", err)
	}
	return path, nil
}

// Check runs coqc on the certificate at path, after the library beside it
// (Save), within timeout.
func Check(ctx context.Context, path string, timeout time.Duration) (*Checked, error) {
	coqc, err := exec.LookPath("coqc")
	if err != nil {
		return nil, ErrNoCoq
	}
	dir := filepath.Dir(path)
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if out, err := run(ctx, coqc, dir, LibraryName); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("certificate: coqc on %s: %w", LibraryName, ctx.Err())
		}
		return nil, fmt.Errorf("certificate: coqc rejected the library %s: %s", LibraryName, out)
	}
	start := time.Now()
	out, err := run(ctx, coqc, dir, filepath.Base(path))
	c := &Checked{Seconds: time.Since(start).Seconds(), Output: out}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("certificate: coqc on %s: no answer within %s: %w", path, timeout, ctx.Err())
	}
	c.Compiled = err == nil
	c.Accepted = c.Compiled && strings.Contains(out, closed)
	return c, nil
}

// run runs coqc on file in dir, the folder mapped to Coq's root so that
// "Require Import Nimlab" finds the library.
func run(ctx context.Context, coqc, dir, file string) (string, error) {
	cmd := exec.CommandContext(ctx, coqc, "-q", "-Q", ".", "", file)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	return strings.TrimSpace(out.String()), err
}
