package certificate

import (
	"fmt"
	"math/big"
	"strings"
	"unicode"
)

// goalParser reads a goal as coqc prints it (Z's notations: + - * and
// unary -, a quotient by a positive number, Z.min, Z.max, the
// comparisons and their chains "x <= y < z", <>, ~, /\, \/, True, ->)
// into Reflect.v's data: the hypotheses before the arrows, the goal after
// them, and the minima, maxima and quotients it names, each a variable
// after the piles. What it does not read (<->, a quotient by a term, ...)
// is an error: the case keeps its lia proof. It reads nimlab's own Coq
// text alike (formula, term).
type goalParser struct {
	toks  []string
	pos   int
	vars  map[string]int
	names []string
	defs  []def
	seen  map[string]int
}

// parseGoal reads the goal printed by coqc, whose variables are named
// piles, in order.
func parseGoal(text string, piles []string) (*reflected, error) {
	p := newGoalParser(piles)
	if err := p.start(text); err != nil {
		return nil, err
	}
	var hyps []*fm
	for {
		f, err := p.disj()
		if err != nil {
			return nil, err
		}
		if p.peek() == "->" {
			p.pos++
			hyps = append(hyps, f)
			continue
		}
		if p.pos != len(p.toks) {
			return nil, fmt.Errorf("goal: unread %q", p.peek())
		}
		return &reflected{env: p.names, defs: p.defs, hyps: hyps, goal: f}, nil
	}
}

// newGoalParser returns a parser whose variables are named piles, in
// order.
func newGoalParser(piles []string) *goalParser {
	p := &goalParser{vars: map[string]int{}, seen: map[string]int{}}
	for i, v := range piles {
		p.vars[v] = i
		p.names = append(p.names, v)
	}
	return p
}

// start sets the text to read, its enclosing parentheses dropped.
func (p *goalParser) start(text string) error {
	var err error
	if p.toks, err = tokens(text); err != nil {
		return err
	}
	p.pos = 0
	for enclosed(p.toks) {
		p.toks = p.toks[1 : len(p.toks)-1]
	}
	return nil
}

// formula reads a whole text as a formula; the minima it names join
// the parser's.
func (p *goalParser) formula(text string) (*fm, error) {
	if err := p.start(text); err != nil {
		return nil, err
	}
	f, err := p.disj()
	if err == nil && p.pos != len(p.toks) {
		err = fmt.Errorf("formula: unread %q", p.peek())
	}
	return f, err
}

// term reads a whole text as a term; the minima it names join the
// parser's.
func (p *goalParser) term(text string) (*zt, error) {
	if err := p.start(text); err != nil {
		return nil, err
	}
	t, err := p.sum()
	if err == nil && p.pos != len(p.toks) {
		err = fmt.Errorf("term: unread %q", p.peek())
	}
	return t, err
}

// enclosed reports whether the tokens are one parenthesized whole.
func enclosed(toks []string) bool {
	if len(toks) < 2 || toks[0] != "(" || toks[len(toks)-1] != ")" {
		return false
	}
	depth := 0
	for i, t := range toks {
		switch t {
		case "(":
			depth++
		case ")":
			if depth--; depth == 0 && i < len(toks)-1 {
				return false
			}
		}
	}
	return true
}

// tokens splits a printed goal into tokens.
func tokens(text string) ([]string, error) {
	var out []string
	symbols := []string{"<->", "->", "<=", ">=", "<>", "/\\", "\\/", "<", ">", "=", "+", "-", "*", "/", "~", "(", ")"}
	for i := 0; i < len(text); {
		r := rune(text[i])
		switch {
		case unicode.IsSpace(r):
			i++
			continue
		case unicode.IsLetter(r) || r == '_':
			j := i
			for j < len(text) && (unicode.IsLetter(rune(text[j])) || unicode.IsDigit(rune(text[j])) || text[j] == '_' || text[j] == '.' || text[j] == '\'') {
				j++
			}
			out, i = append(out, text[i:j]), j
			continue
		case unicode.IsDigit(r):
			j := i
			for j < len(text) && unicode.IsDigit(rune(text[j])) {
				j++
			}
			out, i = append(out, text[i:j]), j
			continue
		}
		found := false
		for _, s := range symbols {
			if strings.HasPrefix(text[i:], s) {
				out, i, found = append(out, s), i+len(s), true
				break
			}
		}
		if !found {
			return nil, fmt.Errorf("goal: unexpected %q", text[i:i+1])
		}
	}
	return out, nil
}

