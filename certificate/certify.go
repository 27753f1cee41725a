package certificate

import (
	"cmp"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/nimlab/nimlab/check"
	"github.com/nimlab/nimlab/witness"
)

// Status says what became of the certificate of a proof.
type Status string

// The statuses of a certificate.
const (
	// Certified: coqc accepted the certificate, and its characterization
	// rests on no assumption.
	Certified Status = "certified"
	// NotCertifiable: no certificate was written; Reason says why.
	NotCertifiable Status = "not_certifiable"
	// Unchecked: the certificate was written, but coqc is not installed.
	Unchecked Status = "unchecked"
	// Rejected: coqc rejected the certificate of a claim proved by the
	// solver: an internal error, like a proof the engine contradicts.
	Rejected Status = "rejected"
	// Unfinished: coqc did not finish within its time; the certificate
	// was written, not checked.
	Unfinished Status = "unfinished"
	// Stopped: the context was cancelled (the user pressed Ctrl-C) before
	// coqc finished. The certificate was written, not checked, when its
	// text was complete (Path is set); else nothing was written.
	Stopped Status = "stopped"
)

// Report is what became of the certificate of one proof.
type Report struct {
	Status Status `json:"status"`
	// Path is the certificate's file, with the libraries it requires
	// beside it.
	Path string `json:"path,omitempty"`
	// Libraries are the file names of those libraries, in the order coqc
	// compiles them before the certificate: Nimlab.v, and NimSum.v for a
	// nim-sum claim, Moore.v for Moore's colmod, or Reflect.v where cases
	// are proved by reflection.
	Libraries []string `json:"libraries,omitempty"`
	// Reason says why there is no certificate; Detail says it in words,
	// or why coqc did not finish (Unfinished).
	Reason Reason `json:"reason,omitempty"`
	Detail string `json:"detail,omitempty"`
	// Moves is the number of candidate winning moves (II) names; Learned
	// is true when nimlab learned some of them (package witness): all of
	// them, or those added to the claim's own (a theorem's, --move's)
	// where those did not cover (II).
	Moves   int  `json:"moves,omitempty"`
	Learned bool `json:"learned,omitempty"`
	// Reflected is the number of its cases proved by reflection: each
	// move case by Reflect.v's reflect_check (which falls back on lia
	// where coqc's check of it fails), or, where (II) is one computation
	// (OneComputation, wholesplit.go), the leaves of its split the
	// kernel's virtual machine checks; OpenLeaves are the leaves left to
	// lia there.
	Reflected      int  `json:"reflected,omitempty"`
	OneComputation bool `json:"one_computation,omitempty"`
	OpenLeaves     int  `json:"open_leaves,omitempty"`
	// Seconds is coqc's time on the certificate (its libraries compiled
	// before it not counted).
	Seconds float64 `json:"seconds,omitempty"`
	// WriteSeconds is the time the certificate took to write: its moves
	// and case split learned, its text written.
	WriteSeconds float64 `json:"write_seconds,omitempty"`
	// Output is what coqc said when it rejected the certificate.
	Output string `json:"output,omitempty"`
	// Command is the shell command that checks the saved certificate
	// again with coqc alone (CheckCommand).
	Command string `json:"check_command,omitempty"`
	// OutOfTime: the certificate was not settled for want of time, the
	// learning of its moves (NotCertifiable, ReasonNoMoves) or of its case
	// split (ReasonCaseSplit), or coqc's timeout (Unfinished; not when coqc
	// ran out of memory), so that a longer timeout may settle it; a script
	// reads it rather than Detail's words.
	OutOfTime bool `json:"out_of_time,omitempty"`
}

// MaxSplitTime bounds the learning of a certificate's moves and case split
// of (II) when coqc is given at most twice as long (SplitTime): the
// certified claims settle theirs in seconds, CN(7,4)'s in about 5 minutes,
// CN(8,6)'s, with its theorem's 240 moves, in 5 minutes or a little more
// at low load.
const MaxSplitTime = 5 * time.Minute

// SplitTime returns the most time the learning of a certificate's moves and
// case split has when coqc has timeout: as long, at most MaxSplitTime, or
// half of timeout when that is longer (a long coqc is asked for the
// certificates whose split is long to learn too).
func SplitTime(timeout time.Duration) time.Duration {
	return min(timeout, max(MaxSplitTime, timeout/2))
}

