package commands

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/prove"
	"github.com/nimlab/nimlab/prove/proof"
	"github.com/nimlab/nimlab/theory"
)

// latexStructure summarizes LaTeX output: its comments, environments and
// rules, and the number of rows (lines ending in \\) of each table.
func latexStructure(t *testing.T, text string) string {
	t.Helper()
	if i := strings.IndexFunc(text, func(r rune) bool { return r > unicode.MaxASCII }); i >= 0 {
		t.Errorf("not ASCII: %q", text[i:min(i+20, len(text))])
	}
	var b strings.Builder
	rows := 0
	flush := func() {
		if rows > 0 {
			b.WriteString("rows " + strconv.Itoa(rows) + "\n")
			rows = 0
		}
	}
	for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, `\begin`), strings.HasPrefix(l, `\end`), strings.HasPrefix(l, "% "),
			l == `\toprule`, l == `\midrule`, l == `\bottomrule`, strings.HasPrefix(l, `\caption`):
			flush()
			b.WriteString(l + "\n")
		case strings.HasSuffix(l, ` \\`):
			rows++
		}
	}
	flush()
	return b.String()
}

func TestListLaTeX(t *testing.T) {
	tests := []struct {
		game    string
		max     int
		classes bool
		want    string
	}{
		{"cn:6,3", 2, true, "% made by: nimlab list cn:6,3 --max 2 --classes --format latex\n" +
			"% needs \\usepackage{booktabs}, and \\usepackage{longtable} for more than 40 rows\n" +
			"\\begin{table}[htbp]\n" +
			"\\caption{The P-positions of Circular Nim CN(6,3) with every pile at most 2, one per symmetry class (the lexicographically smallest position of the class).}\\label{tab:p-classes:cn-6-3-max-2}\n" +
			"\\begin{tabular}{rrrrrr}\n\\toprule\nrows 1\n\\midrule\nrows {N}\n\\bottomrule\n\\end{tabular}\n\\end{table}\n% {N} classes\n"},
		// More than latex.LongRows: a longtable, its head repeated on every page.
		{"cn:6,3", 3, false, "% made by: nimlab list cn:6,3 --max 3 --format latex\n" +
			"% needs \\usepackage{booktabs}, and \\usepackage{longtable} for more than 40 rows\n" +
			"\\begin{longtable}{rrrrrr}\n" +
			"\\caption{The P-positions of Circular Nim CN(6,3) with every pile at most 3.}\\label{tab:p-positions:cn-6-3-max-3}\\\\\n" +
			"\\toprule\nrows 1\n\\midrule\n\\endfirsthead\n\\toprule\nrows 1\n\\midrule\n\\endhead\n\\midrule\nrows 1\n\\endfoot\n\\bottomrule\n\\endlastfoot\nrows {N}\n\\end{longtable}\n% {N} P-positions\n"},
		// The spec's & is escaped in the caption; the comment keeps it.
		{"cn:4,2 & nim:1", 1, false, "% made by: nimlab list 'cn:4,2&nim:1' --max 1 --format latex\n" +
			"% needs \\usepackage{booktabs}, and \\usepackage{longtable} for more than 40 rows\n" +
			"\\begin{table}[htbp]\n" +
			"\\caption{The P-positions of conjunctive compound Circular Nim CN(4,2) \\& Nim on 1 pile with every pile at most 1.}\\label{tab:p-positions:cn-4-2-nim-1-max-1}\n" +
			"\\begin{tabular}{rrrrr}\n\\toprule\nrows 1\n\\midrule\nrows {N}\n\\bottomrule\n\\end{tabular}\n\\end{table}\n% {N} P-positions\n"},
	}
	for _, tt := range tests {
		r, err := List(context.Background(), Env{}, ListRequest{Game: tt.game, Source: Source{Max: tt.max}, Classes: tt.classes, Format: "latex"})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := r.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		// The rows are the positions the JSON lists.
		asJSON, err := List(context.Background(), Env{}, ListRequest{Game: tt.game, Source: Source{Max: tt.max}, Classes: tt.classes, Format: "json"})
		if err != nil {
			t.Fatal(err)
		}
		tt.want = strings.ReplaceAll(tt.want, "{N}", strconv.Itoa(len(asJSON.rows)))
		if got := latexStructure(t, b.String()); got != tt.want {
			t.Errorf("%s --max %d:\n%s\nwant\n%s\nfrom\n%s", tt.game, tt.max, got, tt.want, b.String())
		}
	}
}

