package proof

import (
	"encoding/json"
	"testing"
)

// TestTablesAreWhole: every kind, result and condition has a name, which
// reads back as itself, and every kind and condition its words.
func TestTablesAreWhole(t *testing.T) {
	for _, k := range Kinds() {
		var back Kind
		if k.String() == "" || k.Words() == "" || back.UnmarshalText([]byte(k.String())) != nil || back != k {
			t.Errorf("kind %d: name %q, words %q, read back as %v", int(k), k, k.Words(), back)
		}
	}
	for r := Proved; r <= Undecided; r++ {
		var back Result
		if r.String() == "" || back.UnmarshalText([]byte(r.String())) != nil || back != r {
			t.Errorf("result %d: name %q, read back as %v", int(r), r, back)
		}
	}
	for c := I; c <= R; c++ {
		var back Cond
		if c.String() == "" || c.Words() == "" || back.UnmarshalText([]byte(c.String())) != nil || back != c {
			t.Errorf("condition %d: name %q, words %q, read back as %v", int(c), c, c.Words(), back)
		}
	}
}

// TestJSONIsTheNames: the JSON of the vocabulary is the names and words the
// records and front ends have always read.
func TestJSONIsTheNames(t *testing.T) {
	v := struct {
		Proof  Kind   `json:"proof"`
		Result Result `json:"result"`
		Name   Cond   `json:"name"`
		Scope  Scope  `json:"scope"`
		Region Scope  `json:"region"`
		Wide   Scope  `json:"wide"`
	}{BitVector, Undecided, G2, Scope{Bound: MaxPile}, Scope{Where: "a == 0"}, Scope{Bound: MaxPile, Where: "a == 0"}}
	got, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"proof":"bitvector","result":"unknown","name":"G2","scope":"every position with piles up to 2^63-1",` +
		`"region":"every position with a == 0","wide":"every position with a == 0 and piles up to 2^63-1"}`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	var back struct {
		Proof  Kind   `json:"proof"`
		Result Result `json:"result"`
		Name   Cond   `json:"name"`
	}
	if err := json.Unmarshal(got, &back); err != nil || back.Proof != BitVector || back.Result != Undecided || back.Name != G2 {
		t.Errorf("read back %+v, %v", back, err)
	}
}