func (p *goalParser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

func (p *goalParser) expect(tok string) error {
	if p.peek() != tok {
		return fmt.Errorf("goal: %q where %q was expected", p.peek(), tok)
	}
	p.pos++
	return nil
}

// disj reads a disjunction (right-nested, level 85).
func (p *goalParser) disj() (*fm, error) {
	f, err := p.conj()
	if err != nil || p.peek() != "\\/" {
		return f, err
	}
	p.pos++
	g, err := p.disj()
	if err != nil {
		return nil, err
	}
	return &fm{op: "\\/", f: f, g: g}, nil
}

// conj reads a conjunction (right-nested, level 80).
func (p *goalParser) conj() (*fm, error) {
	f, err := p.neg()
	if err != nil {
		return nil, err
	}
	switch p.peek() {
	case "/\\":
		p.pos++
		g, err := p.conj()
		if err != nil {
			return nil, err
		}
		return &fm{op: "/\\", f: f, g: g}, nil
	case "<->":
		return nil, fmt.Errorf("goal: %s is not read", p.peek())
	}
	return f, nil
}

// neg reads ~ P (level 75) or a comparison.
func (p *goalParser) neg() (*fm, error) {
	if p.peek() == "~" {
		p.pos++
		f, err := p.neg()
		if err != nil {
			return nil, err
		}
		return &fm{op: "~", f: f}, nil
	}
	return p.comparison()
}

var comparisonOps = map[string]bool{"<=": true, "<": true, "=": true, ">=": true, ">": true, "<>": true}

// comparison reads True, False, a parenthesized formula, or a comparison
// of terms (level 70), with Z's chains x <= y <= z, x <= y < z, x < y <= z
// and x < y < z.
func (p *goalParser) comparison() (*fm, error) {
	switch p.peek() {
	case "True":
		p.pos++
		return &fm{op: "True"}, nil
	case "False":
		// Reflect.v's formulas have no False (~ True does not convert to
		// it).
		return nil, fmt.Errorf("goal: False is not read")
	}
	start := p.pos
	s, err := p.sum()
	if err != nil || !comparisonOps[p.peek()] {
		// A parenthesized formula.
		p.pos = start
		if p.peek() != "(" {
			if err == nil {
				err = fmt.Errorf("goal: %q where a comparison was expected", p.peek())
			}
			return nil, err
		}
		p.pos++
		f, err := p.disj()
		if err != nil {
			return nil, err
		}
		return f, p.expect(")")
	}
	op := p.peek()
	p.pos++
	t, err := p.sum()
	if err != nil {
		return nil, err
	}
	f := atomic(op, s, t)
	if (op == "<=" || op == "<") && (p.peek() == "<=" || p.peek() == "<") {
		op2 := p.peek()
		p.pos++
		u, err := p.sum()
		if err != nil {
			return nil, err
		}
		f = &fm{op: "/\\", f: f, g: atomic(op2, t, u)}
	}
	return f, nil
}

func atomic(op string, s, t *zt) *fm {
	if op == "<>" {
		return &fm{op: "~", f: &fm{op: "=", s: s, t: t}}
	}
	return &fm{op: op, s: s, t: t}
}

// sum reads + and - (level 50, left).
func (p *goalParser) sum() (*zt, error) {
	a, err := p.product()
	if err != nil {
		return nil, err
	}
	for p.peek() == "+" || p.peek() == "-" {
		op := p.peek()[0]
		p.pos++
		b, err := p.product()
		if err != nil {
			return nil, err
		}
		a = &zt{op: op, a: a, b: b}
	}
	return a, nil
}

// product reads * and / (level 40, left); a quotient, by a positive
// number only, is a def.
func (p *goalParser) product() (*zt, error) {
	a, err := p.unary()
	if err != nil {
		return nil, err
	}
	for p.peek() == "*" || p.peek() == "/" {
		op := p.peek()
		p.pos++
		if op == "/" {
			k, ok := number(p.peek())
			if !ok || k.Sign() == 0 {
				return nil, fmt.Errorf("goal: a quotient by %q is not read", p.peek())
			}
			p.pos++
			a = p.define(def{kind: '/', a: a, k: k}, "("+a.value(p.names)+" / "+k.String()+")")
			continue
		}
		b, err := p.unary()
		if err != nil {
			return nil, err
		}
		a = &zt{op: '*', a: a, b: b}
	}
	return a, nil
}

// define returns the variable that holds d, whose value is written
// value: the one it was given when d was met before, else a new one.
func (p *goalParser) define(d def, value string) *zt {
	key := d.coq()
	v, ok := p.seen[key]
	if !ok {
		v = len(p.names)
		d.v = v
		p.seen[key] = v
		p.defs = append(p.defs, d)
		p.names = append(p.names, value)
	}
	return &zt{op: 'v', v: v}
}

// unary reads - x (level 35), where - before a number is a negative
// number, as Coq reads it.
func (p *goalParser) unary() (*zt, error) {
	if p.peek() != "-" {
		return p.application()
	}
	p.pos++
	if k, ok := number(p.peek()); ok {
		p.pos++
		return &zt{op: 'k', k: k.Neg(k)}, nil
	}
	a, err := p.unary()
	if err != nil {
		return nil, err
	}
	return &zt{op: '~', a: a}, nil
}

// application reads Z.min x y, Z.max x y, or an atom.
func (p *goalParser) application() (*zt, error) {
	name := p.peek()
	if name != "Z.min" && name != "Z.max" {
		return p.atom()
	}
	p.pos++
	a, err := p.atom()
	if err != nil {
		return nil, err
	}
	b, err := p.atom()
	if err != nil {
		return nil, err
	}
	kind := byte('m')
	if name == "Z.max" {
		kind = 'M'
	}
	return p.define(def{kind: kind, a: a, b: b}, "("+name+" "+a.value(p.names)+" "+b.value(p.names)+")"), nil
}

// atom reads a variable, a number or a parenthesized term.
func (p *goalParser) atom() (*zt, error) {
	tok := p.peek()
	if k, ok := number(tok); ok {
		p.pos++
		return &zt{op: 'k', k: k}, nil
	}
	if v, ok := p.vars[tok]; ok {
		p.pos++
		return &zt{op: 'v', v: v}, nil
	}
	if tok != "(" {
		return nil, fmt.Errorf("goal: %q is not read", tok)
	}
	p.pos++
	a, err := p.sum()
	if err != nil {
		return nil, err
	}
	return a, p.expect(")")
}

// number reads a natural number.
func number(tok string) (*big.Int, bool) {
	if tok == "" || !unicode.IsDigit(rune(tok[0])) {
		return nil, false
	}
	return new(big.Int).SetString(tok, 10)
}
