//go:build js

package figure

import (
	"errors"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// Slice refuses in the browser: the WebAssembly build of nimlab leaves
// gonum's plots (and their twelve fonts) out to keep its download small;
// the web lab draws a slice as a grid of cells instead, and nimlab plot
// draws it as a figure.
func Slice(*game.Game, *table.Slice) (*Figure, error) {
	return nil, errors.New("a slice is plotted as a figure by nimlab plot, not in the browser")
}