func TestTheoremsLaTeX(t *testing.T) {
	r, err := Theorems(context.Background(), TheoremsRequest{Format: "latex"})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	r.WriteText(&b)
	s := latexStructure(t, b.String())
	n := len(theory.Theorems())
	want := "% made by: nimlab theorems --format latex\n% needs \\usepackage{booktabs,longtable}\n\\begin{longtable}{@{}l p{0.48\\linewidth} p{0.26\\linewidth}@{}}\n" +
		"\\caption{The theorems nimlab decides positions with, and where the papers state them.}\\label{tab:theorems}\\\\\n" +
		"\\toprule\nrows 1\n\\midrule\n\\endfirsthead\n\\toprule\nrows 1\n\\midrule\n\\endhead\n\\midrule\nrows 1\n\\endfoot\n\\bottomrule\n\\endlastfoot\nrows " + strconv.Itoa(n) + "\n\\end{longtable}\n"
	if s != want {
		t.Errorf("theorems --format latex:\n%s\nwant\n%s", s, want)
	}
	for _, th := range theory.Theorems() {
		if !strings.Contains(b.String(), "\n\\texttt{"+strings.ReplaceAll(th.Name, "_", `\_`)+"} & ") {
			t.Errorf("no row for %s", th.Name)
		}
	}
	if _, err := Theorems(context.Background(), TheoremsRequest{Format: "html"}); err == nil {
		t.Error("--format html accepted")
	}
}

// TestProveLaTeX renders results of every kind, without a solver: what
// the user typed is escaped.
func TestProveLaTeX(t *testing.T) {
	th, _ := theory.ByName("cn63")
	proved := &ProveResult{Result: &prove.Result{
		Game: "cn:6,3", Expression: "a + b == d + e && b + c == e + f", Result: prove.Proved, Proof: proof.Presburger, Scope: proof.Scope{},
		Conditions: []prove.Condition{{Name: proof.I, Result: "unsat", Seconds: 0.1}, {Name: proof.II, Result: "unsat", Seconds: 0.17}},
		Solver:     "z3", SolverVersion: "Z3 version 4.8.12 - 64 bit", Seconds: 0.39,
	}, src: "a+b == d+e && b+c == e+f", title: "Circular Nim CN(6,3)", theorem: th, format: "latex"}
	var b strings.Builder
	proved.WriteText(&b)
	s := b.String()
	for _, w := range []string{
		"% made by: nimlab prove cn:6,3 --theorem cn63 --format latex\n",
		`\caption{Machine proof of a characterization of the P-positions of Circular Nim CN(6,3).}`,
		`\textbf{Statement} & the P-positions are exactly the positions where \texttt{a + b == d + e \&\& b + c == e + f} holds (theorem \texttt{cn63}, Dufour--Heubach 2013, Theorem 3.2) \\`,
		`\textbf{Proof} & Presburger arithmetic: no position breaks conditions (I) and (II)`,
		`\textbf{Conditions} & (I) unsat in 0.10 s; (II) unsat in 0.17 s \\`,
		`\textbf{Solver} & z3 (Z3 version 4.8.12 - 64 bit) \\`,
		`\textbf{Time} & 0.39 s \\`,
	} {
		if !strings.Contains(s, w) {
			t.Errorf("the proof lacks %q:\n%s", w, s)
		}
	}
	if got := latexStructure(t, s); !strings.Contains(got, "\\begin{tabular}{@{}l p{0.72\\linewidth}@{}}\n\\toprule\nrows 7\n\\bottomrule\n") {
		t.Errorf("structure:\n%s", got)
	}
	refuted := &ProveResult{Result: &prove.Result{
		Game: "slowset:5,{2,3}", Expression: "a % 2 == 0 || b^c > 1_0 && ~d", Result: prove.Refuted,
		Counterexample: &prove.Counterexample{Condition: proof.II, Position: game.Position{1, 0, 0, 0, 0}},
		Solver:         "cvc5", SolverVersion: "1.0", Seconds: 2,
	}, src: "a % 2 == 0 || b^c > 1_0 && ~d\n\\end{document}", title: "Slow {2,3}-Nim", format: "latex"}
	b.Reset()
	refuted.WriteText(&b)
	s = b.String()
	for _, w := range []string{
		`% made by: nimlab prove 'slowset:5,{2,3}' --expr 'a % 2 == 0 || b^c > 1_0 && ~d \end{document}' --format latex` + "\n",
		`\caption{Refutation of a characterization of the P-positions of Slow \{2,3\}-Nim.}`,
		`\texttt{a \% 2 == 0 \textbar{}\textbar{} b\textasciicircum{}c \textgreater{} 1\_0 \&\& \textasciitilde{}d}`,
		`\textbf{Counterexample} & counterexample to (II): 1,0,0,0,0 is not accepted`,
	} {
		if !strings.Contains(s, w) {
			t.Errorf("the refutation lacks %q:\n%s", w, s)
		}
	}
	if strings.Contains(s, "\n\\end{document}") {
		t.Errorf("the expression's line break left the comment:\n%s", s)
	}
}
