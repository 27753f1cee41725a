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
	"strings"
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
// report. With dir empty nothing is written (and nothing resumed): the rows
// are only returned. progress, when not nil, is told each game as it
// starts, and whether it was already done.
func Run(ctx context.Context, family string, s Shard, dir string, opts Options, progress func(spec string, done bool)) ([]Row, error) {
	specs, err := Family(ctx, family)
	if err != nil {
		return nil, err
	}
	if opts.Prove != nil && opts.NoDiscover {
		return nil, errors.New("atlas: proving needs discover's descriptions: --prove without --discover=false")
	}
	done := map[int]Row{}
	record := func(Row) error { return nil }
	if dir != "" {
		f, journaled, err := openJournal(family, s, dir, opts)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		done = journaled
		record = func(r Row) error {
			line, err := json.Marshal(r)
			if err != nil {
				return err
			}
			if _, err := f.Write(append(line, '\n')); err != nil {
				return err
			}
			return f.Sync()
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
		if err := record(r); err != nil {
			return nil, err
		}
		rows = append(rows, r)
	}
	if dir == "" {
		return rows, nil
	}
	_, part, report := Paths(dir, s)
	if err := atomicfile.Write(part, func(w io.Writer) error { return WriteParquet(w, rows) }); err != nil {
		return nil, err
	}
	if err := atomicfile.Write(report, func(w io.Writer) error { return WriteReport(w, family, s, rows) }); err != nil {
		return nil, err
	}
	return rows, nil
}

// openJournal opens the shard's journal in dir for appending, creating dir
// and the journal (with its head) when needed, and returns the rows it
// already holds.
func openJournal(family string, s Shard, dir string, opts Options) (*os.File, map[int]Row, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, nil, err
	}
	journal, _, _ := Paths(dir, s)
	head := journalHead{Family: family, Max: opts.Max, Shard: fmt.Sprintf("%d/%d", s.I, s.N), NoDiscover: opts.NoDiscover}
	if opts.Prove != nil {
		head.Prove = true
		head.ProveTimeout = opts.Prove.Timeout.String()
		head.Regions = opts.Regions
	}
	done, err := readJournal(journal, head)
	if err != nil {
		return nil, nil, err
	}
	f, err := os.OpenFile(journal, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, nil, err
	}
	if info, err := f.Stat(); err == nil && info.Size() == 0 { // a new journal starts with what it is a journal of
		line, _ := json.Marshal(head)
		if _, err := f.Write(append(line, '\n')); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	return f, done, nil
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
	// Regions is Options.Regions (left out when false).
	Regions bool `json:"regions,omitempty"`
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
// check --expr reads it), so that no column is padded to them. The column
// "closed under" lists the closure properties that hold in the box; the
// last column, there when some games of the rows have the same P-positions
// on the same box (SameP), lists the others of each.
func WriteReport(w io.Writer, family string, s Shard, rows []Row) error {
	fmt.Fprintf(w, "nimlab atlas %s, shard %d/%d: %d games\n\n", family, s.I, s.N, len(rows))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	// The column proved is there when the survey proved something.
	proved := slices.ContainsFunc(rows, func(r Row) bool { return r.Proved != "" })
	same := sameAs(rows)
	anySame := slices.ContainsFunc(same, func(s []string) bool { return len(s) > 0 })
	header := "game\tmax\tP\tclasses\tclosed under\ttheorem\tgenuine zero\tmin 1\tNim-basis\tfound\texact to"
	if proved {
		header += "\tproved"
	}
	if anySame {
		header += "\tsame P-positions as"
	}
	fmt.Fprintln(tw, header)
	var long []string          // the expressions below the table, by label
	labels := map[string]int{} // the label of each, from 1
	for i, r := range rows {
		exact := "-"
		switch {
		case r.Exact:
			exact = fmt.Sprint(r.VerifiedMax)
		case r.LearnedExact:
			// Exact where it was learned, not on the box it was checked on.
			exact = fmt.Sprintf("%d, not %d", r.LearnedMax, r.VerifiedMax)
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
		closed := cmp.Or(strings.Join(r.Holding(), ","), "-")
		line := fmt.Sprintf("%s\t%d\t%d\t%d\t%s\t%s\t%v\t%v\t%s\t%s\t%s", r.Game, r.Max, r.PPositions, r.PClasses, closed, theorem,
			r.GenuineZero, r.GenuineZeroMin1, r.NimBasis, found, exact)
		if proved {
			line += "\t" + cmp.Or(r.Proved, "-")
		}
		if anySame {
			line += "\t" + cmp.Or(strings.Join(same[i], ", "), "-")
		}
		fmt.Fprintln(tw, line)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if anySame {
		fmt.Fprintln(w, "\nsame P-positions as: the same P-positions in the same box (every pile 0..max); evidence, not proof, that the games agree")
	}
	names := make([]string, len(rows))
	regions := make([][]string, len(rows))
	for i, r := range rows {
		names[i], regions[i] = r.Game, r.Regions
	}
	return WriteNotes(w, "expressions", MaxCellExpr, long, names, regions)
}

// WriteNotes writes what follows a survey's table: the expressions longer
// than limit (what, e.g. "expressions") by their labels [1], [2], ..., and
// the region theorems of each game, under the game's name.
func WriteNotes(w io.Writer, what string, limit int, long, names []string, regions [][]string) error {
	if len(long) > 0 {
		fmt.Fprintf(w, "\n%s longer than %d characters:\n", what, limit)
	}
	for i, e := range long {
		if _, err := fmt.Fprintf(w, "[%d] %s\n", i+1, e); err != nil {
			return err
		}
	}
	if slices.ContainsFunc(regions, func(r []string) bool { return len(r) > 0 }) {
		fmt.Fprintln(w, "\nregion theorems (proved for every position of the region, and only there):")
	}
	for i, rs := range regions {
		for _, t := range rs {
			if _, err := fmt.Fprintf(w, "%s  %s\n", names[i], t); err != nil {
				return err
			}
		}
	}
	return nil
}

// Collected is what Collect read of a survey's directory.
type Collected struct {
	// Family and Max are the survey's (every journal of the directory
	// must be of the same survey).
	Family string
	Max    int
	// Shards is the number of shards the survey was split into.
	Shards int
	// Rows are the finished rows of every shard, by index.
	Rows []Row
}

// Collect reads the journals of every shard of the survey in dir, finished
// or not: the rows done so far, of the whole family. Journals of two
// surveys, or of one survey split in two ways, are an error.
func Collect(dir string) (*Collected, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "atlas-*-of-*.jsonl"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("%s holds no journal of a survey (atlas-i-of-N.jsonl)", dir)
	}
	slices.Sort(paths)
	var c *Collected
	var first journalHead
	for _, path := range paths {
		head, err := readHead(path)
		if err != nil {
			return nil, err
		}
		s, err := ParseShard(head.Shard)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if c == nil {
			first, c = head, &Collected{Family: head.Family, Max: head.Max, Shards: s.N}
		}
		if head.Shard = first.Shard; head != first || s.N != c.Shards {
			return nil, fmt.Errorf("%s and %s are journals of different surveys: keep one survey in a directory", paths[0], path)
		}
		head.Shard = fmt.Sprintf("%d/%d", s.I, s.N)
		rows, err := readJournal(path, head)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			c.Rows = append(c.Rows, r)
		}
	}
	slices.SortFunc(c.Rows, func(a, b Row) int { return a.Index - b.Index })
	return c, nil
}

// readHead reads the first line of a journal.
func readHead(path string) (journalHead, error) {
	f, err := os.Open(path)
	if err != nil {
		return journalHead{}, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	var h journalHead
	if !sc.Scan() || json.Unmarshal(sc.Bytes(), &h) != nil || h.Shard == "" {
		return journalHead{}, fmt.Errorf("%s does not start with the head of a survey's journal", path)
	}
	return h, nil
}
