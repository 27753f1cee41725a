package prove

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// Solver is an SMT solver run as a separate process and spoken to in SMT-LIB 2
// over its standard input and output.
type Solver struct {
	// Name is "z3" or "cvc5".
	Name string
	// Path is the program's file.
	Path string
	// Version is what the program says of its version, e.g. "Z3 version
	// 4.8.12 - 64 bit".
	Version string
}

// solverArgs are the arguments that make each solver read SMT-LIB 2 from its
// standard input and answer each command as it comes.
var solverArgs = map[string][]string{
	"z3":   {"-in", "-smt2"},
	"cvc5": {"--lang=smt2", "--incremental", "--produce-models"},
}

// ErrNoSolver is returned by FindSolver when the solver is not installed.
var ErrNoSolver = errors.New("no SMT solver")

// FindSolver looks the solver name ("z3" or "cvc5", "" for z3) up on the
// PATH and asks it its version.
func FindSolver(ctx context.Context, name string) (*Solver, error) {
	if name == "" {
		name = "z3"
	}
	if _, ok := solverArgs[name]; !ok {
		return nil, fmt.Errorf("unknown solver %q: the solvers are z3 and cvc5", name)
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return nil, fmt.Errorf("%w: %s is not installed (on Debian: apt-get install %s)", ErrNoSolver, name, name)
	}
	out, err := exec.CommandContext(ctx, path, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("%s --version: %w", path, err)
	}
	version, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	return &Solver{Name: name, Path: path, Version: version}, nil
}

// Answer is what a solver says of a query: "unsat", "sat" or "unknown".
type Answer string

// The answers of check-sat.
const (
	Unsat   Answer = "unsat"
	Sat     Answer = "sat"
	Unknown Answer = "unknown"
)

// Reply is the solver's answer to one query.
type Reply struct {
	Answer Answer
	// Values holds, when the answer is sat, the value of each variable asked
	// for.
	Values map[string]int64
	// Reason says why the answer is unknown: the solver's reason, a timeout,
	// a crash.
	Reason string
	// Kind is the kind of Reason: ReasonTimeout, ReasonBeyond, or ReasonSolver for every
	// other reason the solver gives none of (prove's own queries add
	// ReasonStopped).
	Kind ReasonKind
	// Seconds is the time the solver took, as seen from here.
	Seconds float64
	// Core holds, when the answer is unsat and the script names assertions
	// ((! f :named n)), the names of those the solver's refutation used:
	// an unsat core none of whose assertions can be left out (minimal, not
	// necessarily the least).
	Core []string
}

// Check runs script (declarations and assertions, without check-sat) in a new
// solver process, with at most timeout for check-sat, and asks for the values
// of vars when the answer is sat. The process is killed when ctx is done. A
// solver that crashes, times out or answers what is not SMT-LIB gives
// Unknown with the reason, never an error: only a ctx that is done is one.
func (s *Solver) Check(ctx context.Context, script string, vars []string, timeout time.Duration) (Reply, error) {
	return s.CheckUsing(ctx, script, vars, timeout, "")
}

