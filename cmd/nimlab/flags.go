package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/nimlab/nimlab/cmd/internal/api"
	"github.com/nimlab/nimlab/commands"
	"github.com/spf13/cobra"
)

// defineFlags defines on cmd the flags of the command name in the schema
// (api.Params): each parameter spelled as a flag, with its kind, default,
// range and help, bound to vars[its name]: a *bool, *string, *int, *int64,
// *time.Duration or *[]string as its kind says. A flag without a variable,
// or a variable without a flag or of another kind, is a programming error:
// it panics when the command is built (every test builds them all).
func defineFlags(cmd *cobra.Command, name string, vars map[string]any) {
	fs := cmd.Flags()
	seen := 0
	for _, p := range api.Params(name) {
		if !p.In(api.Flag) {
			continue
		}
		v, ok := vars[p.Name]
		if !ok {
			panic(fmt.Sprintf("%s --%s: no variable", cmd.Name(), p.Name))
		}
		seen++
		switch v := v.(type) {
		case *bool:
			mustKind(cmd, p, api.Bool)
			fs.BoolVar(v, p.Name, p.BoolDefault(), p.Help)
		case *string:
			mustKind(cmd, p, api.Text)
			if _, ok := notEmpty[p.Name]; ok {
				*v = p.Default
				fs.Var(&text{v, p.Name}, p.Name, p.Help)
				break
			}
			fs.StringVar(v, p.Name, p.Default, p.Help)
		case *[]string:
			mustKind(cmd, p, api.Texts)
			fs.StringArrayVar(v, p.Name, nil, p.Help)
		case *int:
			mustKind(cmd, p, api.Whole)
			wholeVar(fs, v, p.Name, int(p.WholeDefault()), int(p.Min), int(p.Max), p.Help)
		case *int64:
			mustKind(cmd, p, api.Whole)
			wholeVar(fs, v, p.Name, p.WholeDefault(), p.Min, p.Max, p.Help)
		case *time.Duration:
			mustKind(cmd, p, api.Duration)
			fs.DurationVar(v, p.Name, p.DurationDefault(), p.Help)
		default:
			panic(fmt.Sprintf("%s --%s: a variable of type %T", cmd.Name(), p.Name, v))
		}
	}
	if seen != len(vars) {
		panic(fmt.Sprintf("%s: %d variables for %d flags of the schema", cmd.Name(), len(vars), seen))
	}
}

// mustKind panics unless p is of kind k.
func mustKind(cmd *cobra.Command, p api.Param, k api.Kind) {
	if p.Kind != k {
		panic(fmt.Sprintf("%s --%s: a variable of another kind than the schema's", cmd.Name(), p.Name))
	}
}

// notEmpty lists the text flags whose empty value is a slip (a shell
// variable not set, say), never a request: given as nothing but blanks they
// are refused, saying what to give and an example of it.
var notEmpty = map[string][2]string{
	"expr":        {"the expression", "'a == b'"},
	"where":       {"the region's condition", "'a == 0'"},
	"grundy":      {"the Sprague–Grundy value", "'a ^ b'"},
	"strategy":    {"the strategy's name", "mrule"},
	"certificate": {"the directory to write the certificate to", "out/"},
	"families":    {"the families, or leave it out for all of them", "cn,path"},
	"theorem":     {"the theorem's name (\"nimlab theorems\" lists them)", "cn63"},
	"out":         {"the file or directory to write to", "out.parquet"},
	"export":      {"the file to write to", "positions.parquet"},
	"table":       {"the table's file (written by solve --out)", "cn63.tbl"},
	"positions":   {"the .npz archive of the positions", "positions.npz"},
	"smt-out":     {"the directory to write the queries to", "queries/"},
	"move":        {"the position the move leads to", "3,1,4,1,0,0,0,6"},
}

// text is a text flag that refuses a value of blanks only.
type text struct {
	p    *string
	name string
}

// errEmpty is text's error for a value of blanks: flagError words it, for
// the front end (--where on the command line, where= in Python).
type errEmpty struct{ name string }

func (e errEmpty) Error() string { return "is empty" }

// request is the error as a request's, with what to give.
func (e errEmpty) request() error {
	give := notEmpty[e.name]
	return commands.NewRequestError("%v is empty: give %s, e.g. %v", commands.Param(e.name), give[0], commands.Setting{Param: commands.Param(e.name), Value: give[1]})
}

func (t *text) String() string {
	if t.p == nil {
		return ""
	}
	return *t.p
}

func (t *text) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		return errEmpty{t.name}
	}
	*t.p = s
	return nil
}

func (t *text) Type() string { return "string" }
