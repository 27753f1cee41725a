package commands

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/nimlab/nimlab/repro"
	"github.com/nimlab/nimlab/solve"
)

// ReproRequest asks to re-derive the papers' checkable claims ("nimlab
// repro").
type ReproRequest struct {
	// Only keeps the claims whose id contains it.
	Only string `json:"only,omitempty"`
	// List lists the claims without checking them (ReproList).
	List bool `json:"list,omitempty"`
}

// ReproResult is every claim checked, and how many agree.
type ReproResult struct {
	Agree    int            `json:"agree"`
	Claims   []repro.Result `json:"claims"`
	Disagree int            `json:"disagree"`
}

// ClaimsResult lists claims without checking them ("nimlab repro --list").
type ClaimsResult struct {
	Claims []repro.Claim `json:"claims"`
}

// Repro checks every claim whose id contains req.Only, in order, and
// sends each to env.Claim as soon as it is checked. A claim that disagrees
// is reported, not an error: the table is published as it stands.
func Repro(ctx context.Context, env Env, req ReproRequest) (*ReproResult, error) {
	r := &ReproResult{}
	// The claims' tables go through env's gate, carried by the context.
	ctx = solve.WithGate(ctx, env.gate(false))
	for _, c := range repro.Claims() {
		if !strings.Contains(c.ID, req.Only) {
			continue
		}
		res, err := c.Check(ctx)
		if err == nil {
			err = ctx.Err() // a claim stopped by it is not a disagreement
		}
		if err != nil {
			return nil, err
		}
		if env.Claim != nil {
			env.Claim(res)
		}
		r.Claims = append(r.Claims, res)
		if res.Agrees {
			r.Agree++
		}
	}
	r.Disagree = len(r.Claims) - r.Agree
	if len(r.Claims) == 0 {
		return nil, fmt.Errorf("no claim id contains %q", req.Only)
	}
	return r, nil
}

// ReproList lists the claims whose id contains req.Only, unchecked.
func ReproList(req ReproRequest) (*ClaimsResult, error) {
	r := &ClaimsResult{Claims: []repro.Claim{}}
	for _, c := range repro.Claims() {
		if strings.Contains(c.ID, req.Only) {
			r.Claims = append(r.Claims, c)
		}
	}
	if len(r.Claims) == 0 {
		return nil, fmt.Errorf("no claim id contains %q", req.Only)
	}
	return r, nil
}

// WriteText writes every claim and the count as "nimlab repro" prints them.
func (r *ReproResult) WriteText(out io.Writer) error {
	for _, c := range r.Claims {
		WriteClaim(out, c)
	}
	return r.WriteSummary(out)
}

// WriteClaim writes one checked claim as "nimlab repro" prints it: the
// verdict, the claim, its source and what nimlab computed.
func WriteClaim(out io.Writer, r repro.Result) {
	verdict := "agrees"
	if !r.Agrees {
		verdict = "DISAGREES"
	}
	fmt.Fprintf(out, "%-9s %s\n          claim:    %s\n          source:   %s\n          computed: %s\n", verdict, r.ID, r.Statement, r.Source, r.Computed)
}

// WriteSummary writes the last line of "nimlab repro": how many claims
// agree.
func (r *ReproResult) WriteSummary(out io.Writer) error {
	_, err := fmt.Fprintf(out, "\n%d claims: %d agree, %d disagree\n", len(r.Claims), r.Agree, r.Disagree)
	return err
}

// WriteText writes the claims as "nimlab repro --list" prints them.
func (r *ClaimsResult) WriteText(out io.Writer) error {
	for _, c := range r.Claims {
		fmt.Fprintf(out, "%s\n          claim:    %s\n          source:   %s\n", c.ID, c.Statement, c.Source)
	}
	_, err := fmt.Fprintf(out, "\n%d claims\n", len(r.Claims))
	return err
}