// Certify writes the certificate of c as dir/name.v, with the libraries it
// requires beside it (Nimlab.v, and NimSum.v or Moore.v for a claim those
// libraries prove, Reflect.v where cases are proved by reflection), and has
// coqc check it within timeout. When c has no candidate moves, or they do
// not cover (II) on the box the case split is learned on, moves are learned
// from the game (package witness, linear terms only) and added. Learning
// the moves and the case split of (II) has SplitTime(timeout); a split
// not settled in it is a claim with no certificate
// (ReasonCaseSplit). A claim with no certificate is a Report saying why,
// not an error. When ctx is cancelled, Certify returns within a second a
// Report with Status Stopped, and no error: the proof it certifies stands,
// and a certificate whose text was complete is saved, unchecked.
func Certify(ctx context.Context, c Claim, dir, name string, timeout time.Duration) (*Report, error) {
	r := &Report{}
	c.Name = name
	start := time.Now()
	text, err := "", error(nil)
	if t, moves, ok, lerr := byLemmas(c); ok {
		text, err, r.Moves = t, lerr, moves
	} else {
		split := SplitTime(timeout)
		wctx, cancel := context.WithTimeout(ctx, split)
		text, err = linearText(wctx, c, r)
		cancel()
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
			r.OutOfTime = true
			err = uncertifiable(ReasonCaseSplit, fmt.Sprintf("the candidate moves and the case split of (II) were not learned within %v, the time its learning has (coqc's time up to %v, %v for up to %v, half of coqc's beyond): more time for coqc may settle it", split, MaxSplitTime, MaxSplitTime, 2*MaxSplitTime))
		}
	}
	var u *UncertifiableError
	switch {
	case ctx.Err() != nil:
		r.Status = Stopped
		return r, nil
	case errors.As(err, &u):
		return notCertifiable(r, u), nil
	case err != nil:
		return nil, err
	}
	r.WriteSeconds = time.Since(start).Seconds()
	// Checked first, saved after: a check stopped half way leaves no file
	// in dir that could pass for a certificate.
	r.Libraries = Libraries(text)
	r.Reflected, r.OneComputation, r.OpenLeaves = reflectedCases(text)
	checked, err := checkText(ctx, name, text, timeout)
	switch {
	case ctx.Err() != nil:
		r.Status = Stopped
	case errors.Is(err, ErrNoCoq):
		r.Status = Unchecked
	case errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil:
		r.Status, r.Seconds, r.Detail = Unfinished, timeout.Seconds(), fmt.Sprintf("coqc did not finish within %v", timeout)
		r.OutOfTime = true
	case err != nil:
		return nil, err
	case checked.Accepted:
		r.Status, r.Seconds = Certified, checked.Seconds
	case checked.Exhausted:
		r.Status, r.Seconds, r.Output = Unfinished, checked.Seconds, checked.Output
		r.Detail = fmt.Sprintf("coqc ran out of stack or memory, or was killed, after %.0f s", checked.Seconds)
	default:
		r.Status, r.Seconds, r.Output = Rejected, checked.Seconds, checked.Output
	}
	if r.Path, err = Save(dir, name, text); err != nil {
		return nil, err
	}
	r.Command = r.CheckCommand()
	return r, nil
}

// linearText writes the certificate of a claim proved with lia, learning
// moves when c's do not cover (II); it records the moves in r.
func linearText(ctx context.Context, c Claim, r *Report) (string, error) {
	// What a certificate cannot state is said before moves are learned.
	definitions := c
	if len(c.Moves) == 0 {
		definitions.Moves = [][]string{make([]string, c.Game.Piles())}
		for i := range definitions.Moves[0] {
			definitions.Moves[0][i] = check.PileName(i)
		}
	}
	if _, err := newWriter(definitions); err != nil {
		return "", err
	}
	text, err := "", uncertifiable(ReasonNoMoves, "no candidate moves given")
	if len(c.Moves) > 0 {
		text, err = Write(ctx, c)
	}
	if errors.Is(err, ErrNoMoves) {
		budget := learnBudget(ctx)
		learned, lerr := learnMoves(ctx, c, budget)
		switch {
		case errors.Is(lerr, errMovesOutOfTime):
			r.OutOfTime = true
			return "", &UncertifiableError{Reason: ReasonNoMoves, What: fmt.Sprintf("no candidate winning moves that cover (II) were learned within %v, the time each learning has (a quarter of what is left, from 5 s to a minute): more time may find them", budget.Round(time.Second))}
		case lerr != nil:
			return "", lerr
		case learned == nil:
			return "", &UncertifiableError{Reason: ReasonNoMoves, What: "no candidate winning moves were learned that cover (II), for every position or by symmetry"}
		}
		c.Moves = append(c.Moves, learned...)
		r.Learned = true
		text, err = Write(ctx, c)
	}
	r.Moves = len(c.Moves)
	return text, err
}

// learnMoves learns candidate winning moves of c's game into S (package
// witness, linear terms only): for every position, else for the canonical
// positions when the certificate is reduced to them, or else for one
// position per symmetry class, closed under the symmetries. It returns nil
// when neither covers the box learned on, and errMovesOutOfTime when none
// did and the last of them ran out of its time. Each learning has budget
// (learnBudget).
func learnMoves(ctx context.Context, c Claim, budget time.Duration) ([][]string, error) {
	l, err := witness.Learn(ctx, c.Game, c.Set.Evaluator(), witness.Options{Linear: true, MaxMoves: 64, Budget: budget})
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err == nil && l.Complete() {
		return l.Moves, nil
	}
	// Whether more time may find moves is the last learning's say: each
	// is asked of fewer positions than the one before.
	outOfTime := err == nil && l.OutOfTime
	// A certificate reduced to the canonical positions (canonical.go)
	// needs moves only there.
	sym, err := newSymmetry(ctx, c)
	if err != nil {
		return nil, err
	}
	if sym != nil {
		l, err := witness.Learn(ctx, c.Game, c.Set.Evaluator(), witness.Options{Linear: true, MaxMoves: 64, Positions: sym.isCanonical, Budget: budget})
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err == nil && l.Complete() {
			return l.Moves, nil
		}
		outOfTime = err == nil && l.OutOfTime
	}
	moves, learned, err := symmetricMoves(ctx, c, budget)
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case err == nil && moves != nil:
		return moves, nil
	case learned != nil:
		outOfTime = learned.OutOfTime
	}
	if outOfTime {
		return nil, errMovesOutOfTime
	}
	return nil, nil // said as "no moves": the learning's error is about the claim
}

