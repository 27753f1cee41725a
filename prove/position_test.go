package prove

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/nimlab/nimlab/check"
)

// TestFindPositionAmong: a satisfiable conjunction gives a position where
// every part holds; an unsatisfiable one gives unsat and a core that holds
// the parts that contradict each other, is itself unsatisfiable and is
// minimal, with both solvers where they are installed.
func TestFindPositionAmong(t *testing.T) {
	solvers := []*Solver{solver(t)}
	if s := optionalCVC5(t); s != nil {
		solvers = append(solvers, s)
	}
	tests := []struct {
		parts []string
		sat   bool
		need  []int // parts every core must hold
	}{
		{[]string{"a >= 5", "b == a + 1"}, true, nil},
		{[]string{"a >= 5", "b >= 3", "a < 5"}, false, []int{0, 2}},
		{[]string{"a + b == 7", "c == 2 * a", "a - b == 2"}, false, []int{0, 2}},
		{[]string{"b > c", "a == min(b, c)", "a > c"}, false, []int{1, 2}},
	}
	for _, s := range solvers {
		for _, tt := range tests {
			exprs := compileAll(t, tt.parts)
			p, r, core, err := FindPositionAmong(context.Background(), s, exprs, 3, 20*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			if tt.sat {
				if r.Answer != Sat {
					t.Errorf("%s %v: %s, want sat", s.Name, tt.parts, r.Answer)
					continue
				}
				for i, e := range exprs {
					if !e.Evaluator()(p) {
						t.Errorf("%s %v: part %d false at %v", s.Name, tt.parts, i, p)
					}
				}
				continue
			}
			if r.Answer != Unsat {
				t.Errorf("%s %v: %s, want unsat", s.Name, tt.parts, r.Answer)
				continue
			}
			if core == nil {
				t.Errorf("%s %v: no core", s.Name, tt.parts)
				continue
			}
			for _, k := range tt.need {
				if !slices.Contains(core, k) {
					t.Errorf("%s %v: core %v lacks part %d", s.Name, tt.parts, core, k)
				}
			}
			var kept []*check.Expr
			for _, k := range core {
				kept = append(kept, exprs[k])
			}
			if _, r, _, err := FindPositionAmong(context.Background(), s, kept, 3, 20*time.Second); err != nil || r.Answer != Unsat {
				t.Errorf("%s %v: the core %v alone is %s (%v)", s.Name, tt.parts, core, r.Answer, err)
			}
			// Minimal: without any one of its parts, the core is sat.
			for i := range kept {
				fewer := append(slices.Clone(kept[:i]), kept[i+1:]...)
				if _, r, _, err := FindPositionAmong(context.Background(), s, fewer, 3, 20*time.Second); err != nil || r.Answer != Sat {
					t.Errorf("%s %v: the core %v without part %d is %s (%v), not sat", s.Name, tt.parts, core, core[i], r.Answer, err)
				}
			}
		}
	}
}

func compileAll(t *testing.T, srcs []string) []*check.Expr {
	t.Helper()
	out := make([]*check.Expr, len(srcs))
	for i, src := range srcs {
		e, err := check.Compile(src, 3, nil)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = e
	}
	return out
}

// TestCoreIndices: names that are not partK below n mean no core.
func TestCoreIndices(t *testing.T) {
	tests := []struct {
		core []string
		want []int
	}{
		{nil, nil},
		{[]string{"part2", "part0"}, []int{0, 2}},
		{[]string{"part3"}, nil},
		{[]string{"x"}, nil},
		{[]string{"part-1"}, nil},
	}
	for _, tt := range tests {
		if got := coreIndices(tt.core, 3); !slices.Equal(got, tt.want) {
			t.Errorf("coreIndices(%v) = %v, want %v", tt.core, got, tt.want)
		}
	}
}