// CheckUsing is Check with a z3 tactic to decide the query with
// ((check-sat-using tactic)); other solvers, and an empty tactic, use
// (check-sat).
func (s *Solver) CheckUsing(ctx context.Context, script string, vars []string, timeout time.Duration, tactic string) (Reply, error) {
	start := time.Now()
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, timeout+2*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, s.Path, solverArgs[s.Name]...)
	cmd.WaitDelay = time.Second
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return Reply{}, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return Reply{}, err
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	reply := func(r Reply) (Reply, error) {
		r.Seconds = time.Since(start).Seconds()
		if r.Answer == Unknown && r.Kind == "" {
			r.Kind = ReasonSolver
		}
		if parent.Err() != nil {
			return r, context.Cause(parent) // the caller's end, not the query's time
		}
		return r, nil
	}
	if err := cmd.Start(); err != nil {
		// Also when the caller's context ended before the start: then
		// reply says so.
		return reply(Reply{Answer: Unknown, Reason: fmt.Sprintf("%s did not start: %v", s.Name, err)})
	}
	defer func() {
		_ = stdin.Close()
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}()
	lines := bufio.NewReader(stdout)
	// The timeout is set in the script, so the solver stops by itself and
	// says unknown; the context's own deadline, a little later, kills it.
	ms := max(timeout.Milliseconds(), 1) // 0 would mean no limit
	header := fmt.Sprintf("(set-option :print-success false)\n(set-option :produce-models true)\n(set-option :timeout %d)\n", ms)
	if s.Name == "cvc5" {
		header = fmt.Sprintf("(set-option :print-success false)\n(set-option :tlimit-per %d)\n", ms)
	}
	named := strings.Contains(script, ":named ")
	if named {
		// A minimal core: none of its assertions can be left out.
		header += map[string]string{
			"z3":   "(set-option :produce-unsat-cores true)\n(set-option :smt.core.minimize true)\n",
			"cvc5": "(set-option :produce-unsat-cores true)\n(set-option :minimal-unsat-cores true)\n",
		}[s.Name]
	}
	go func() {
		_, _ = io.WriteString(stdin, header+script+"\n"+s.checkSat(tactic)+"\n")
	}()
	line, err := readAnswer(lines)
	if err != nil {
		r := Reply{Answer: Unknown, Reason: fmt.Sprintf("%s stopped without an answer (%v)", s.Name, err)}
		if ctx.Err() != nil {
			// Killed at the context's deadline, past the timeout.
			r.Reason, r.Kind = fmt.Sprintf("%s did not answer within %v", s.Name, timeout), ReasonTimeout
		} else if msg := strings.TrimSpace(stderr.String()); msg != "" {
			r.Reason += ": " + firstLine(msg)
		}
		return reply(r)
	}
	switch Answer(line) {
	case Unsat:
		r := Reply{Answer: Unsat}
		if named {
			_, _ = io.WriteString(stdin, "(get-unsat-core)\n")
			core, err := readSExpr(lines)
			if err != nil {
				return reply(r) // unsat stands; the core is a hint
			}
			r.Core = strings.Fields(strings.NewReplacer("(", " ", ")", " ").Replace(core))
		}
		return reply(r)
	case Unknown:
		return reply(unknownReply(stdin, lines, timeout, start))
	case Sat:
	default:
		return reply(Reply{Answer: Unknown, Reason: fmt.Sprintf("%s answered %q", s.Name, firstLine(line))})
	}
	r := Reply{Answer: Sat, Values: map[string]int64{}}
	if len(vars) == 0 {
		return reply(r)
	}
	_, _ = io.WriteString(stdin, "(get-value ("+strings.Join(vars, " ")+"))\n")
	model, err := readSExpr(lines)
	if err != nil {
		return reply(Reply{Answer: Unknown, Reason: fmt.Sprintf("sat, but the model could not be read: %v", err)})
	}
	values, err := parseValues(model)
	if errors.Is(err, strconv.ErrRange) {
		return reply(Reply{Answer: Unknown, Kind: ReasonBeyond, Reason: "sat, but only with a pile above 2^63-1, beyond the piles nimlab takes"})
	}
	if err != nil {
		return reply(Reply{Answer: Unknown, Reason: fmt.Sprintf("sat, but the model could not be read: %v", err)})
	}
	for _, v := range vars {
		x, ok := values[v]
		if !ok {
			return reply(Reply{Answer: Unknown, Reason: fmt.Sprintf("sat, but the model has no value for %s", v)})
		}
		r.Values[v] = x
	}
	return reply(r)
}