// errMovesOutOfTime says that no moves were learned and a learning ran out
// of its time: more time may find them (Report.OutOfTime).
var errMovesOutOfTime = errors.New("the learning of candidate moves ran out of time")

// learnBudget is the time each learning of moves has (witness's Budget):
// a quarter of what is left of ctx's time, from 5 s to a minute (a minute
// when ctx has no deadline). The learning stops as soon as its moves cover
// the box; the budget counts only where it is slow. 5 s alone, on a loaded
// machine, did not learn the moves of Slow {1,4}-Nim on 4 piles, which an
// idle one learns within them (the frontier's certificates, 2026-12-07):
// the certificate said no_moves where time had run out.
func learnBudget(ctx context.Context) time.Duration {
	d, ok := ctx.Deadline()
	if !ok {
		return time.Minute
	}
	return min(max(time.Until(d)/4, 5*time.Second), time.Minute)
}

func notCertifiable(r *Report, u *UncertifiableError) *Report {
	r.Status, r.Reason, r.Detail = NotCertifiable, u.Reason, u.What
	return r
}

// String says what became of the certificate, in a line.
func (r *Report) String() string {
	switch r.Status {
	case Certified:
		reflected := ""
		switch {
		case r.OneComputation:
			reflected = fmt.Sprintf(" ((II) as one computation: %d leaves checked by the kernel's virtual machine, %d by lia)", r.Reflected, r.OpenLeaves)
		case r.Reflected > 0:
			reflected = fmt.Sprintf(" (%d cases by reflection)", r.Reflected)
		}
		return fmt.Sprintf("certified: written in %.1f s; coqc accepted %s in %.1f s%s, resting on no assumption", r.WriteSeconds, r.Path, r.Seconds, reflected)
	case Unchecked:
		return fmt.Sprintf("written to %s, not checked: coqc is not installed (apt-get install coq)", r.Path)
	case Unfinished:
		return fmt.Sprintf("written to %s, not checked: %s", r.Path, cmp.Or(r.Detail, "coqc did not finish"))
	case Stopped:
		if r.Path == "" {
			return "stopped before the certificate was written"
		}
		return fmt.Sprintf("written to %s, not checked: stopped before coqc finished", r.Path)
	case Rejected:
		return fmt.Sprintf("rejected by coqc: %s (an internal error of nimlab; please report it)", r.Path)
	}
	return fmt.Sprintf("no certificate (%s): %s", r.Reason, r.Detail)
}

// CheckCommand returns the shell command that checks the certificate again
// as Check does: in its folder, coqc on each library it requires, on the
// certificate, then on its checker (Checker).
func (r *Report) CheckCommand() string {
	dir, file := filepath.Split(r.Path)
	libs := r.Libraries
	if len(libs) == 0 {
		libs = []string{LibraryName}
	}
	dir = filepath.Clean(dir)
	if !filepath.IsAbs(dir) && dir != "." && dir != ".." && !strings.HasPrefix(dir, "../") {
		// Neither an option of cd (-x) nor a folder of CDPATH, where cd
		// would print the folder it went to.
		dir = "./" + dir
	}
	return "cd " + shellQuote(dir) + " && " + compileCommand(libs, strings.TrimSuffix(file, ".v"))
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/._-+,:=@", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// FileName returns the name of the certificate of a claim about the game
// spec: of theorem, when not empty, e.g. nimlab_cn63_cn_6_3; else of the
// claim's text. It is a Coq module name (letters, digits, underscores), so
// the spec's other characters become underscores; when that loses
// something (hyper:1-2,3 and hyper:1,2-3), and for every claim given as
// text, the first 8 hex digits of the SHA-256 of spec and claim follow, so
// that no two claims share a file.
func FileName(spec, theorem, claim string) string {
	lossy := claim != ""
	safe := func(s string, counts bool) string {
		b := []byte(s)
		for i, c := range b {
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
				lossy = lossy || counts && c != ':' && c != ','
				b[i] = '_'
			}
		}
		return string(b)
	}
	name := "nimlab_" + safe(spec, true)
	if theorem != "" {
		name = "nimlab_" + safe(theorem, false) + "_" + safe(spec, true)
	}
	if lossy {
		name += fmt.Sprintf("_%x", sha256.Sum256([]byte(spec+"\n"+theorem+"\n"+claim)))[:9]
	}
	return name
}
