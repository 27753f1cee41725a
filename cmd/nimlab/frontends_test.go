package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/cmd/internal/api"
	"github.com/spf13/pflag"
)

// pythonOnly are the Python package's keyword arguments that are no
// parameter of a command: what the package does around it.
var pythonOnly = map[string]bool{
	"max_rows": true, // Game.solve: the most rows of a DataFrame
	"frame":    true, // Game.evaluate: the DataFrame of positions, passed as a file
	"ax":       true, // Game.plot: the matplotlib Axes drawn into
}

// pythonDef is one function of the Python package: its name, keyword
// arguments and body.
type pythonDef struct {
	name     string
	keywords []string
	body     string
}

// pythonDefs reads the functions and methods of a Python source, by
// indentation: a def's body runs to the next line indented as little.
func pythonDefs(t *testing.T, path string) []pythonDef {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	head := regexp.MustCompile(`(?ms)^( *)def (\w+)\((.*?)\):\n`)
	var defs []pythonDef
	for _, m := range head.FindAllStringSubmatchIndex(string(src), -1) {
		indent := string(src[m[2]:m[3]])
		rest := string(src[m[1]:])
		end := regexp.MustCompile(`(?m)^` + indent + `\S`).FindStringIndex(rest)
		if end != nil {
			rest = rest[:end[0]]
		}
		defs = append(defs, pythonDef{string(src[m[4]:m[5]]), keywordsOf(string(src[m[6]:m[7]])), rest})
	}
	return defs
}

// keywordsOf are the names of a def's parameters, but self.
func keywordsOf(params string) []string {
	var names []string
	depth, start := 0, 0
	params += ","
	for i, c := range params {
		switch c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				name, _, _ := strings.Cut(params[start:i], "=")
				if name = strings.TrimSpace(name); name != "" && name != "self" {
					names = append(names, name)
				}
				start = i + 1
			}
		}
	}
	return names
}

