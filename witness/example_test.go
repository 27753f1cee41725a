package witness_test

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/witness"
)

// Learn finds Bouton's winning moves of Nim from its P-positions alone:
// a pile made the xor of the others.
func ExampleLearn() {
	g, err := game.Parse("nim:3")
	if err != nil {
		panic(err)
	}
	s, err := check.Compile("a ^ b ^ c == 0", g.Piles(), nil)
	if err != nil {
		panic(err)
	}
	l, err := witness.Learn(context.Background(), g, s.Evaluator(), witness.Options{MaxBox: 10_000})
	if err != nil {
		panic(err)
	}
	fmt.Println(l.Complete(), l.Max)
	for _, m := range l.Moves {
		fmt.Println(m)
	}
	// Output:
	// true 20
	// [a a ^ c c]
	// [a b a ^ b]
	// [b ^ c b c]
}
