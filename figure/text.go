package figure

import (
	"fmt"
	"math"
	"strings"

	"github.com/nimlab/nimlab/game"
)

// Text draws p as text for a terminal, in the layout of g (LayoutOf): the
// stacks of Circular Nim around a circle, a path in a row, and otherwise
// the piles in a row with the facets listed. Each pile shows as "i:h", its
// number and height.
func Text(g *game.Game, p game.Position) string {
	n := len(p)
	labels := make([]string, n)
	for i, v := range p {
		labels[i] = fmt.Sprintf("%d:%d", i+1, v)
	}
	switch LayoutOf(g) {
	case Circle:
		if n <= 24 {
			return circleText(labels)
		}
		return strings.Join(labels, " - ") + " - (back to 1)\n"
	case Row:
		return strings.Join(labels, " - ") + "\n"
	}
	return strings.Join(labels, "  ") + "\nfacets: " + g.Complex.String() + "\n"
}

// maxCircleColumns is the widest circle of text drawn; wider ones are
// written in a row instead.
const maxCircleColumns = 160

// circleText places labels clockwise on an ellipse of characters, the first
// at the top, with at least one space between labels on a line. The ellipse
// grows until no label touches another; when it would pass
// maxCircleColumns, the labels are written in a row.
func circleText(labels []string) string {
	n := len(labels)
	width := 0
	for _, l := range labels {
		width = max(width, len(l))
	}
	for rx := max(float64(n)*1.6+float64(width), 10); int(2*rx)+width+2 <= maxCircleColumns; rx *= 1.15 {
		if text, ok := ellipseText(labels, width, rx); ok {
			return text
		}
	}
	return strings.Join(labels, " - ") + " - (back to 1)\n"
}

// ellipseText places labels (at most width long) on an ellipse of
// horizontal radius rx, and reports whether each was clear of the others.
func ellipseText(labels []string, width int, rx float64) (string, bool) {
	n := len(labels)
	// A whole number of rows above and below the centre, so that every
	// rounded row, 0 to 2*ry, is in the grid; n/2 of them separate the
	// labels on the sides.
	ry := math.Round(min(max(rx/3.4, 1), max(float64(n)/2, 1)))
	cols, rows := int(2*rx)+width+2, int(2*ry)+1
	grid := make([][]byte, rows)
	for r := range grid {
		grid[r] = []byte(strings.Repeat(" ", cols))
	}
	for i, l := range labels {
		a := math.Pi/2 - 2*math.Pi*float64(i)/float64(n)
		x := int(math.Round(rx+rx*math.Cos(a))) + 1
		y := int(math.Round(ry - ry*math.Sin(a)))
		x = min(max(x-len(l)/2, 0), cols-len(l))
		// The label and a space on each side must be free.
		if strings.TrimSpace(string(grid[y][max(x-1, 0):min(x+len(l)+1, cols)])) != "" {
			return "", false
		}
		copy(grid[y][x:], l)
	}
	var b strings.Builder
	for _, row := range grid {
		b.WriteString(strings.TrimRight(string(row), " "))
		b.WriteByte('\n')
	}
	return b.String(), true
}
