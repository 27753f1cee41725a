package certificate

import (
	"math/big"
	"testing"

	"pgregory.net/rapid"
)

// TestFarkas: on random small systems, farkas returns weights that refute
// the system (checked as Reflect.v's weigh and negative check them) or
// a point that satisfies it, never neither.
func TestFarkas(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		nv := rapid.IntRange(1, 3).Draw(t, "variables")
		n := rapid.IntRange(1, 6).Draw(t, "constraints")
		cs := make([]linConstraint, n)
		for i := range cs {
			form := make(linForm, nv+1)
			huge := rapid.IntRange(0, 4).Draw(t, "huge") == 0 // past int64 in the simplex
			for j := range form {
				form[j] = big.NewInt(int64(rapid.IntRange(-3, 3).Draw(t, "coefficient")))
				if huge {
					form[j].Mul(form[j], big.NewInt(1<<61+1))
				}
			}
			cs[i] = linConstraint{form: form, zero: rapid.IntRange(0, 3).Draw(t, "kind") == 0}
		}
		weights, point := farkas(cs, nv)
		switch {
		case weights != nil:
			if len(weights) != len(cs) {
				t.Fatalf("%d weights for %d constraints", len(weights), len(cs))
			}
			sum := linForm{new(big.Int)}
			for i, c := range cs {
				if !c.zero && weights[i].Sign() < 0 {
					t.Fatalf("weight %v < 0 on an inequality", weights[i])
				}
				sum = sum.add(c.form.scale(weights[i]))
			}
			k, ok := sum.constant()
			if !ok || k.Sign() >= 0 {
				t.Fatalf("weights %v sum to %v, not a negative constant", weights, sum)
			}
		case point != nil:
			for _, c := range cs {
				v := evalForm(c.form, point)
				if c.zero && v.Sign() != 0 || !c.zero && v.Sign() < 0 {
					t.Fatalf("the point %v breaks %v (value %v)", point, c, v)
				}
			}
		default:
			t.Fatal("neither weights nor a point")
		}
	})
}

// TestFarkasRefutes: x >= 1, y >= x, 0 >= y (refuted), and 2 x = 1 with
// 0 <= x (satisfied by x = 1/2 over the rationals).
func TestFarkasRefutes(t *testing.T) {
	form := func(cs ...int64) linForm {
		l := make(linForm, len(cs))
		for i, c := range cs {
			l[i] = big.NewInt(c)
		}
		return l
	}
	weights, _ := farkas([]linConstraint{{form: form(-1, 1, 0)}, {form: form(0, -1, 1)}, {form: form(0, 0, -1)}}, 2)
	if weights == nil {
		t.Error("x >= 1, y >= x, 0 >= y: no refutation")
	}
	weights, point := farkas([]linConstraint{{form: form(-1, 2), zero: true}, {form: form(0, 1)}}, 1)
	if weights != nil || point == nil || point[0].Cmp(big.NewRat(1, 2)) != 0 {
		t.Errorf("2 x = 1, x >= 0: weights %v, point %v; want the point 1/2", weights, point)
	}
}

// TestQ: the rationals of the simplex compute what big.Rat does, past
// int64 too.
func TestQ(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		draw := func(label string) *big.Rat {
			n := rapid.Int64().Draw(t, label+" numerator")
			d := rapid.Int64Range(1, 1<<62).Draw(t, label+" denominator")
			if rapid.Bool().Draw(t, label+" small") {
				n, d = n%100, d%100+1
			}
			return big.NewRat(n, d)
		}
		x, y := draw("x"), draw("y")
		a, b := ratQ(x), ratQ(y)
		check := func(op string, got q, want *big.Rat) {
			if got.rat().Cmp(want) != 0 {
				t.Fatalf("%v %s %v = %v, want %v", x, op, y, got.rat(), want)
			}
		}
		check("*", a.mul(b), new(big.Rat).Mul(x, y))
		check("-", a.sub(b), new(big.Rat).Sub(x, y))
		check("neg", a.neg(), new(big.Rat).Neg(x))
		if y.Sign() != 0 {
			check("/", a.div(b), new(big.Rat).Quo(x, y))
		}
		if a.cmp(b) != x.Cmp(y) || a.sign() != x.Sign() {
			t.Fatalf("cmp(%v, %v) = %d, sign %d", x, y, a.cmp(b), a.sign())
		}
	})
}
