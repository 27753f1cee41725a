package figure

import (
	"sync"

	"codeberg.org/go-fonts/liberation/liberationsansregular"
	"golang.org/x/image/font/opentype"
	"gonum.org/v1/plot/font"
)

// fonts is the one font figures write their labels in, Liberation Sans,
// parsed once: figures do not need the twelve faces that gonum's plot
// package loads (which would weigh on the WebAssembly build).
var fonts = sync.OnceValue(func() *font.Cache {
	face, err := opentype.Parse(liberationsansregular.TTF)
	if err != nil {
		panic("figure: the embedded Liberation Sans does not parse: " + err.Error())
	}
	return font.NewCache(font.Collection{{Font: font.Font{Typeface: "Liberation", Variant: "Sans"}, Face: face}})
})
