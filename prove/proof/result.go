package proof

import "fmt"

// Result is what a proof came to. The zero Result is none yet.
type Result int

// The results.
const (
	// Unsettled is the zero Result: the proof has not come to one yet.
	Unsettled Result = iota
	// Proved: the claim holds (for the proof's scope).
	Proved
	// Refuted: a counterexample, confirmed by nimlab's engine.
	Refuted
	// Undecided is the result "unknown": a condition ran out of time, the
	// solver failed, or the expression cannot be encoded.
	Undecided
)

// results are the results' names.
var results = [...]string{Unsettled: "", Proved: "proved", Refuted: "refuted", Undecided: "unknown"}

// String is the result's name, e.g. "proved".
func (r Result) String() string {
	if r < 0 || int(r) >= len(results) {
		return fmt.Sprintf("Result(%d)", int(r))
	}
	return results[r]
}

// MarshalText writes the result's name.
func (r Result) MarshalText() ([]byte, error) {
	if r < 0 || int(r) >= len(results) {
		return nil, fmt.Errorf("proof: no result %d", int(r))
	}
	return []byte(results[r]), nil
}

// UnmarshalText reads a result's name.
func (r *Result) UnmarshalText(text []byte) error {
	for i, name := range results {
		if name == string(text) {
			*r = Result(i)
			return nil
		}
	}
	return fmt.Errorf("proof: no result %q", text)
}

// Cond names a condition of a proof: (I), (II), (III) of a set of
// P-positions, (G0), (G1), (G2) of Sprague–Grundy values, and (R), the
// closure of a region. The zero Cond is no condition.
type Cond int

// The conditions.
const (
	NoCond Cond = iota
	I
	II
	III
	G0
	G1
	G2
	R
)

// conds is the table of the conditions: name, and the words that say what
// the query of the condition asks for.
var conds = [...]struct{ name, words string }{
	NoCond: {"", ""},
	I:      {"I", "(I) asks for p in S and a move from p to q in S"},
	II:     {"II", "(II) asks for p outside S with no move into S"},
	III:    {"III", "(III) asks for a terminal position in S (misère play: terminal positions are N-positions)"},
	G0:     {"G0", "(G0) asks for p whose value g(p) is negative"},
	G1:     {"G1", "(G1) asks for p and a move from p to q with g(p) = g(q)"},
	G2:     {"G2", "(G2) asks for p and v with 0 <= v < g(p) such that no option q of p has g(q) = v (gv is v)"},
	R:      {"R", "(R) asks for p in the region and a move from p to q outside it"},
}

func (c Cond) valid() bool { return c >= 0 && int(c) < len(conds) }

// String is the condition's name, e.g. "II".
func (c Cond) String() string {
	if !c.valid() {
		return fmt.Sprintf("Cond(%d)", int(c))
	}
	return conds[c].name
}

// Words say what the condition's query asks for.
func (c Cond) Words() string {
	if !c.valid() {
		return ""
	}
	return conds[c].words
}

// MarshalText writes the condition's name.
func (c Cond) MarshalText() ([]byte, error) {
	if !c.valid() {
		return nil, fmt.Errorf("proof: no condition %d", int(c))
	}
	return []byte(conds[c].name), nil
}

// UnmarshalText reads a condition's name.
func (c *Cond) UnmarshalText(text []byte) error {
	for i, row := range conds {
		if row.name == string(text) {
			*c = Cond(i)
			return nil
		}
	}
	return fmt.Errorf("proof: no condition %q", text)
}
