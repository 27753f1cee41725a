// Package latex writes what nimlab gives to LaTeX documents: Escape makes
// any text — a game spec, an expression, a title a user typed — safe to
// typeset with pdflatex, and Table writes a booktabs table, as a table float
// or, when it is long, as a longtable that breaks across pages.
package latex

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// specials are the ASCII characters that LaTeX reads as commands, and what
// typesets each as itself in text mode (under the default OT1 encoding as
// under T1).
var specials = map[rune]string{
	'\\': `\textbackslash{}`,
	'{':  `\{`,
	'}':  `\}`,
	'$':  `\$`,
	'&':  `\&`,
	'%':  `\%`,
	'#':  `\#`,
	'_':  `\_`,
	'~':  `\textasciitilde{}`,
	'^':  `\textasciicircum{}`,
	'<':  `\textless{}`,
	'>':  `\textgreater{}`,
	'|':  `\textbar{}`,
	'"':  `\texttt{\char34}`,
	'`':  `\textasciigrave{}`,
	// Braced, so that a table row starting with [ is not read as the
	// optional argument of the \\ ending the row before.
	'[': `{[}`,
	']': `{]}`,
}

// unicodeText maps the non-ASCII characters of nimlab's texts (titles,
// statements, references) and of common mathematical notation to LaTeX
// that pdflatex typesets without extra packages.
var unicodeText = map[rune]string{
	'–': "--", '—': "---", '‘': "`", '’': "'", '“': "``", '”': "''", '…': `\ldots{}`,
	'→': `\ensuremath{\rightarrow}`, '←': `\ensuremath{\leftarrow}`, '↦': `\ensuremath{\mapsto}`,
	'≤': `\ensuremath{\le}`, '≥': `\ensuremath{\ge}`, '≠': `\ensuremath{\neq}`, '≡': `\ensuremath{\equiv}`,
	'⊕': `\ensuremath{\oplus}`, '×': `\ensuremath{\times}`, '·': `\ensuremath{\cdot}`, '−': `\ensuremath{-}`,
	'⊆': `\ensuremath{\subseteq}`, '⊂': `\ensuremath{\subset}`, '∪': `\ensuremath{\cup}`, '∩': `\ensuremath{\cap}`,
	'∈': `\ensuremath{\in}`, '∉': `\ensuremath{\notin}`, '∅': `\ensuremath{\emptyset}`, '∞': `\ensuremath{\infty}`,
	'∧': `\ensuremath{\wedge}`, '∨': `\ensuremath{\vee}`, '¬': `\ensuremath{\neg}`, '∀': `\ensuremath{\forall}`,
	'∃': `\ensuremath{\exists}`, '⌊': `\ensuremath{\lfloor}`, '⌋': `\ensuremath{\rfloor}`, '²': `\textsuperscript{2}`,
	'µ': `\ensuremath{\mu}`, 'Δ': `\ensuremath{\Delta}`, 'Γ': `\ensuremath{\Gamma}`, 'Λ': `\ensuremath{\Lambda}`,
	'Π': `\ensuremath{\Pi}`, 'Σ': `\ensuremath{\Sigma}`, 'Φ': `\ensuremath{\Phi}`, 'Ω': `\ensuremath{\Omega}`,
	'α': `\ensuremath{\alpha}`, 'β': `\ensuremath{\beta}`, 'γ': `\ensuremath{\gamma}`, 'δ': `\ensuremath{\delta}`,
	'ε': `\ensuremath{\varepsilon}`, 'λ': `\ensuremath{\lambda}`, 'μ': `\ensuremath{\mu}`, 'π': `\ensuremath{\pi}`,
	'σ': `\ensuremath{\sigma}`, 'φ': `\ensuremath{\varphi}`, 'ω': `\ensuremath{\omega}`,
	'á': `{\'a}`, 'à': "{\\`a}", 'â': `{\^a}`, 'ä': `{\"a}`, 'å': `{\aa}`, 'é': `{\'e}`, 'è': "{\\`e}",
	'ê': `{\^e}`, 'ë': `{\"e}`, 'í': `{\'\i}`, 'ì': "{\\`\\i}", 'î': `{\^\i}`, 'ï': `{\"\i}`, 'ó': `{\'o}`,
	'ò': "{\\`o}", 'ô': `{\^o}`, 'ö': `{\"o}`, 'ø': `{\o}`, 'ú': `{\'u}`, 'ù': "{\\`u}", 'û': `{\^u}`,
	'ü': `{\"u}`, 'ñ': `{\~n}`, 'ç': `{\c{c}}`, 'č': `{\v{c}}`, 'š': `{\v{s}}`, 'ž': `{\v{z}}`, 'ř': `{\v{r}}`,
	'ß': `{\ss}`, 'É': `{\'E}`, 'È': "{\\`E}", 'Á': `{\'A}`, 'Ö': `{\"O}`, 'Ü': `{\"U}`, 'Ä': `{\"A}`,
	'Č': `{\v{C}}`, 'Š': `{\v{S}}`, 'Ž': `{\v{Z}}`, 'Ø': `{\O}`, 'Å': `{\AA}`,
}

// Unknown is what Escape writes for a character it has no LaTeX for.
const Unknown = `\textbf{?}`

