package latex_test

import (
	"fmt"
	"os"

	"github.com/nimlab/nimlab/latex"
)

func ExampleEscape() {
	fmt.Println(latex.Escape("cn:5,2 & slow:3,2"))
	fmt.Println(latex.Code("a+b == d+e && c^2 < 4_0"))
	// Output:
	// cn:5,2 \& slow:3,2
	// \texttt{a+b == d+e \&\& c\textasciicircum{}2 \textless{} 4\_0}
}

func ExampleTable() {
	w := latex.Table{Columns: "rrr", Head: []string{"$p_1$", "$p_2$", "$p_3$"}, Caption: "P-positions of Nim"}.NewWriter(os.Stdout)
	w.Row("1", "2", "3")
	w.Row("1", "4", "5")
	w.Close()
	// Output:
	// \begin{table}[htbp]
	// \centering
	// \caption{P-positions of Nim}
	// \begin{tabular}{rrr}
	// \toprule
	// $p_1$ & $p_2$ & $p_3$ \\
	// \midrule
	// 1 & 2 & 3 \\
	// 1 & 4 & 5 \\
	// \bottomrule
	// \end{tabular}
	// \end{table}
}
