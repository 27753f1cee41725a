package provetest_test

import (
	"testing"

	"github.com/nimlab/nimlab/prove/provetest"
)

func TestZ3(t *testing.T) {
	s := provetest.Z3(t)
	if s.Name != "z3" || s.Version == "" {
		t.Errorf("%+v", s)
	}
}