// Escape returns s as LaTeX text that typesets as s: the characters LaTeX
// reads as commands (\ { } $ & % # _ ~ ^, the < > | " ` that OT1 fonts
// misprint, and [ ] that a table row may begin with) are escaped, "--" stays two hyphens, the accented letters and
// mathematical signs nimlab's texts use become LaTeX commands, line breaks
// and other control characters become spaces (a line break could end a
// comment or a blank line a table cell), and any other non-ASCII character
// becomes Unknown. The result is ASCII.
func Escape(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case r == '-' && i+1 < len(rs) && rs[i+1] == '-':
			b.WriteString("-{}")
		case specials[r] != "":
			b.WriteString(specials[r])
		case r < ' ' || r == 0x7f || unicode.IsSpace(r):
			b.WriteByte(' ')
		case r < 0x80:
			b.WriteRune(r)
		case unicodeText[r] != "":
			b.WriteString(unicodeText[r])
		default:
			b.WriteString(Unknown)
		}
	}
	return b.String()
}

// Code returns s escaped in typewriter type, as a command line or an
// expression is printed: \texttt{...}.
func Code(s string) string { return `\texttt{` + Escape(s) + `}` }

// Comment returns s as a LaTeX comment line: "% " and s with its line
// breaks made spaces, so that nothing of s leaves the comment.
func Comment(s string) string {
	return "% " + strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\f' || r == '\v' || r == 0x85 || r == 0x2028 || r == 0x2029 {
			return ' '
		}
		return r
	}, s)
}

// Label returns a \label key made of the parts: lower-case letters, digits
// and hyphens, the parts joined by colons, e.g. Label("tab", "cn:6,3")
// is "tab:cn-6-3".
func Label(parts ...string) string {
	out := make([]string, 0, len(parts))
	for _, p := range parts {
		var b strings.Builder
		dash := false
		for _, r := range strings.ToLower(p) {
			if r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
				b.WriteRune(r)
				dash = false
			} else if !dash && b.Len() > 0 {
				b.WriteByte('-')
				dash = true
			}
		}
		out = append(out, strings.TrimSuffix(b.String(), "-"))
	}
	return strings.Join(out, ":")
}

// LongRows is the most rows a table float holds; a longer table is written
// as a longtable, which breaks across pages.
const LongRows = 40

// Table is a booktabs table: a header row between \toprule and \midrule,
// the rows, and \bottomrule. Its cells are LaTeX (escape text with Escape).
type Table struct {
	// Columns is the tabular's column specification, e.g. "rrrr" or
	// "@{}l p{0.6\linewidth}@{}".
	Columns string
	// Head is the header row; a table without one starts with its rows.
	Head []string
	// Caption and Label, when not empty, caption the table and name it for
	// \ref.
	Caption, Label string
	// Long makes it a longtable whatever its length (for tall rows).
	Long bool
}

// TableWriter writes a Table row by row: it holds up to LongRows rows,
// and writes a table float with a tabular when no more come, or a
// longtable, whose rows it then writes as they come.
type TableWriter struct {
	t    Table
	w    *bufio.Writer
	held [][]string
	long bool
}

// NewWriter starts writing t on w; Close ends it.
func (t Table) NewWriter(w io.Writer) *TableWriter {
	tw := &TableWriter{t: t, w: bufio.NewWriter(w), long: t.Long}
	if t.Long {
		tw.start()
	}
	return tw
}

// Row adds a row of cells (LaTeX); the writer keeps no reference to cells.
func (tw *TableWriter) Row(cells ...string) error {
	if tw.long {
		return tw.row(cells)
	}
	tw.held = append(tw.held, append([]string(nil), cells...))
	if len(tw.held) <= LongRows {
		return nil
	}
	tw.long = true
	tw.start()
	for _, r := range tw.held {
		tw.row(r)
	}
	tw.held = nil
	return tw.w.Flush()
}

func (tw *TableWriter) row(cells []string) error {
	_, err := fmt.Fprintf(tw.w, "%s \\\\\n", strings.Join(cells, " & "))
	return err
}

// start writes the opening of the table, up to its first row.
func (tw *TableWriter) start() {
	t, w := tw.t, tw.w
	head := ""
	if len(t.Head) > 0 {
		head = strings.Join(t.Head, " & ") + " \\\\\n\\midrule\n"
	}
	caption := ""
	if t.Caption != "" {
		caption = `\caption{` + t.Caption + `}`
	}
	if t.Label != "" {
		caption += `\label{` + t.Label + `}`
	}
	if tw.long {
		fmt.Fprintf(w, "\\begin{longtable}{%s}\n", t.Columns)
		if caption != "" {
			fmt.Fprintf(w, "%s\\\\\n", caption)
		}
		fmt.Fprintf(w, "\\toprule\n%s\\endfirsthead\n", head)
		fmt.Fprintf(w, "\\toprule\n%s\\endhead\n", head)
		fmt.Fprintf(w, "\\midrule\n\\multicolumn{%d}{r}{\\emph{continued on the next page}} \\\\\n\\endfoot\n", max(len(t.Head), 1))
		fmt.Fprintf(w, "\\bottomrule\n\\endlastfoot\n")
		return
	}
	fmt.Fprintf(w, "\\begin{table}[htbp]\n\\centering\n")
	if caption != "" {
		fmt.Fprintf(w, "%s\n", caption)
	}
	fmt.Fprintf(w, "\\begin{tabular}{%s}\n\\toprule\n%s", t.Columns, head)
}

// Close writes the rows held and the end of the table.
func (tw *TableWriter) Close() error {
	if tw.long {
		fmt.Fprintf(tw.w, "\\end{longtable}\n")
		return tw.w.Flush()
	}
	tw.start()
	for _, r := range tw.held {
		tw.row(r)
	}
	fmt.Fprintf(tw.w, "\\bottomrule\n\\end{tabular}\n\\end{table}\n")
	return tw.w.Flush()
}
