package commands

import (
	"context"
	"fmt"
	"io"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/latex"
	"github.com/nimlab/nimlab/literature"
	"github.com/nimlab/nimlab/theory"
)

// TheoremsRequest asks for the theorems nimlab decides positions with, or
// the one covering a game ("nimlab theorems").
type TheoremsRequest struct {
	// Game, when not empty, asks for the theorem covering it.
	Game string `json:"game,omitempty"`
	// Format is how WriteText writes them: text (when empty) or latex (a
	// booktabs table of name, statement and source).
	Format string `json:"format,omitempty"`
}

// TheoremsResult lists theorems.
type TheoremsResult struct {
	Theorems []Theorem `json:"theorems"`

	game   string
	format string
}

// Theorems lists every theorem, or the one covering the game asked about
// (none when no theorem covers it).
func Theorems(ctx context.Context, req TheoremsRequest) (*TheoremsResult, error) {
	format, err := formatOf(req.Format, "text", "latex")
	if err != nil {
		return nil, err
	}
	req.Format = format
	list := theory.Theorems()
	if req.Game != "" {
		g, err := game.Parse(req.Game)
		if err != nil {
			return nil, err
		}
		list = nil
		if th, _, ok := theory.Find(ctx, g); ok {
			list = append(list, th)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	r := &TheoremsResult{Theorems: []Theorem{}, game: req.Game, format: req.Format}
	for _, th := range list {
		r.Theorems = append(r.Theorems, theoremOf(th))
	}
	return r, nil
}

// WriteText writes the theorems as "nimlab theorems" prints them, or as a
// LaTeX table.
func (r *TheoremsResult) WriteText(out io.Writer) error {
	if r.format == "latex" {
		return r.writeLaTeX(out)
	}
	if len(r.Theorems) == 0 {
		fmt.Fprintf(out, "no theorem covers %s; nimlab solves it by tables\n", r.game)
	}
	for _, th := range r.Theorems {
		fmt.Fprintf(out, "%s\n    %s\n    %s\n", th.Name, th.Statement, th.Source)
		for _, p := range th.Proofs {
			fmt.Fprintf(out, "    machine proof: %s\n", p)
		}
	}
	return nil
}

// Family is a game family in JSON: its citation both rendered (Source) and
// structured (References).
type Family struct {
	Name       string               `json:"name"`
	Syntax     string               `json:"syntax"`
	Example    string               `json:"example"`
	Help       string               `json:"help"`
	Source     string               `json:"source"`
	References literature.Citations `json:"references"`
}

// GamesResult lists the game families and their spec syntax ("nimlab
// games"); its JSON is the list.
type GamesResult []Family

// Games lists the game families.
func Games() GamesResult {
	var rows GamesResult
	for _, f := range game.Families() {
		rows = append(rows, Family{f.Name, f.Syntax, f.Example, f.Help, f.Source.String(), f.Source})
	}
	return rows
}

// WriteText writes the families as "nimlab games" prints them.
func (r GamesResult) WriteText(out io.Writer) error {
	for _, f := range r {
		fmt.Fprintf(out, "%s\n    %s\n    e.g. %s (%s)\n", f.Syntax, f.Help, f.Example, f.Source)
	}
	fmt.Fprintf(out, "\nAppend %s to any spec for misère play (the player who makes the last move loses).\n", game.MisereSuffix)
	return nil
}

// writeLaTeX writes the theorems as a booktabs table: name, statement (with
// its machine proofs) and source, one row a theorem.
func (r *TheoremsResult) writeLaTeX(out io.Writer) error {
	command := "nimlab theorems"
	caption := "The theorems nimlab decides positions with, and where the papers state them."
	if r.game != "" {
		command += " " + ShellQuote(r.game)
		caption = "The theorem that decides the positions of " + latex.Code(r.game) + "."
		if len(r.Theorems) == 0 {
			caption = "No theorem decides the positions of " + latex.Code(r.game) + "; nimlab solves it by tables."
		}
	}
	fmt.Fprintln(out, latex.Comment("made by: "+command+" --format latex"))
	if r.game == "" {
		fmt.Fprintln(out, latex.Comment(`needs \usepackage{booktabs,longtable}`))
	} else {
		fmt.Fprintln(out, latex.Comment(`needs \usepackage{booktabs}`))
	}
	tw := latex.Table{
		Columns: `@{}l p{0.48\linewidth} p{0.26\linewidth}@{}`,
		Head:    []string{"Name", "Statement", "Source"},
		Caption: caption,
		Label:   latex.Label("tab", "theorems "+r.game),
		// The whole list, of tall rows, takes more than a page.
		Long: r.game == "",
	}.NewWriter(out)
	for _, th := range r.Theorems {
		statement := latex.Escape(th.Statement)
		for _, p := range th.Proofs {
			statement += ` \newline Machine proof: ` + latex.Escape(p.String())
		}
		if err := tw.Row(latex.Code(th.Name), statement, latex.Escape(th.Source)); err != nil {
			return err
		}
	}
	return tw.Close()
}
