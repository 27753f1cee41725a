package commands

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/internal/atomicfile"
	"github.com/nimlab/nimlab/latex"
	"github.com/nimlab/nimlab/solve"
	"github.com/nimlab/nimlab/table"
)

// ListRequest asks for the P-positions of a box ("nimlab list").
type ListRequest struct {
	Game string `json:"game"`
	Source
	// Classes lists one representative per symmetry class.
	Classes bool `json:"classes,omitempty"`
	// Format is how WriteText writes them: csv (the default), json, text, or
	// latex (a booktabs table; a longtable when long); parquet writes them to
	// Out.
	Format string `json:"format,omitempty"`
	// Out is the Parquet file of Format parquet.
	Out string `json:"out,omitempty"`
	// Where, when not empty, lists only the P-positions where it holds.
	Where string `json:"where,omitempty"`
}

// ListResult lists the P-positions of a box, or one per symmetry class.
// The positions are read from the table as they are written, so that a
// long list is never held whole but for JSON.
type ListResult struct {
	Game    string `json:"game"`
	Max     int    `json:"max"`
	Classes bool   `json:"classes"`

	piles     int
	title     string
	format    string
	positions iter.Seq[game.Position]
	rows      []game.Position // read already (JSON)
	ctx       context.Context
}

// List lists the P-positions of a box; with Format parquet it writes them
// to Out.
func List(ctx context.Context, env Env, req ListRequest) (*ListResult, error) {
	format, err := formatOf(req.Format, "csv", "json", "text", "latex", "parquet")
	if err != nil {
		return nil, err
	}
	req.Format = format
	switch {
	case format == "parquet" && req.Out == "":
		return nil, requestErrorf("%v parquet writes a file: give %v FILE.parquet", Param("format"), Param("out"))
	case format != "parquet" && req.Out != "":
		// A file given and not written would be a silent loss.
		return nil, requestErrorf("%v writes a Parquet file: add %v parquet, or leave %v out to print %s", Param("out"), Param("format"), Param("out"), format)
	}
	g, box, err := req.gameBox(req.Game)
	if err != nil {
		return nil, err
	}
	var group *complex.Group
	if req.Classes {
		if group, err = g.Symmetries(ctx); err != nil {
			return nil, requestErrorf("%v: %w", Param("classes"), err)
		}
		if !group.Listed() {
			return nil, requestErrorf("%v: %s has %v symmetries, too many to list (at most %d)", Param("classes"), g.Spec, group.Order(), complex.MaxListedSymmetries)
		}
	}
	t, err := req.solveOrLoad(ctx, env, g, box, solve.Options{})
	if err != nil {
		return nil, err
	}
	positions := t.ClassRepresentatives(ctx, group, req.Workers)
	if req.Where != "" {
		region, err := check.CompileCondition(req.Where, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(ctx) })
		if err != nil {
			return nil, requestErrorf("%v: %w", Param("where"), err)
		}
		in, all := region.Evaluator(), positions
		positions = func(yield func(game.Position) bool) {
			for p := range all {
				if in(p) && !yield(p) {
					return
				}
			}
		}
	}
	if req.Format == "parquet" {
		err := atomicfile.Write(req.Out, func(w io.Writer) error {
			return table.WritePositionsParquet(ctx, w, g.Piles(), positions)
		})
		if err != nil {
			return nil, err
		}
	}
	r := &ListResult{Game: g.Spec, Max: req.Max, Classes: req.Classes, piles: g.Piles(), title: g.Title, format: req.Format, positions: positions, ctx: ctx}
	if req.Format == "json" {
		// JSON holds them all: read them now, while ctx is the command's.
		if r.rows, err = r.collect(); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// collect reads every position listed.
func (r *ListResult) collect() ([]game.Position, error) {
	rows := []game.Position{}
	for p := range r.positions {
		rows = append(rows, append(game.Position(nil), p...))
	}
	return rows, r.ctx.Err()
}

// Positions yields the positions listed, in order of index (pile 1 varies
// fastest).
func (r *ListResult) Positions() iter.Seq[game.Position] { return r.positions }

// MarshalJSON writes {"classes", "count", "game", "max", "p_positions"}.
func (r *ListResult) MarshalJSON() ([]byte, error) {
	rows := r.rows
	if rows == nil {
		var err error
		if rows, err = r.collect(); err != nil {
			return nil, err
		}
	}
	return json.Marshal(struct {
		Classes    bool            `json:"classes"`
		Count      int             `json:"count"`
		Game       string          `json:"game"`
		Max        int             `json:"max"`
		PPositions []game.Position `json:"p_positions"`
	}{r.Classes, len(rows), r.Game, r.Max, rows})
}

// WriteText writes the positions in the request's format: CSV with a header
// p1,p2,..., text ("(1,2,3)" a line), JSON, or a LaTeX table; nothing for
// parquet.
func (r *ListResult) WriteText(out io.Writer) error {
	switch r.format {
	case "parquet":
		return nil
	case "json":
		return WriteJSON(out, r)
	case "latex":
		return r.writeLaTeX(out)
	}
	w := bufio.NewWriter(out)
	if r.format == "csv" {
		head := make([]string, r.piles)
		for i := range head {
			head[i] = table.PileColumn(i)
		}
		fmt.Fprintln(w, strings.Join(head, ","))
	}
	for p := range r.positions {
		if r.format == "csv" {
			fmt.Fprintln(w, p)
		} else {
			fmt.Fprintf(w, "(%v)\n", p)
		}
	}
	if err := r.ctx.Err(); err != nil {
		w.Flush()
		return err
	}
	return w.Flush()
}

// writeLaTeX writes the positions as a booktabs table, one column a pile
// ($p_1$, ...), one row a position or a class; a list longer than
// latex.LongRows is a longtable.
func (r *ListResult) writeLaTeX(out io.Writer) error {
	what := fmt.Sprintf("The P-positions of %s with every pile at most %d", latex.Escape(r.title), r.Max)
	if r.Classes {
		what += ", one per symmetry class (the lexicographically smallest position of the class)"
	}
	head := make([]string, r.piles)
	for i := range head {
		head[i] = fmt.Sprintf("$p_{%d}$", i+1)
	}
	command := "nimlab list " + ShellQuote(r.Game) + " --max " + strconv.Itoa(r.Max)
	if r.Classes {
		command += " --classes"
	}
	fmt.Fprintln(out, latex.Comment("made by: "+command+" --format latex"))
	fmt.Fprintln(out, latex.Comment(`needs \usepackage{booktabs}, and \usepackage{longtable} for more than `+strconv.Itoa(latex.LongRows)+" rows"))
	label := "p-positions"
	if r.Classes {
		label = "p-classes"
	}
	tw := latex.Table{
		Columns: strings.Repeat("r", r.piles), Head: head, Caption: what + ".",
		Label: latex.Label("tab", label, r.Game+" max "+strconv.Itoa(r.Max)),
	}.NewWriter(out)
	rows := 0
	cells := make([]string, r.piles)
	for p := range r.positions {
		for i, v := range p {
			cells[i] = strconv.Itoa(v)
		}
		if err := tw.Row(cells...); err != nil {
			return err
		}
		rows++
	}
	if err := r.ctx.Err(); err != nil {
		return err
	}
	if err := tw.Close(); err != nil {
		return err
	}
	noun := "P-positions"
	if r.Classes {
		noun = "classes"
	}
	_, err := fmt.Fprintln(out, latex.Comment(fmt.Sprintf("%d %s", rows, noun)))
	return err
}
