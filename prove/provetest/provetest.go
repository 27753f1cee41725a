// Package provetest gives tests an SMT solver: the installed z3, or a skip
// that names the package to install. With NIMLAB_PROVE_TESTS=1 (CI) a
// missing solver fails the test instead.
package provetest

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/nimlab/nimlab/prove"
)

// Z3 returns the installed z3, or skips tb when it is not installed (fails it
// when NIMLAB_PROVE_TESTS=1).
func Z3(tb testing.TB) *prove.Solver {
	tb.Helper()
	s, err := prove.FindSolver(context.Background(), "z3")
	if errors.Is(err, prove.ErrNoSolver) {
		if os.Getenv("NIMLAB_PROVE_TESTS") == "1" {
			tb.Fatal("NIMLAB_PROVE_TESTS=1 but z3 is missing: apt-get install z3")
		}
		tb.Skip("z3 is not installed (apt-get install z3); NIMLAB_PROVE_TESTS=1 makes this a failure")
	}
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// Long skips tb unless NIMLAB_LONG_TESTS=1: the prover's corpora take
// minutes, and the README's "go test ./..." must pass within Go's default
// ten minutes on a busy two-core machine. .ci/run sets it and runs them in a
// step of their own.
func Long(tb testing.TB) {
	tb.Helper()
	if os.Getenv("NIMLAB_LONG_TESTS") != "1" {
		tb.Skip("a long corpus: NIMLAB_LONG_TESTS=1 runs it (as .ci/run does)")
	}
}
