package literature_test

import (
	"fmt"

	"github.com/nimlab/nimlab/literature"
)

func Example() {
	c := literature.Cite(literature.DufourHeubach2013, "Theorem 3.2")
	fmt.Println(c)
	fmt.Println(c.Full())
	both := literature.Of(
		literature.DufourHeubach2013, "Theorem 3.1(1)",
		literature.EhrenborgSteingrimsson1996, "Proposition 8.3")
	fmt.Println(both)
	fmt.Println(both.Keys())
	// Output:
	// Dufour–Heubach 2013, Theorem 3.2
	// M. Dufour, S. Heubach, Circular Nim Games, Electron. J. Combin. 20(2) (2013), #P22, arXiv 1211.0091
	// Dufour–Heubach 2013, Theorem 3.1(1); Ehrenborg–Steingrímsson 1996, Proposition 8.3
	// [dufour-heubach-2013 ehrenborg-steingrimsson-1996]
}
