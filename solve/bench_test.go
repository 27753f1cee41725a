package solve

import (
	"context"
	"fmt"
	"testing"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// benchmarkSolve reports positions per second of one engine on a game.
func benchmarkSolve(b *testing.B, spec string, h int, grundy bool, engine func(context.Context, *game.Game, table.Box, Options) (*table.Table, error)) {
	benchmarkOptions(b, spec, h, Options{Grundy: grundy}, engine)
}

// benchmarkOptions reports positions per second (every position of the box,
// sorted or not) of one engine on a game.
func benchmarkOptions(b *testing.B, spec string, h int, opts Options, engine func(context.Context, *game.Game, table.Box, Options) (*table.Table, error)) {
	g, err := game.Parse(spec)
	if err != nil {
		b.Fatal(err)
	}
	box := table.Uniform(g.Piles(), h)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := engine(context.Background(), g, box, opts); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(box.Positions())*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}

func BenchmarkFastCN63Max31(b *testing.B)       { benchmarkSolve(b, "cn:6,3", 31, false, Fast) }
func BenchmarkFastCN86Max11(b *testing.B)       { benchmarkSolve(b, "cn:8,6", 11, false, Fast) }
func BenchmarkFastCN63Max10(b *testing.B)       { benchmarkSolve(b, "cn:6,3", 10, false, Fast) }
func BenchmarkReferenceCN63Max6(b *testing.B)   { benchmarkSolve(b, "cn:6,3", 6, false, Reference) }
func BenchmarkFastGrundyCN63Max15(b *testing.B) { benchmarkSolve(b, "cn:6,3", 15, true, Fast) }

func BenchmarkRemotenessSlow54Max63(b *testing.B) {
	benchmarkOptions(b, "slow:5,4", 63, Options{Remoteness: true}, Values)
}
func BenchmarkRemotenessSlow54Max15Reference(b *testing.B) {
	benchmarkOptions(b, "slow:5,4", 15, Options{Remoteness: true}, Reference)
}
func BenchmarkRemotenessSlowCN63Max15(b *testing.B) {
	benchmarkOptions(b, "slow(cn:6,3)", 15, Options{Remoteness: true}, Values)
}

func BenchmarkConesAtleastCN63Max20(b *testing.B) {
	benchmarkSolve(b, "atleast(cn:6,3; 1)", 20, false, Table)
}
func BenchmarkConesFixedCN63Max15(b *testing.B) {
	benchmarkSolve(b, "fixed(cn:6,3; 1)", 15, false, Table)
}
func BenchmarkConesTotalCN63Max15(b *testing.B) {
	benchmarkSolve(b, "total(cn:6,3; 2)", 15, false, Table)
}
func BenchmarkFastGrundyCN63Max20(b *testing.B) { benchmarkSolve(b, "cn:6,3", 20, true, Fast) }
func BenchmarkFastRemotenessCN63Max15(b *testing.B) {
	benchmarkOptions(b, "cn:6,3", 15, Options{Remoteness: true}, Fast)
}

// BenchmarkFastGrundySets compares the widths of the windows of values of
// the set recurrence.
func BenchmarkFastGrundySets(b *testing.B) {
	for _, h := range []int{15, 20} {
		for _, setBits := range []int{16, 32, 64} {
			b.Run(fmt.Sprintf("cn:6,3/max=%d/bits=%d", h, setBits), func(b *testing.B) {
				benchmarkOptions(b, "cn:6,3", h, Options{Grundy: true, setBits: setBits}, Fast)
			})
		}
	}
}
