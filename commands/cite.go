package commands

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/literature"
	"github.com/nimlab/nimlab/theory"
)

// CiteRequest asks how to cite nimlab and the papers behind a game ("nimlab
// cite").
type CiteRequest struct {
	// Game, when not empty, asks for the papers that define it (every part
	// of a compound or construction) and state the theorem that decides
	// it.
	Game string `json:"game,omitempty"`
	// All asks for every reference of the bibliography.
	All bool `json:"all,omitempty"`
	// Format is bibtex (when empty) or text.
	Format string `json:"format,omitempty"`
}

// CiteResult is the references to cite, nimlab last.
type CiteResult struct {
	Game string `json:"game,omitempty"`
	// Citations cite the papers, each with the places the game's
	// definition and theorem come from.
	Citations literature.Citations `json:"citations"`
	// Nimlab is nimlab itself, at Version (a release or a revision) and
	// Year (0 when unknown).
	Nimlab  literature.Software `json:"nimlab"`
	Version string              `json:"version,omitempty"`
	Year    int                 `json:"year,omitempty"`
	// BibTeX is the entries of the references and of nimlab.
	BibTeX string `json:"bibtex"`

	title  string
	format string
}

// Cite lists the references behind a game, or all of them, and nimlab's.
func Cite(ctx context.Context, req CiteRequest) (*CiteResult, error) {
	format, err := formatOf(req.Format, "bibtex", "text")
	if err != nil {
		return nil, err
	}
	req.Format = format
	if req.All && req.Game != "" {
		return nil, requestErrorf("%v cites every reference: give no GAME", Param("all"))
	}
	r := &CiteResult{Citations: literature.Citations{}, Nimlab: literature.Nimlab, format: req.Format}
	v := Version()
	r.Version, r.Year = v.Cited(), v.Year()
	switch {
	case req.All:
		for _, ref := range literature.References() {
			r.Citations = append(r.Citations, literature.Citation{Reference: ref})
		}
	case req.Game != "":
		g, err := game.Parse(req.Game)
		if err != nil {
			return nil, err
		}
		r.Game, r.title = g.Spec, g.Title
		cs := gameCitations(g)
		if th, _, ok := theory.Find(ctx, g); ok {
			cs = append(cs, th.Source...)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		r.Citations = mergeCitations(cs)
	}
	var b strings.Builder
	for _, c := range r.Citations {
		b.WriteString(c.BibTeX())
		b.WriteByte('\n')
	}
	b.WriteString(r.Nimlab.BibTeX(r.Version, r.Year))
	r.BibTeX = b.String()
	return r, nil
}

// gameCitations are the citations of g's definition and of the games it
// is built from, in the order of its parts.
func gameCitations(g *game.Game) literature.Citations {
	cs := append(literature.Citations(nil), g.Source...)
	if g.Construction != nil {
		for _, p := range g.Construction.Parts {
			cs = append(cs, gameCitations(p)...)
		}
	}
	return cs
}

// mergeCitations makes one citation of each reference, in the order of
// their first citation, its places joined by semicolons.
func mergeCitations(cs literature.Citations) literature.Citations {
	out := literature.Citations{}
	at := map[string]int{}
	for _, c := range cs {
		i, ok := at[c.Key]
		if !ok {
			at[c.Key] = len(out)
			out = append(out, c)
			continue
		}
		if c.Where != "" && !strings.Contains(out[i].Where, c.Where) {
			if out[i].Where != "" {
				out[i].Where += "; "
			}
			out[i].Where += c.Where
		}
	}
	return out
}

// WriteText writes BibTeX entries, or with Format text the references in
// full, each with what it is cited for.
func (r *CiteResult) WriteText(w io.Writer) error {
	if r.format == "bibtex" {
		_, err := io.WriteString(w, r.BibTeX)
		return err
	}
	if r.Game != "" {
		fmt.Fprintf(w, "%s (%s) comes from:\n", r.Game, r.title)
	}
	for _, c := range r.Citations {
		fmt.Fprintf(w, "- %s", c.Full())
		if c.DOI != "" {
			fmt.Fprintf(w, ", doi %s", c.DOI)
		}
		if c.Where != "" {
			fmt.Fprintf(w, "\n  (%s)", c.Where)
		}
		fmt.Fprintln(w)
	}
	s := r.Nimlab
	fmt.Fprintf(w, "- %s, %s, %s", strings.Join(s.Authors, ", "), s.Title, s.URL)
	if r.Version != "" {
		fmt.Fprintf(w, ", %s", r.Version)
	}
	if r.Year != 0 {
		fmt.Fprintf(w, " (%d)", r.Year)
	}
	_, err := fmt.Fprintln(w)
	return err
}
