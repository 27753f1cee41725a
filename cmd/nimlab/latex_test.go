package main

import (
	"bytes"
	"context"
	"flag"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var writeDocs = flag.Bool("write-docs", false, "rewrite the LaTeX examples of docs/ and their PNGs (with NIMLAB_LATEX_TESTS=1)")

// latexPackages are the Debian packages the LaTeX tests need: pdflatex,
// booktabs, standalone, TikZ and pdftoppm.
const latexPackages = "texlive-latex-base texlive-latex-recommended texlive-latex-extra texlive-pictures poppler-utils"

// docsExamples are the LaTeX examples docs/ and the README show: each
// command's output is committed as docs/NAME.tex, and the PNG pdflatex and
// pdftoppm made of it as docs/NAME.png. A table is compiled in an article
// (wrapTable), a figure alone (it is a standalone document).
var docsExamples = []struct {
	name  string
	args  []string
	table bool
}{
	{"cn52-classes-table", []string{"list", "cn:5,2", "--max", "2", "--classes", "--format", "latex"}, true},
	{"cn83-move-tikz", []string{"draw", "cn:8,3", "3,1,4,1,5,9,2,6", "--move", "3,1,4,1,0,0,0,6", "--format", "tikz"}, false},
}

// wrapTable makes an article of LaTeX tables and bare TikZ pictures.
func wrapTable(body string) string {
	return "\\documentclass{article}\n\\usepackage{booktabs,longtable,tikz}\n\\pagestyle{empty}\n\\begin{document}\n" + body + "\\end{document}\n"
}

// TestDocsLaTeXExamplesAreCurrent: the LaTeX examples in docs/ are what
// the commands print now.
func TestDocsLaTeXExamplesAreCurrent(t *testing.T) {
	for _, ex := range docsExamples {
		out, err := run(t, ex.args...)
		if err != nil {
			t.Fatalf("%v: %v", ex.args, err)
		}
		if *writeDocs {
			continue // TestLaTeXCompiles writes them
		}
		committed, err := os.ReadFile(filepath.Join("..", "..", "docs", ex.name+".tex"))
		if err != nil || string(committed) != out {
			t.Errorf("docs/%s.tex is not what nimlab %s prints now (%v): rewrite it with NIMLAB_LATEX_TESTS=1 go test ./cmd/nimlab -run LaTeX -write-docs",
				ex.name, strings.Join(ex.args, " "), err)
		}
		if _, err := os.Stat(filepath.Join("..", "..", "docs", ex.name+".png")); err != nil {
			t.Errorf("docs/%s.png: %v", ex.name, err)
		}
	}
}

// TestLaTeXCompiles compiles what nimlab writes for LaTeX with pdflatex:
// a standalone TikZ figure from draw, and an article holding list's
// tables (a short one, a longtable, one whose caption escapes a spec's &),
// theorems' longtable, a bare TikZ picture and, with z3, a proof's table; pdftoppm makes PNGs of them,
// which must not be blank, and the figure's must show the move's red.
func TestLaTeXCompiles(t *testing.T) {
	if os.Getenv("NIMLAB_LATEX_TESTS") != "1" {
		t.Skip("set NIMLAB_LATEX_TESTS=1 to compile with pdflatex (Debian: apt-get install " + latexPackages + ")")
	}
	for _, tool := range []string{"pdflatex", "pdftoppm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s: %v (Debian: apt-get install %s)", tool, err, latexPackages)
		}
	}
	dir := t.TempDir()
	output := func(args ...string) string {
		out, err := run(t, args...)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		return out
	}
	figure := output(docsExamples[1].args...)
	tables := output(docsExamples[0].args...) +
		output("list", "cn:6,3", "--max", "3", "--format", "latex") +
		output("list", "cn:4,2 & nim:1", "--max", "1", "--format", "latex") +
		output("theorems", "--format", "latex") +
		output("draw", "complex:1-2-3,2-3-4,3-4-5,1-5", "--complex", "--format", "tikz", "--bare")
	// A proof's table, where z3 is installed (CI installs it).
	if _, err := exec.LookPath("z3"); err == nil {
		tables += output("prove", "cn:4,2", "--theorem", "cn42", "--format", "latex")
	} else {
		t.Log("z3 is not installed: the table of prove --format latex is not compiled")
	}
	for _, doc := range []struct{ name, text string }{{"figure", figure}, {"tables", wrapTable(tables)}} {
		img := compile(t, dir, doc.name, doc.text)
		if dark := countPixels(img, notWhite); dark < img.Bounds().Dx()*img.Bounds().Dy()/200 {
			t.Errorf("%s: the PNG is blank: %d pixels not white of %v", doc.name, dark, img.Bounds().Size())
		}
		if red := countPixels(img, reddish); doc.name == "figure" && red == 0 {
			t.Errorf("figure: no red pixel: the move is not marked")
		}
	}
	if !*writeDocs {
		return
	}
	for _, ex := range docsExamples {
		text := output(ex.args...)
		doc := text
		if ex.table {
			doc = wrapTable(text)
		}
		img := crop(compile(t, dir, ex.name, doc), 12)
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			t.Fatal(err)
		}
		for name, data := range map[string][]byte{ex.name + ".tex": []byte(text), ex.name + ".png": b.Bytes()} {
			if err := os.WriteFile(filepath.Join("..", "..", "docs", name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// compile runs pdflatex on the document and pdftoppm on the first page of
// its PDF, and decodes the PNG.
func compile(t *testing.T, dir, name, text string) image.Image {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := os.WriteFile(filepath.Join(dir, name+".tex"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, "pdflatex", "-interaction=nonstopmode", "-halt-on-error", name+".tex")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pdflatex %s: %v\n%s\n%s", name, err, lastLines(string(out), 30), text)
	}
	cmd = exec.CommandContext(ctx, "pdftoppm", "-png", "-r", "110", "-f", "1", "-l", "1", "-singlefile", name+".pdf", name)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm %s: %v\n%s", name, err, out)
	}
	f, err := os.Open(filepath.Join(dir, name+".png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s.png: %v", name, err)
	}
	return img
}

func lastLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[max(len(lines)-n, 0):], "\n")
}

func notWhite(r, g, b uint32) bool { return r < 0xf000 || g < 0xf000 || b < 0xf000 }

func reddish(r, g, b uint32) bool { return r > 0x9000 && g < 0x6000 && b < 0x6000 }

func countPixels(img image.Image, is func(r, g, b uint32) bool) int {
	n := 0
	bounds := img.Bounds()
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if is(r, g, b) {
				n++
			}
		}
	}
	return n
}

// crop cuts the white around what img shows, leaving a margin.
func crop(img image.Image, margin int) image.Image {
	b := img.Bounds()
	box := image.Rectangle{Min: b.Max, Max: b.Min}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if r, g, bl, _ := img.At(x, y).RGBA(); notWhite(r, g, bl) {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if box.Empty() {
		return img
	}
	box = box.Inset(-margin).Intersect(b)
	out := image.NewRGBA(image.Rect(0, 0, box.Dx(), box.Dy()))
	for y := 0; y < box.Dy(); y++ {
		for x := 0; x < box.Dx(); x++ {
			out.Set(x, y, img.At(box.Min.X+x, box.Min.Y+y))
		}
	}
	return out
}
