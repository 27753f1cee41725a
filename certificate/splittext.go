package certificate

import (
	"math/big"
	"strings"
)

// The split as text (Reflect.v's decode): Coq's elaborator reads CN(8,6)'s
// split, 5.6 MB of constructors and numbers, in 27 s, and a string
// literal as long in about a second; the kernel's virtual machine then
// decodes the string once. One character a constructor, in prefix form,
// each number in decimal ended by a space; a newline before each node of
// the split (C, I, M), which the decoder skips.

// splitTextStart opens the certificate's string of the split.
const splitTextStart = "Definition text : string := \""

// splitText writes the text of the split t.
func splitText(t *splitTree) string {
	var b strings.Builder
	t.text(&b)
	return b.String()
}

// text writes the split in Reflect.v's text form.
func (t *splitTree) text(b *strings.Builder) {
	b.WriteByte('\n')
	switch {
	case t.cond != nil:
		b.WriteByte('C')
		t.cond.text(b)
		t.yes.text(b)
		t.no.text(b)
	case t.inS:
		b.WriteByte('I')
		boolText(b, t.path)
		t.certText(b)
	default:
		b.WriteByte('M')
		for _, z := range t.ws {
			b.WriteByte(',')
			z.text(b)
		}
		b.WriteByte(']')
		boolText(b, t.path)
		t.certText(b)
	}
}

// certText writes the leaf's certificate, or an open leaf's (Farkas
// WNil: openCert).
func (t *splitTree) certText(b *strings.Builder) {
	if t.cert == nil {
		b.WriteString("F.")
		return
	}
	t.cert.text(b)
}

// boolText writes a list of booleans.
func boolText(b *strings.Builder, path []bool) {
	for _, x := range path {
		if x {
			b.WriteString(",t")
		} else {
			b.WriteString(",f")
		}
	}
	b.WriteByte(']')
}

// numText writes a number, ended by a space.
func numText(b *strings.Builder, k *big.Int) {
	b.WriteString(k.String())
	b.WriteByte(' ')
}

// intText writes a small natural number, ended by a space.
func intText(b *strings.Builder, k int) {
	numText(b, big.NewInt(int64(k)))
}

// text writes the term in Reflect.v's text form.
func (t *zt) text(b *strings.Builder) {
	switch t.op {
	case 'v':
		b.WriteByte('v')
		intText(b, t.v)
	case 'k':
		b.WriteByte('k')
		numText(b, t.k)
	case '~':
		b.WriteByte('~')
		t.a.text(b)
	default: // '+', '-', '*'
		b.WriteByte(t.op)
		t.a.text(b)
		t.b.text(b)
	}
}

// fmTags are the text form's tags of the comparisons.
var fmTags = map[string]byte{"<=": 'l', "<": '<', "=": '=', ">=": 'g', ">": '>'}

// text writes the formula in Reflect.v's text form.
func (f *fm) text(b *strings.Builder) {
	switch f.op {
	case "~":
		b.WriteByte('!')
		f.f.text(b)
	case "/\\", "\\/":
		b.WriteByte(map[string]byte{"/\\": '&', "\\/": '|'}[f.op])
		f.f.text(b)
		f.g.text(b)
	case "True":
		b.WriteByte('T')
	default:
		b.WriteByte(fmTags[f.op])
		f.s.text(b)
		f.t.text(b)
	}
}

// text writes the certificate in Reflect.v's text form.
func (r *refutation) text(b *strings.Builder) {
	switch r.kind {
	case 'f':
		b.WriteByte('F')
		for i, w := range r.weights {
			if w.Sign() != 0 {
				b.WriteByte('w')
				intText(b, i)
				numText(b, w)
			}
		}
		b.WriteByte('.')
		return
	case 'd':
		b.WriteByte('D')
		intText(b, r.index)
		if r.tie {
			b.WriteByte('t')
		} else {
			b.WriteByte('f')
		}
	case 'n', 'o':
		b.WriteByte(map[byte]byte{'n': 'N', 'o': 'O'}[r.kind])
		intText(b, r.index)
	case 'l':
		b.WriteByte('L')
		for _, c := range r.form {
			b.WriteByte(',')
			numText(b, c)
		}
		b.WriteByte(']')
	case 'g':
		b.WriteByte('G')
	case 'u':
		b.WriteByte('U')
		intText(b, r.index)
		r.a.text(b)
		return
	case '.':
		b.WriteByte('E')
		return
	}
	r.a.text(b)
	r.b.text(b)
}
