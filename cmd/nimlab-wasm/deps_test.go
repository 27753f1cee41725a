package main

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestSmallDownload: the module built for the browser links none of the
// packages that would only weigh on its download there: the command line's
// and the server's (cobra, chromedp, net/http), Parquet's, and gonum's plot
// package with its twelve fonts.
func TestSmallDownload(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	cmd := exec.Command(goCmd, "list", "-deps", ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	deps := strings.Fields(string(out))
	for _, heavy := range []string{
		"github.com/spf13/cobra", "github.com/chromedp/chromedp", "net/http",
		"github.com/parquet-go/parquet-go", "gonum.org/v1/plot", "gonum.org/v1/plot/font/liberation",
	} {
		if slices.Contains(deps, heavy) {
			t.Errorf("the WebAssembly module links %s", heavy)
		}
	}
	if !slices.Contains(deps, "github.com/nimlab/nimlab/commands") {
		t.Error("the WebAssembly module does not link package commands")
	}
}