// unknownReply asks the solver, started at start, why it answered unknown,
// and says so: a timeout (ReasonTimeout) or the solver's own reason.
func unknownReply(stdin io.Writer, lines *bufio.Reader, timeout time.Duration, start time.Time) Reply {
	_, _ = io.WriteString(stdin, "(get-info :reason-unknown)\n")
	why, _ := readSExpr(lines)
	// z3 says (:reason-unknown "timeout"), cvc5 (:reason-unknown timeout).
	why = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(why), "("), ")")
	why = strings.Trim(strings.TrimSpace(strings.TrimPrefix(why, ":reason-unknown")), "\"")
	if why == "" {
		why = "no reason given"
	}
	// The solver's own reason is read (its protocol, not nimlab's
	// wording): z3 says "timeout" or "canceled" for the same thing.
	if strings.Contains(why, "timeout") || strings.Contains(why, "canceled") || time.Since(start) >= timeout {
		return Reply{Answer: Unknown, Kind: ReasonTimeout, Reason: fmt.Sprintf("no answer within %v (timeout)", timeout)}
	}
	return Reply{Answer: Unknown, Reason: why}
}

// checkSat is the command that decides a script: (check-sat), or for z3
// with a tactic, (check-sat-using tactic).
func (s *Solver) checkSat(tactic string) string {
	if tactic == "" || s.Name != "z3" {
		return "(check-sat)"
	}
	return "(check-sat-using " + tactic + ")"
}

// readAnswer reads the next non-empty line.
func readAnswer(r *bufio.Reader) (string, error) {
	for {
		line, err := r.ReadString('\n')
		if t := strings.TrimSpace(line); t != "" {
			return t, nil
		}
		if err != nil {
			return "", err
		}
	}
}

// readSExpr reads one balanced s-expression (or atom) that may span lines.
func readSExpr(r *bufio.Reader) (string, error) {
	var b strings.Builder
	depth, started := 0, false
	for {
		c, err := r.ReadByte()
		if err != nil {
			return b.String(), err
		}
		if !started && (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
			continue
		}
		started = true
		b.WriteByte(c)
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return b.String(), nil
			}
		case '\n':
			if depth == 0 {
				return strings.TrimSpace(b.String()), nil
			}
		}
		if b.Len() > 1<<20 {
			return "", errors.New("the answer is longer than 1 MiB")
		}
	}
}

// parseValues reads ((x 3) (y (- 2)) ...) into a map.
func parseValues(s string) (map[string]int64, error) {
	toks := strings.Fields(strings.NewReplacer("(", " ( ", ")", " ) ").Replace(s))
	out := map[string]int64{}
	// Expect "(" then pairs "(" name value ")" then ")".
	i := 0
	next := func() string {
		if i < len(toks) {
			i++
			return toks[i-1]
		}
		return ""
	}
	if next() != "(" {
		return nil, fmt.Errorf("not a list of values: %q", firstLine(s))
	}
	for {
		t := next()
		if t == ")" {
			return out, nil
		}
		if t != "(" {
			return nil, fmt.Errorf("unexpected %q in %q", t, firstLine(s))
		}
		name := next()
		v, err := parseNumeral(next)
		if err != nil {
			return nil, fmt.Errorf("the value of %s: %w", name, err)
		}
		if next() != ")" {
			return nil, fmt.Errorf("the value of %s is not a number", name)
		}
		out[name] = v
	}
}

// parseNumeral reads 7, (- 7) or a bit-vector literal #b... / #x... /
// (_ bvN w).
func parseNumeral(next func() string) (int64, error) {
	t := next()
	switch {
	case t == "(":
		op := next()
		switch op {
		case "-":
			v, err := parseNumeral(next)
			if err != nil {
				return 0, err
			}
			if next() != ")" {
				return 0, errors.New("unbalanced (- ...)")
			}
			return -v, nil
		case "_":
			bv := next()
			_ = next() // the width
			if next() != ")" || !strings.HasPrefix(bv, "bv") {
				return 0, fmt.Errorf("unexpected (_ %s ...)", bv)
			}
			return strconv.ParseInt(bv[2:], 10, 64)
		}
		return 0, fmt.Errorf("unexpected (%s ...)", op)
	case strings.HasPrefix(t, "#b"):
		u, err := strconv.ParseUint(t[2:], 2, 64)
		return int64(u), err
	case strings.HasPrefix(t, "#x"):
		u, err := strconv.ParseUint(t[2:], 16, 64)
		return int64(u), err
	}
	return strconv.ParseInt(t, 10, 64)
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return excerpt(line)
}