// TestPythonFollowsTheSchema: every keyword argument of the Python package
// that runs a command of the schema is a parameter of that command
// (api.Param.Keyword), and every flag it passes is one of the command's
// flags; a keyword spelled as a flag is passed as that flag.
func TestPythonFollowsTheSchema(t *testing.T) {
	defs := append(pythonDefs(t, "../../python/nimlab/_game.py"), pythonDefs(t, "../../python/nimlab/__init__.py")...)
	helpers := map[string]string{}
	for _, d := range defs {
		helpers[d.name] = d.body
	}
	command := regexp.MustCompile(`\[\s*"([a-z]+)"`)
	flag := regexp.MustCompile(`"--([a-z][a-z-]*)`)
	checked := 0
	for _, d := range defs {
		// A method's helpers pass flags for it (_solve_args, which calls
		// _source).
		body, added := d.body, map[string]bool{}
		for grew := true; grew; {
			grew = false
			for name, b := range helpers {
				if strings.HasPrefix(name, "_") && !added[name] && strings.Contains(body, name+"(") {
					body, added[name], grew = body+b, true, true
				}
			}
		}
		m := command.FindStringSubmatch(body)
		if strings.HasPrefix(d.name, "_") || m == nil || api.Params(m[1]) == nil && m[1] != "games" {
			continue
		}
		name, params := m[1], api.Params(m[1])
		checked++
		for _, kw := range d.keywords {
			i := slices.IndexFunc(params, func(p api.Param) bool { return p.Keyword() == kw })
			switch {
			case i < 0 && !pythonOnly[kw]:
				t.Errorf("%s(%s=): %s has no parameter %s", d.name, kw, name, kw)
			case i >= 0 && params[i].In(api.Flag) && !strings.Contains(body, `"--`+params[i].Name+`"`):
				t.Errorf("%s(%s=) never passes --%s", d.name, kw, params[i].Name)
			}
		}
		for _, f := range flag.FindAllStringSubmatch(body, -1) {
			if !slices.ContainsFunc(params, func(p api.Param) bool { return p.Name == f[1] && p.In(api.Flag) }) {
				t.Errorf("%s passes --%s, which %s does not take", d.name, f[1], name)
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d functions of the Python package checked", checked)
	}
}

// jsCall is a request app.js makes: an endpoint and the object of its
// query (an object literal, or the variable holding it).
var jsCall = regexp.MustCompile(`(?:\bapi|backend\.call|\bfigure\([^,()]+,)\(?\s*"(\w+)",\s*|\b(step)\(`)

// TestLabFollowsTheSchema: every request the lab's page makes (app.js)
// asks an endpoint of the API with its parameters of the schema only: the
// keys of the object literal it passes, or of the variable params it
// builds (its literal and the keys it sets).
func TestLabFollowsTheSchema(t *testing.T) {
	data, err := os.ReadFile("web/app.js")
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	endpoints := api.Endpoints()
	checked := 0
	for _, m := range jsCall.FindAllStringSubmatchIndex(src, -1) {
		name, at := "play", m[1] // step(params) asks play
		if m[2] >= 0 {
			name = src[m[2]:m[3]]
		} else if strings.HasSuffix(src[:m[4]], "function ") {
			continue
		}
		e, ok := endpoints[name]
		if !ok {
			t.Errorf("app.js asks /api/%s, which the API does not answer", name)
			continue
		}
		var keys []string
		switch {
		case src[at] == '{':
			keys = objectKeys(src, at)
		case strings.HasPrefix(src[at:], "params"):
			// The nearest params built before the call.
			decl := strings.LastIndex(src[:at], "const params = {")
			if decl < 0 {
				t.Errorf("app.js asks /api/%s with params built nowhere", name)
				continue
			}
			keys = objectKeys(src, decl+len("const params = "))
			for _, set := range regexp.MustCompile(`params\.(\w+) =`).FindAllStringSubmatch(src[decl:at], -1) {
				keys = append(keys, set[1])
			}
		default:
			continue
		}
		checked++
		for _, k := range keys {
			if !slices.Contains(e.Params, k) {
				t.Errorf("app.js asks /api/%s with %s, which is no parameter of it (it takes %s)", name, k, strings.Join(e.Params, ", "))
			}
		}
	}
	if checked < 15 {
		t.Errorf("only %d requests of app.js checked", checked)
	}
}

// objectKeys are the keys of the JavaScript object literal at src[at]
// (shorthand, key: value, and "key": value; not what a spread adds).
func objectKeys(src string, at int) []string {
	var keys []string
	depth, expectKey := 0, false
	for i := at; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '"' || c == '\'' || c == '`':
			j := skipString(src, i)
			if depth == 1 && expectKey && c != '`' {
				keys = append(keys, src[i+1:j])
			}
			i, expectKey = j, false
		case c == '{' || c == '(' || c == '[':
			depth++
			expectKey = depth == 1
		case c == '}' || c == ')' || c == ']':
			if depth--; depth == 0 {
				return keys
			}
		case c == ',' && depth == 1:
			expectKey = true
		case expectKey && (c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'):
			j := i
			for j < len(src) && (src[j] == '_' || src[j] >= 'a' && src[j] <= 'z' || src[j] >= 'A' && src[j] <= 'Z' || src[j] >= '0' && src[j] <= '9') {
				j++
			}
			keys = append(keys, src[i:j])
			i, expectKey = j-1, false
		case expectKey && c == '.':
			// A spread: what it adds is checked where it is built.
			expectKey = false
		}
	}
	return keys
}

// skipString returns the index of the quote that closes the string literal
// opened at src[i], over escapes and a template's ${...}.
func skipString(src string, i int) int {
	q := src[i]
	for j := i + 1; j < len(src); j++ {
		switch {
		case src[j] == '\\':
			j++
		case src[j] == q:
			return j
		case q == '`' && strings.HasPrefix(src[j:], "${"):
			depth := 0
			for ; j < len(src); j++ {
				if src[j] == '{' {
					depth++
				} else if src[j] == '}' {
					if depth--; depth == 0 {
						break
					}
				} else if src[j] == '`' || src[j] == '"' || src[j] == '\'' {
					j = skipString(src, j)
				}
			}
		}
	}
	return len(src)
}

// TestFlagsFollowTheSchema: the flags of every command of the schema are
// its parameters spelled as flags, with their defaults and help.
func TestFlagsFollowTheSchema(t *testing.T) {
	root := newRoot()
	checked := 0
	for _, cmd := range root.Commands() {
		params := api.Params(cmd.Name())
		if params == nil {
			continue
		}
		checked++
		var want []string
		for _, p := range params {
			if !p.In(api.Flag) {
				continue
			}
			want = append(want, p.Name)
			f := cmd.Flags().Lookup(p.Name)
			if f == nil {
				t.Errorf("%s has no flag --%s", cmd.Name(), p.Name)
				continue
			}
			if f.Usage != p.Help || p.Kind != api.Texts && p.Kind != api.Whole && f.DefValue != p.Default {
				t.Errorf("%s --%s: %q (default %q), the schema says %q (default %q)", cmd.Name(), p.Name, f.Usage, f.DefValue, p.Help, p.Default)
			}
		}
		var got []string
		cmd.Flags().VisitAll(func(f *pflag.Flag) { got = append(got, f.Name) })
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s has the flags %v, the schema %v", cmd.Name(), got, want)
		}
	}
	if checked < 12 {
		t.Errorf("only %d commands checked", checked)
	}
}
