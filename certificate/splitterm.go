package certificate

import (
	"fmt"
	"math/big"
	"strings"
)

// The split as a Coq term (Reflect.v's decision), its numbers named:
// Coq's elaborator reads a number through its number notation in about
// 50 µs, a constant in under 10 (measured: 100,000 small numbers in a
// list, 9.2 s against 5.4 s for as many constants, 4.6 s for as many
// constructors), and CN(8,6)'s split holds 570,000 numbers, mostly the
// Farkas weights and the indices of the constraints they weigh (27 s of
// its elaboration). Each value the split names is defined once, N_12 : N
// or Z_12, Z_m12 : Z, and the split names the constant.

// splitWriter writes a split's term and the numbers it names.
type splitWriter struct {
	b     strings.Builder
	named map[string]bool
	defs  strings.Builder
}

// splitTerm returns the definitions of the numbers the split t names,
// then the definition of split_tree.
func splitTerm(t *splitTree) string {
	w := &splitWriter{named: map[string]bool{}}
	w.tree(t)
	return "(* The numbers the split names, one constant each (read faster than\n   numbers by Coq's elaborator). *)\n" +
		w.defs.String() + "\nDefinition split_tree : decision :=\n " + w.b.String() + ".\n\n"
}

// natural names the natural number k (an N).
func (w *splitWriter) natural(k *big.Int) string {
	name := "N_" + k.String()
	if !w.named[name] {
		w.named[name] = true
		fmt.Fprintf(&w.defs, "Definition %s : N := %s%%N.\n", name, k)
	}
	return name
}

// small names the natural number k.
func (w *splitWriter) small(k int) string { return w.natural(big.NewInt(int64(k))) }

// integer names the integer k (a Z).
func (w *splitWriter) integer(k *big.Int) string {
	name := "Z_" + k.String()
	if k.Sign() < 0 {
		name = "Z_m" + new(big.Int).Neg(k).String()
	}
	if !w.named[name] {
		w.named[name] = true
		fmt.Fprintf(&w.defs, "Definition %s : Z := (%s)%%Z.\n", name, k)
	}
	return name
}

// tree writes the split (Reflect.v's decision).
func (w *splitWriter) tree(t *splitTree) {
	b := &w.b
	switch {
	case t.cond != nil:
		b.WriteString("(Cond ")
		w.formula(t.cond)
		b.WriteString("\n ")
		w.tree(t.yes)
		b.WriteString("\n ")
		w.tree(t.no)
		b.WriteString(")")
	case t.inS:
		b.WriteString("(InS ")
		w.bools(t.path)
		w.leafCert(t)
		b.WriteString(")")
	default:
		b.WriteString("(Move (")
		for _, z := range t.ws {
			w.term(z)
			b.WriteString(" :: ")
		}
		b.WriteString("@nil zt) ")
		w.bools(t.path)
		w.leafCert(t)
		b.WriteString(")")
	}
}

// openCert is the certificate of an open leaf: one check refuses (an
// empty sum is not negative), so that the leaf is among open_goals.
const openCert = "(Farkas WNil)"

// leafCert writes the leaf's certificate, or openCert.
func (w *splitWriter) leafCert(t *splitTree) {
	w.b.WriteByte(' ')
	if t.cert == nil {
		w.b.WriteString(openCert)
		return
	}
	w.cert(t.cert)
}

// bools writes a list of booleans.
func (w *splitWriter) bools(path []bool) {
	w.b.WriteString("(")
	for _, x := range path {
		fmt.Fprintf(&w.b, "%t :: ", x)
	}
	w.b.WriteString("@nil bool)")
}

// apply writes the application of a constructor to its arguments, each
// written by a function.
func (w *splitWriter) apply(name string, args ...func()) {
	w.b.WriteString("(" + name)
	for _, arg := range args {
		w.b.WriteByte(' ')
		arg()
	}
	w.b.WriteByte(')')
}

// term writes a term (Reflect.v's zt).
func (w *splitWriter) term(t *zt) {
	switch t.op {
	case 'v':
		w.b.WriteString("(V " + w.small(t.v) + ")")
	case 'k':
		w.b.WriteString("(K " + w.integer(t.k) + ")")
	case '~':
		w.apply("Opp", func() { w.term(t.a) })
	default:
		w.apply(map[byte]string{'+': "Add", '-': "Sub", '*': "Mul"}[t.op], func() { w.term(t.a) }, func() { w.term(t.b) })
	}
}

// formula writes a formula (Reflect.v's fm).
func (w *splitWriter) formula(f *fm) {
	switch f.op {
	case "True":
		w.b.WriteString("Tr")
	case "~":
		w.apply("Not", func() { w.formula(f.f) })
	case "/\\", "\\/":
		w.apply(map[string]string{"/\\": "And", "\\/": "Or"}[f.op], func() { w.formula(f.f) }, func() { w.formula(f.g) })
	default:
		name := map[string]string{"<=": "FLe", "<": "FLt", "=": "FEq", ">=": "FGe", ">": "FGt"}[f.op]
		w.apply(name, func() { w.term(f.s) }, func() { w.term(f.t) })
	}
}

// cert writes a certificate (Reflect.v's cert).
func (w *splitWriter) cert(r *refutation) {
	b := &w.b
	switch r.kind {
	case 'f':
		b.WriteString("(Farkas ")
		closing := 1
		for i, x := range r.weights {
			if x.Sign() != 0 {
				b.WriteString("(W " + w.small(i) + " " + w.integer(x) + " ")
				closing++
			}
		}
		b.WriteString("WNil" + strings.Repeat(")", closing))
		return
	case 'd':
		fmt.Fprintf(b, "(SplitDef %s %t ", w.small(r.index), r.tie)
	case 'n':
		b.WriteString("(SplitNeq " + w.small(r.index) + " ")
	case 'o':
		b.WriteString("(SplitOr " + w.small(r.index) + " ")
	case 'u':
		b.WriteString("(UseAlt " + w.small(r.index) + " ")
		w.cert(r.a)
		b.WriteString(")")
		return
	case 'l':
		b.WriteString("(SplitLin (")
		for _, c := range r.form {
			b.WriteString(w.integer(c) + " :: ")
		}
		b.WriteString("@nil Z) ")
	case 'g':
		b.WriteString("(Denial ")
	case '.':
		b.WriteString("Done")
		return
	}
	w.cert(r.a)
	b.WriteString(" ")
	w.cert(r.b)
	b.WriteString(")")
}
