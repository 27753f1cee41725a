package game

import "testing"

// BenchmarkOptions enumerates every option of a position under the take
// rule, the slow rule, a compound mixing them and a rule variation.
func BenchmarkOptions(b *testing.B) {
	for _, spec := range []string{"cn:5,2", "slow:5,3", "cn:5,2 & slow:3,2", "exactly(cn:6,3; 3)", "wythoff(cn:5,2)"} {
		g, err := Parse(spec)
		if err != nil {
			b.Fatal(err)
		}
		p := make(Position, g.Piles())
		for i := range p {
			p[i] = 3 + i%3
		}
		b.Run(spec, func(b *testing.B) {
			n := 0
			for b.Loop() {
				for range g.Options(p) {
					n++
				}
			}
		})
	}
}
