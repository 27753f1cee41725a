//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "nimlab-wasm: build it with GOOS=js GOARCH=wasm (nimlab site --out DIR does), for the browser")
	os.Exit(2)
}
