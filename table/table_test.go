package table

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/nimlab/nimlab/game"
)

func TestBoxIndexRoundTrip(t *testing.T) {
	b := Box{2, 0, 3, 1}
	p := make(game.Position, len(b))
	for idx := range b.Positions() {
		b.Position(idx, p)
		if !b.Contains(p) || b.Index(p) != idx {
			t.Fatalf("index %d -> %v -> %d", idx, p, b.Index(p))
		}
	}
	if b.Lines() != 8 {
		t.Errorf("%d lines, want 8", b.Lines())
	}
	// Next walks the same positions in the same order, then wraps.
	q := make(game.Position, len(b))
	for idx := range b.Positions() {
		b.Position(idx, p)
		if !slices.Equal(p, q) {
			t.Fatalf("index %d is %v, Next gave %v", idx, p, q)
		}
		if more := b.Next(q); more != (idx < b.Positions()-1) {
			t.Fatalf("Next after index %d: %v", idx, more)
		}
	}
	if slices.Max(q) != 0 {
		t.Errorf("after the last position Next gave %v, want the empty position", q)
	}
}

func TestBoxCheck(t *testing.T) {
	for _, b := range []Box{{}, {-1}, {MaxLine + 1}, Uniform(20, 100)} {
		if b.Check() == nil {
			t.Errorf("box %v accepted", b)
		}
	}
	if err := Uniform(6, 31).Check(); err != nil {
		t.Error(err)
	}
}

// nimTable builds the table of Nim on three piles from Bouton's theorem.
func nimTable(h int) *Table {
	b := Uniform(3, h)
	tab := New("nim:3", b, true)
	p := make(game.Position, 3)
	for idx := range b.Positions() {
		b.Position(idx, p)
		g := p[0] ^ p[1] ^ p[2]
		tab.Grundy.Set(idx, uint32(g))
		if g == 0 {
			tab.PLine[idx/int64(h+1)] = uint16(p[0])
		}
	}
	return tab
}

func TestPPositionsOfNim(t *testing.T) {
	tab := nimTable(3)
	var got []string
	for p := range tab.PPositions(context.Background()) {
		got = append(got, p.String())
		if !tab.IsP(p) {
			t.Errorf("%v listed but not P", p)
		}
	}
	if int64(len(got)) != tab.CountP() || len(got) != 16 {
		t.Errorf("%d P-positions listed, CountP %d, want 16", len(got), tab.CountP())
	}
}

func ExampleTable_PPositions() {
	tab := nimTable(1)
	for p := range tab.PPositions(context.Background()) {
		fmt.Println(p)
	}
	// Output:
	// 0,0,0
	// 1,1,0
	// 1,0,1
	// 0,1,1
}

// TestPPositionsOfBitTables compares PPositions with IsP at every position,
// on the bit tables (unsorted and sorted) of fileTables.
func TestPPositionsOfBitTables(t *testing.T) {
	for _, tab := range fileTables(t)[1:3] {
		var want []string
		p := make(game.Position, len(tab.Box))
		for idx := range tab.Box.Positions() {
			tab.Box.Position(idx, p)
			if tab.IsP(p) {
				want = append(want, p.String())
			}
		}
		var got []string
		for q := range tab.PPositions(context.Background()) {
			got = append(got, q.String())
		}
		if !slices.Equal(got, want) || int64(len(got)) != tab.CountP() {
			t.Errorf("%s: PPositions gives %d positions, IsP %d, CountP %d", tab.Spec, len(got), len(want), tab.CountP())
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for range fileTables(t)[2].PPositions(ctx) {
		t.Fatal("PPositions went on after its context was done")
	}
}

func TestSlice(t *testing.T) {
	tab := nimTable(7)
	s, err := tab.Slice(2, 0, game.Position{0, 5, 0}, "grundy")
	if err != nil {
		t.Fatal(err)
	}
	if s.Cols != 8 || s.Rows != 8 {
		t.Fatalf("extents %dx%d", s.Cols, s.Rows)
	}
	for r := range s.Rows {
		for c := range s.Cols {
			p := game.Position{r, 5, c}
			if s.Cells[r*s.Cols+c] != int(tab.GrundyOf(p)) || s.P[r*s.Cols+c] != tab.IsP(p) {
				t.Fatalf("cell (%d,%d) differs from the table at %v", c, r, p)
			}
		}
	}
	for _, bad := range []struct {
		x, y  int
		fixed game.Position
		value string
	}{{0, 0, game.Position{0, 0, 0}, "outcome"}, {0, 3, game.Position{0, 0, 0}, "outcome"}, {0, 1, game.Position{0, 0, 9}, "outcome"}, {0, 1, game.Position{0, 0, 1}, "remoteness"}, {0, 1, game.Position{0, 0, 1}, "colour"}} {
		if _, err := tab.Slice(bad.x, bad.y, bad.fixed, bad.value); err == nil {
			t.Errorf("Slice(%d, %d, %v, %s) accepted", bad.x, bad.y, bad.fixed, bad.value)
		}
	}
}
