package latex

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
)

func TestEscape(t *testing.T) {
	tests := []struct{ in, want string }{
		{"cn:6,3", "cn:6,3"},
		{`a_1 & b % c # d $ e { f } g ~ h ^ i \ j`, `a\_1 \& b \% c \# d \$ e \{ f \} g \textasciitilde{} h \textasciicircum{} i \textbackslash{} j`},
		{"a <= b || c > d", `a \textless{}= b \textbar{}\textbar{} c \textgreater{} d`},
		{"slowset:5,{2,3}", `slowset:5,\{2,3\}`},
		{"cn:5,2 & slow:3,2", `cn:5,2 \& slow:3,2`},
		{"a--b", "a-{}-b"},
		{"[1,2]", "{[}1,2{]}"},
		{"x\ny\r\n\tz", "x y   z"},
		{"Steingrímsson – Misère 5→0 ≤ Δ", `Steingr{\'\i}msson -- Mis{\` + "`" + `e}re 5\ensuremath{\rightarrow}0 \ensuremath{\le} \ensuremath{\Delta}`},
		{"漢", Unknown},
		{`say "hi"`, `say \texttt{\char34}hi\texttt{\char34}`},
	}
	for _, tt := range tests {
		if got := Escape(tt.in); got != tt.want {
			t.Errorf("Escape(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestEscapeLeavesNoSpecial: whatever the input, the result is ASCII, has
// no line break, and every special character in it is escaped: a
// backslash starts a command, and braces balance.
func TestEscapeLeavesNoSpecial(t *testing.T) {
	var all strings.Builder
	for r := rune(0); r < 0x3000; r++ {
		all.WriteRune(r)
	}
	for _, in := range []string{all.String(), "\\\\{{}}}}", "%%\n\n&&", "\x00\x7f\u2028"} {
		got := Escape(in)
		if i := strings.IndexFunc(got, func(r rune) bool { return r > unicode.MaxASCII || r < ' ' }); i >= 0 {
			t.Fatalf("Escape(%.40q) has %q", in, got[i:min(i+10, len(got))])
		}
		depth := 0
		for i := 0; i < len(got); i++ {
			switch c := got[i]; c {
			case '\\':
				i++ // the command's first character, e.g. \{ or \t
			case '{':
				depth++
			case '}':
				depth--
			case '&', '%', '#', '$', '_', '~', '^':
				t.Fatalf("Escape left %q unescaped: ...%q", c, got[max(i-10, 0):i+1])
			}
			if depth < 0 {
				t.Fatalf("a closing brace too many in %q", got[:i+1])
			}
		}
		if depth != 0 {
			t.Errorf("unbalanced braces: %d", depth)
		}
	}
}

func TestCommentAndLabel(t *testing.T) {
	if got := Comment("nimlab list 'cn:6,3\n\\end{document}'"); got != `% nimlab list 'cn:6,3 \end{document}'` {
		t.Errorf("Comment: %q", got)
	}
	for in, want := range map[string][]string{
		"tab:cn-6-3":           {"tab", "cn:6,3"},
		"fig:slowset-5-2-3":    {"fig", "slowset:5,{2,3}"},
		"tab:cn-5-2-slow-3-2":  {"tab", "cn:5,2 & slow:3,2"},
		"tab:ehrenborg-mis-re": {"tab", "Ehrenborg/misère"},
		"theorems":             {"theorems"},
	} {
		if got := Label(want...); got != in {
			t.Errorf("Label(%q) = %q, want %q", want, got, in)
		}
	}
}

func TestTable(t *testing.T) {
	table := Table{Columns: "rr", Head: []string{"$a$", "$b$"}, Caption: "Two", Label: "tab:x"}
	write := func(rows int) string {
		var b strings.Builder
		w := table.NewWriter(&b)
		for i := range rows {
			w.Row(fmt.Sprint(i), fmt.Sprint(2*i))
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	short := write(3)
	want := "\\begin{table}[htbp]\n\\centering\n\\caption{Two}\\label{tab:x}\n\\begin{tabular}{rr}\n\\toprule\n$a$ & $b$ \\\\\n\\midrule\n" +
		"0 & 0 \\\\\n1 & 2 \\\\\n2 & 4 \\\\\n\\bottomrule\n\\end{tabular}\n\\end{table}\n"
	if short != want {
		t.Errorf("a short table:\n%s\nwant\n%s", short, want)
	}
	if got := write(LongRows); !strings.HasPrefix(got, "\\begin{table}") || strings.Count(got, " \\\\\n") != LongRows+1 {
		t.Errorf("%d rows are not a table float of %d rows:\n%s", LongRows, LongRows, got)
	}
	long := write(LongRows + 1)
	for _, w := range []string{"\\begin{longtable}{rr}\n\\caption{Two}\\label{tab:x}\\\\\n", "\\endfirsthead", "\\endhead", "\\endfoot", "\\bottomrule\n\\endlastfoot\n0 & 0 \\\\\n", fmt.Sprintf("%d & %d \\\\\n\\end{longtable}\n", LongRows, 2*LongRows)} {
		if !strings.Contains(long, w) {
			t.Errorf("the longtable lacks %q:\n%s", w, long)
		}
	}
	if strings.Contains(long, "{table}") || strings.Count(long, "\\toprule") != 2 {
		t.Errorf("a longtable with a float or without its repeated head:\n%s", long)
	}
}

func TestLongTableAlways(t *testing.T) {
	var b strings.Builder
	w := Table{Columns: "l", Head: []string{"x"}, Long: true}.NewWriter(&b)
	w.Row("1")
	w.Close()
	if got := b.String(); !strings.HasPrefix(got, "\\begin{longtable}{l}\n\\toprule") || !strings.HasSuffix(got, "1 \\\\\n\\end{longtable}\n") {
		t.Errorf("a Long table of one row:\n%s", got)
	}
}
