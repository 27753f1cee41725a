package commands

import (
	"archive/zip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/complex"
	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/internal/atomicfile"
	"github.com/nimlab/nimlab/table"
)

// EvalRequest asks for an expression's value at each position of a file
// ("nimlab eval"): the Python package's evaluate.
type EvalRequest struct {
	Game string `json:"game"`
	Expr string `json:"expr"`
	// Where is Expr's alternative for a region's condition (the Python
	// package's where=): the same, its errors naming it.
	Where string `json:"where,omitempty"`
	// Positions is an .npz archive with one integer array per pile, p1..pn.
	Positions string `json:"positions"`
	// Export, when not empty, is the .npz archive the answers are written
	// to: one uint8 array "accepted", in the positions' order.
	Export string `json:"export,omitempty"`
}

// EvalResult counts the positions read and those the expression accepts.
type EvalResult struct {
	Game       string `json:"game"`
	Expression string `json:"expression"`
	Positions  string `json:"positions"`
	Rows       int64  `json:"rows"`
	Accepted   int64  `json:"accepted"`
	Export     string `json:"export,omitempty"`
}

// evalCheckEvery is how many rows Eval reads between looks at its context.
const evalCheckEvery = 1 << 16

// Eval evaluates the expression at each position of the file, writing the
// answers to Export when given. A negative pile is an error that names its
// row.
func Eval(ctx context.Context, req EvalRequest) (*EvalResult, error) {
	switch {
	case req.Expr != "" && req.Where != "":
		return nil, requestErrorf("%v and %v: give one of them", Param("expr"), Param("where"))
	case req.Expr == "" && req.Where == "":
		return nil, requestErrorf("%v is required: the expression to evaluate", Param("expr"))
	case req.Positions == "":
		return nil, requestErrorf("%v is required: an .npz archive of the positions, one array per pile (p1, p2, ...)", Param("positions"))
	case req.Export != "" && !strings.HasSuffix(strings.ToLower(req.Export), ".npz"):
		return nil, requestErrorf("%v %s: eval writes an .npz archive: give a name ending in .npz", Param("export"), req.Export)
	case req.Export != "" && samePath(req.Export, req.Positions):
		return nil, requestErrorf("%v %s is %v's file: the answers would overwrite the positions", Param("export"), req.Export, Param("positions"))
	}
	g, err := game.Parse(req.Game)
	if err != nil {
		return nil, err
	}
	src, param := req.Expr, Param("expr")
	if req.Where != "" {
		src, param = req.Where, Param("where")
	}
	e, err := check.CompileCondition(src, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(ctx) })
	if err != nil {
		return nil, requestErrorf("%v: %w", param, err)
	}
	f, err := os.Open(req.Positions)
	if err != nil {
		return nil, requestErrorf("%v: %w", Param("positions"), err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, requestErrorf("%v: %w", Param("positions"), err)
	}
	names := make([]string, g.Piles())
	for i := range names {
		names[i] = table.PileColumn(i)
	}
	cols, err := table.OpenNPZColumns(f, info.Size(), names)
	if err != nil {
		return nil, requestErrorf("%v %s: %w", Param("positions"), req.Positions, err)
	}
	defer cols.Close()
	r := &EvalResult{Game: g.Spec, Expression: e.String(), Positions: req.Positions, Rows: cols.Rows(), Export: req.Export}
	accept := e.Evaluator()
	run := func(answer func(bool) error) error {
		row := make([]int64, g.Piles())
		p := make(game.Position, g.Piles())
		for k := int64(0); ; k++ {
			if k%evalCheckEvery == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			err := cols.Next(row)
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return requestErrorf("%v %s: %w", Param("positions"), req.Positions, err)
			}
			for i, v := range row {
				if v < 0 {
					return requestErrorf("%v %s: row %d (counting from 1) holds %d in %s; a pile is never negative", Param("positions"), req.Positions, k+1, v, names[i])
				}
				p[i] = int(v)
			}
			in := accept(p)
			if in {
				r.Accepted++
			}
			if err := answer(in); err != nil {
				return err
			}
		}
	}
	if req.Export == "" {
		return r, run(func(bool) error { return nil })
	}
	if err := exportAccepted(req.Export, cols.Rows(), run); err != nil {
		var re *RequestError
		if errors.As(err, &re) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return nil, err
		}
		return nil, fmt.Errorf("%v %s: %w", Param("export"), req.Export, err)
	}
	return r, nil
}

// samePath reports whether two names are of the same file (the second
// exists; the first may not yet).
func samePath(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	return filepath.Clean(a) == filepath.Clean(b)
}

// exportAccepted writes the answers run gives, rows of them, to the .npz
// archive path as one uint8 array, accepted, streaming them.
func exportAccepted(path string, rows int64, run func(answer func(bool) error) error) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		z := zip.NewWriter(w)
		bw, err := table.CreateNPY(z, "accepted", "|u1", rows)
		if err != nil {
			return err
		}
		if err := run(func(in bool) error {
			if in {
				return bw.WriteByte(1)
			}
			return bw.WriteByte(0)
		}); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return err
		}
		return z.Close()
	})
}

// WriteText says how many positions the expression accepts.
func (r *EvalResult) WriteText(w io.Writer) error {
	_, err := fmt.Fprintf(w, "game        %s\nexpression  %s\npositions   %d (%s)\naccepted    %d\n", r.Game, r.Expression, r.Rows, r.Positions, r.Accepted)
	if err == nil && r.Export != "" {
		_, err = fmt.Fprintf(w, "exported    %s (an .npz archive: accepted, 1 where the expression is true)\n", r.Export)
	}
	return err
}
