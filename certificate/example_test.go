package certificate_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/nimlab/nimlab/certificate"
	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
)

// The certificate of Nim on two piles: S is a == b, and (II) moves to the
// smaller pile on both.
func ExampleWrite() {
	g, _ := game.Parse("nim:2")
	s, _ := check.Compile("a == b", g.Piles(), nil)
	text, err := certificate.Write(context.Background(), certificate.Claim{Game: g, Set: s, Moves: [][]string{{"a", "a"}, {"b", "b"}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "Definition inS") || strings.HasPrefix(line, "Definition w") || strings.HasPrefix(line, "Theorem") {
			fmt.Println(line)
		}
	}
	// Output:
	// Definition inS (p : pos) : Prop :=
	// Definition w1 (p : pos) : pos := mk (a p) (a p).
	// Definition w2 (p : pos) : pos := mk (b p) (b p).
	// Theorem characterization : forall p, valid p -> (Nimlab.isP pos move false p <-> inS p).
}
