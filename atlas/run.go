package atlas

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"text/tabwriter"

	"github.com/nimlab/nimlab/internal/atomicfile"
)

// Paths names the files of one shard in dir: the journal of finished rows
// (JSON lines), the Parquet part and the readable report.
func Paths(dir string, s Shard) (journal, part, report string) {
	base := filepath.Join(dir, fmt.Sprintf("atlas-%03d-of-%03d", s.I, s.N))
	return base + ".jsonl", base + ".parquet", base + ".txt"
}

// Run surveys the games of the family in the shard, writing each finished
// row to the shard's journal in dir, and skipping the games the journal
// already holds (a survey interrupted and restarted goes on where it
// stopped). When every game is done it writes the shard's Parquet part and
// report. progress, when not nil, is told each game as it starts, and
// whether it was already done.
func Run(ctx context.Context, family string, s Shard, dir string, opts Options, progress func(spec string, done bool)) ([]Row, error) {
	specs, err := Family(ctx, family)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	journal, part, report := Paths(dir, s)
	if opts.Prove != nil && opts.NoDiscover {
		return nil, errors.New("atlas: proving needs discover's descriptions: --prove without --discover=false")
	}
	head := journalHead{Family: family, Max: opts.Max, Shard: fmt.Sprintf("%d/%d", s.I, s.N), NoDiscover: opts.NoDiscover}
	if opts.Prove != nil {
		head.Prove = true
		head.ProveTimeout = opts.Prove.Timeout.String()
	}
	done, err := readJournal(journal, head)
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(journal, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.Size() == 0 { // a new journal starts with what it is a journal of
		line, _ := json.Marshal(head)
		if _, err := f.Write(append(line, '\n')); err != nil {
			return nil, err
		}
	}
	var rows []Row
	for idx, spec := range specs {
		if !s.Has(idx) {
			continue
		}
		if r, ok := done[idx]; ok {
			rows = append(rows, r)
			if progress != nil {
				progress(spec, true)
			}
			continue
		}
		if progress != nil {
			progress(spec, false)
		}
		r, err := Survey(ctx, idx, spec, opts)
		if err != nil {
			return nil, fmt.Errorf("atlas: %s: %w", spec, err)
		}
		line, err := json.Marshal(r)
		if err != nil {
			return nil, err
		}
		if _, err := f.Write(append(line, '\n')); err != nil {
			return nil, err
		}
		if err := f.Sync(); err != nil {
			return nil, err
		}
		rows = append(rows, r)
	}
	if err := atomicfile.Write(part, func(w io.Writer) error { return WriteParquet(w, rows) }); err != nil {
		return nil, err
	}
	if err := atomicfile.Write(report, func(w io.Writer) error { return WriteReport(w, family, s, rows) }); err != nil {
		return nil, err
	}
	return rows, nil
}

// journalHead is the first line of a journal: the survey it belongs to.
type journalHead struct {
	Family string `json:"family"`
	Max    int    `json:"max"`
	Shard  string `json:"shard"`
	// NoDiscover is Options.NoDiscover (left out when false, as journals
	// written before it had it).
	NoDiscover bool `json:"no_discover,omitempty"`
	// Prove is true when the survey proves (Options.Prove), with each query
	// of the proofs bounded by ProveTimeout; both are left out when it does
	// not, as journals written before them had them.
	Prove        bool   `json:"prove,omitempty"`
	ProveTimeout string `json:"prove_timeout,omitempty"`
}

// readJournal reads the rows a journal of the survey head holds, by index;
// a last line cut short by an interruption is ignored, and a journal of
// another survey is an error.
func readJournal(path string, head journalHead) (map[int]Row, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return map[int]Row{}, nil
	}
	if err != nil {
		return nil, err
	}
	rows := map[int]Row{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	for first := true; sc.Scan(); first = false {
		if first {
			var h journalHead
			if json.Unmarshal(sc.Bytes(), &h) != nil || h != head {
				return nil, fmt.Errorf("%s is the journal of another survey (%s); use another --out directory", path, sc.Text())
			}
			continue
		}
		var r Row
		if json.Unmarshal(sc.Bytes(), &r) == nil && r.Game != "" {
			rows[r.Index] = r
		}
	}
	return rows, sc.Err()
}

// MaxCellExpr is the longest expression the report writes in its table; a
// longer one is written below the table, once, and its cell holds a label
// ("[1]") that refers to it.
const MaxCellExpr = 40

// WriteReport writes the rows as a readable table, the expressions longer
// than MaxCellExpr below it, each on a line of its own ("[1] sym(...)", as
// check --expr reads it), so that no column is padded to them.
func WriteReport(w io.Writer, family string, s Shard, rows []Row) error {
	fmt.Fprintf(w, "nimlab atlas %s, shard %d/%d: %d games\n\n", family, s.I, s.N, len(rows))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	// The column proved is there when the survey proved something.
	proved := slices.ContainsFunc(rows, func(r Row) bool { return r.Proved != "" })
	header := "game\tmax\tP\tclasses\ttheorem\tgenuine zero\tmin 1\tNim-basis\tfound\texact to"
	if proved {
		header += "\tproved"
	}
	fmt.Fprintln(tw, header)
	var long []string          // the expressions below the table, by label
	labels := map[string]int{} // the label of each, from 1
	for _, r := range rows {
		exact := "-"
		if r.Exact {
			exact = fmt.Sprint(r.VerifiedMax)
		}
		theorem := r.Theorem
		if theorem == "" {
			theorem = "-"
		}
		found := r.Expr
		if len(found) > MaxCellExpr {
			if labels[found] == 0 {
				long = append(long, found)
				labels[found] = len(long)
			}
			found = fmt.Sprintf("[%d]", labels[found])
		}
		line := fmt.Sprintf("%s\t%d\t%d\t%d\t%s\t%v\t%v\t%s\t%s\t%s", r.Game, r.Max, r.PPositions, r.PClasses, theorem,
			r.GenuineZero, r.GenuineZeroMin1, r.NimBasis, found, exact)
		if proved {
			line += "\t" + cmp.Or(r.Proved, "-")
		}
		fmt.Fprintln(tw, line)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(long) > 0 {
		fmt.Fprintf(w, "\nexpressions longer than %d characters:\n", MaxCellExpr)
	}
	for i, e := range long {
		if _, err := fmt.Fprintf(w, "[%d] %s\n", i+1, e); err != nil {
			return err
		}
	}
	return nil
}
