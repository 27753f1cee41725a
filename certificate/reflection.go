package certificate

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Reflection of (II)'s move cases (reflect.go): a certificate with many
// of them is written twice. First with each move case's goal printed
// (print_goal, Reflect.v) where its proof would be, and run through coqc
// once; each printed goal is read (goalparse.go) and, where it names
// enough minima (reflectDefs), its certificate sought (refute.go). Then
// for good, each case whose certificate was found proved by Reflect.v's
// check, the others (and any the check refuses) by lia as before: lia
// splits every minimum it reads, and most of its calls fail; the check
// reads the splits its certificate names.

// reflectFrom is the number of move cases from which a certificate
// proves them by reflection: below it, the run that prints the goals
// costs more than lia.
var reflectFrom = 40

// reflectDefs is the number of minima and maxima from which a case is
// proved by reflection rather than by lia: lia splits each one, the check
// reads the certificate's splits. CN(7,4)'s 534 move cases, the same
// split both ways, coqc -time, load 2: with 0, 1 and 2 of them, lia 42, 70
// and 78 ms a case and the check 53, 72 and 70 ms; with 3, 4, 6 and 8,
// lia 118, 202, 469 and 914 ms and the check 82, 102, 155 and 240 ms
// (docs/proofs.md). CN(8,6), most of whose cases name one or two, took
// 359 s of coqc with every case by the check, 272 s with every case by
// lia.
var reflectDefs = 3

// printTimeout bounds the run of coqc that prints the goals.
const printTimeout = 10 * time.Minute

// reflectCases prints the goals of the split's move cases and finds the
// certificates of those it can (in s.reflected). The writer's text is
// left as it was.
func (w *writer) reflectCases(ctx context.Context, s *splitter, root *caseNode) {
	s.tags = map[*caseNode]int{}
	s.tagMoveCases(root)
	if len(s.tags) < reflectFrom {
		return
	}
	if _, err := exec.LookPath("coqc"); err != nil {
		return
	}
	definitions := w.b.String()
	s.dump = true
	w.lemmas(s.tree(root))
	text := w.b.String()
	s.dump = false
	w.b.Reset()
	w.b.WriteString(definitions)
	text, ok := w.goalsOnly(text)
	if !ok {
		return
	}
	out, err := printGoals(ctx, text)
	if err != nil {
		return
	}
	byTag := map[int]*caseNode{}
	for c, tag := range s.tags {
		byTag[tag] = c
	}
	s.reflected = map[*caseNode]*reflected{}
	for tag, r := range certifyGoals(ctx, printedGoals(out), w.variables()) {
		if c, ok := byTag[tag]; ok {
			s.reflected[c] = r
		}
	}
}

// tagMoveCases numbers the split's move cases that merge their goals
// (those whose goal print_goal prints), in the order they are written.
func (s *splitter) tagMoveCases(c *caseNode) {
	switch {
	case c.cond != nil:
		s.tagMoveCases(c.yes)
		s.tagMoveCases(c.no)
	case s.isMoveCase(c):
		if _, _, ok := s.merges(c); ok {
			s.tags[c] = len(s.tags) + 1
		}
	}
}

// certifyGoals reads the printed goals and finds their certificates, on
// every core: those it found, by tag.
func certifyGoals(ctx context.Context, goals map[int]string, piles []string) map[int]*reflected {
	ids := make([]int, 0, len(goals))
	for id := range goals {
		ids = append(ids, id)
	}
	var mu sync.Mutex
	found := map[int]*reflected{}
	onEveryCore(ctx, ids, func(id int) {
		r, err := parseGoal(goals[id], piles)
		if err == nil && len(r.defs) >= reflectDefs && r.certify(ctx) {
			mu.Lock()
			found[id] = r
			mu.Unlock()
		}
	})
	return found
}

// onEveryCore calls do on each item, on every core at once, until ctx
// ends (the items left are then skipped).
func onEveryCore[T any](ctx context.Context, items []T, do func(T)) {
	jobs := make(chan T)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for x := range jobs {
				if ctx.Err() == nil {
					do(x)
				}
			}
		})
	}
	for _, x := range items {
		jobs <- x
	}
	close(jobs)
	wg.Wait()
}

// tree returns the tactics of the split at root.
func (s *splitter) tree(root *caseNode) string {
	var b strings.Builder
	s.write(&b, root, 1)
	return b.String()
}

// goalsOnly cuts the certificate after the lemma witnesses, admitted (its
// cases print their goals and are admitted), prints terms to any depth
// (Coq writes "..." past 50 levels, where the cases with most minima
// are), and requires Reflect.
func (w *writer) goalsOnly(text string) (string, bool) {
	start := strings.Index(text, "\nLemma witnesses ")
	if start < 0 {
		return "", false
	}
	end := strings.Index(text[start:], "\nQed.")
	if end < 0 {
		return "", false
	}
	text = text[:start] + "\nSet Printing Depth 1000000." + text[start:start+end] + "\nAdmitted.\n"
	return w.requiring(text, "Reflect")
}

// require makes the certificate written so far require lib too.
func (w *writer) require(lib string) error {
	text, ok := w.requiring(w.b.String(), lib)
	if !ok {
		return fmt.Errorf("certificate: the text does not start with its header")
	}
	w.b.Reset()
	w.b.WriteString(text)
	w.libs = append(w.libs, lib)
	return nil
}

// requiring returns the certificate text with its header and Require line
// naming the libraries and lib besides, and false when the text does not
// start with its header.
func (w *writer) requiring(text, lib string) (string, bool) {
	head := &writer{c: w.c}
	head.header(w.libs...)
	more := &writer{c: w.c}
	more.header(append(w.libs, lib)...)
	body, ok := strings.CutPrefix(text, head.b.String())
	return more.b.String() + body, ok
}

// printGoals runs coqc on the text and returns what it prints.
func printGoals(ctx context.Context, text string) (string, error) {
	coqc, err := exec.LookPath("coqc")
	if err != nil {
		return "", ErrNoCoq
	}
	dir, err := os.MkdirTemp("", "nimlab-goals-")
	if err != nil {
		return "", fmt.Errorf("certificate: %w", err)
	}
	defer os.RemoveAll(dir)
	const name = "goals"
	if _, err := Save(dir, name, text); err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, printTimeout)
	defer cancel()
	for _, lib := range Libraries(text) {
		if out, err := run(ctx, coqc, dir, lib); err != nil {
			return "", fmt.Errorf("certificate: coqc on %s: %v: %s", lib, err, out)
		}
	}
	out, err := run(ctx, coqc, dir, name+".v")
	if err != nil {
		return "", fmt.Errorf("certificate: coqc printing the goals: %v: %s", err, lastLine(out))
	}
	return out, nil
}

// printedGoals returns the goals print_goal printed, by their tag.
func printedGoals(out string) map[int]string {
	goals := map[int]string{}
	for {
		start := strings.Index(out, "NIMLAB-GOAL ")
		if start < 0 {
			return goals
		}
		out = out[start+len("NIMLAB-GOAL "):]
		line, rest, _ := strings.Cut(out, "\n")
		body, after, ok := strings.Cut(rest, "NIMLAB-END")
		if !ok {
			return goals
		}
		if id, err := strconv.Atoi(strings.TrimSpace(line)); err == nil {
			goals[id] = body
		}
		out = after
	}
}
