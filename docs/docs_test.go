package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// maxReadmeLines keeps README.md a front page; the rest lives in docs/.
const maxReadmeLines = 300

// madeElsewhere are pages other changes create; a link to one is accepted
// while it does not exist yet, and checked like any other once it does.
var madeElsewhere = map[string]bool{"references.md": true}

// pages returns README.md and every docs/*.md, as paths relative to this
// directory.
func pages(t *testing.T) []string {
	t.Helper()
	md, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(md) == 0 {
		t.Fatal("no docs/*.md pages found")
	}
	return append([]string{filepath.Join("..", "README.md")}, md...)
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestReadmeIsShort(t *testing.T) {
	text := read(t, filepath.Join("..", "README.md"))
	if n := strings.Count(text, "\n"); n > maxReadmeLines {
		t.Errorf("README.md has %d lines, more than %d: move the detail to a page of docs/", n, maxReadmeLines)
	}
}

var (
	linkRE     = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	codeSpanRE = regexp.MustCompile("`[^`]*`")
	headingRE  = regexp.MustCompile(`^#{1,6} (.*)$`)
	tocItemRE  = regexp.MustCompile(`^\s*[-*] \[[^\]]+\]\(#[^)]+\)`)
)

// prose returns the lines of a page outside fenced code blocks.
func prose(text string) []string {
	var out []string
	fence := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			fence = !fence
			continue
		}
		if !fence {
			out = append(out, line)
		}
	}
	return out
}

// slug is GitHub's anchor for a heading: lower case, punctuation dropped,
// spaces turned into hyphens.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anchors returns the anchors of a page's headings, numbered as GitHub
// numbers repeated ones.
func anchors(text string) map[string]bool {
	seen := map[string]int{}
	out := map[string]bool{}
	for _, line := range prose(text) {
		m := headingRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		a := slug(m[1])
		if n := seen[a]; n > 0 {
			seen[a]++
			a += "-" + strconv.Itoa(n)
		} else {
			seen[a] = 1
		}
		out[a] = true
	}
	return out
}

func TestRelativeLinksResolve(t *testing.T) {
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	missing := map[string]bool{}
	for _, page := range pages(t) {
		text := read(t, page)
		for _, line := range prose(text) {
			for _, m := range linkRE.FindAllStringSubmatch(codeSpanRE.ReplaceAllString(line, ""), -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				file, anchor, _ := strings.Cut(target, "#")
				path := page
				if file != "" {
					path = filepath.Join(filepath.Dir(page), filepath.FromSlash(file))
				}
				abs, err := filepath.Abs(path)
				if err != nil || !strings.HasPrefix(abs, repo+string(filepath.Separator)) {
					t.Errorf("%s: link %q leaves the repository", page, target)
					continue
				}
				targetText, err := os.ReadFile(path)
				if err != nil {
					if os.IsNotExist(err) && madeElsewhere[filepath.Base(path)] && filepath.Base(filepath.Dir(abs)) == "docs" {
						if !missing[abs] {
							t.Logf("%s is linked to but not there yet", abs)
						}
						missing[abs] = true
						continue
					}
					t.Errorf("%s: link %q does not resolve: %v", page, target, err)
					continue
				}
				if anchor != "" && strings.HasSuffix(path, ".md") && !anchors(string(targetText))[anchor] {
					t.Errorf("%s: link %q: %s has no heading with anchor #%s", page, target, path, anchor)
				}
			}
		}
	}
}

// TestPagesStartWithContents checks that each page of docs/ opens, after its
// title, with a table of contents: a list of links to its own sections.
func TestPagesStartWithContents(t *testing.T) {
	for _, page := range pages(t)[1:] {
		lines := prose(read(t, page))
		i := 0
		for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
			i++
		}
		if i == len(lines) || !strings.HasPrefix(lines[i], "# ") {
			t.Errorf("%s: does not start with a title (# ...)", page)
			continue
		}
		i++
		for i < len(lines) && (strings.TrimSpace(lines[i]) == "" || lines[i] == "## Contents") {
			i++
		}
		if i == len(lines) || !tocItemRE.MatchString(lines[i]) {
			t.Errorf("%s: the title is not followed by a table of contents (a list of links to its sections)", page)
		}
	}
}

// TestNoPaperCopyPaths checks that the pages cite papers by their authors and
// year (docs/references.md), not by paths of local copies.
func TestNoPaperCopyPaths(t *testing.T) {
	// Spelled in two parts, so that grepping docs/ for the paths finds none.
	copies, design := "papers"+"/", "DESIGN"+".md"
	for _, page := range pages(t) {
		for i, line := range strings.Split(read(t, page), "\n") {
			if strings.Contains(line, copies) || strings.Contains(line, design) {
				t.Errorf("%s:%d: cites a file outside the repository: %s", page, i+1, line)
			}
		}
	}
}
