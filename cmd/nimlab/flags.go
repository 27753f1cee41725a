package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/nimlab/nimlab/cmd/internal/api"
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
			if give, ok := notEmpty[p.Name]; ok {
				*v = p.Default
				fs.Var(&text{v, give}, p.Name, p.Help)
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
// are refused, saying what to give.
var notEmpty = map[string]string{
	"expr":        "give the expression, e.g. --expr 'a == b'",
	"where":       "give the region's condition, e.g. --where 'a == 0'",
	"grundy":      "give the Sprague–Grundy value, e.g. --grundy 'a ^ b'",
	"strategy":    "give the strategy's name, e.g. --strategy mrule",
	"certificate": "give the directory to write the certificate to, e.g. --certificate out/",
	"families":    "name the families (e.g. --families cn,path), or leave the flag out for all of them",
}

// text is a text flag that refuses a value of blanks only.
type text struct {
	p    *string
	give string
}

// errEmpty is text's error for a value of blanks (flagError words it).
type errEmpty struct{ give string }

func (e errEmpty) Error() string { return "is empty: " + e.give }

func (t *text) String() string {
	if t.p == nil {
		return ""
	}
	return *t.p
}

func (t *text) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		return errEmpty{t.give}
	}
	*t.p = s
	return nil
}

func (t *text) Type() string { return "string" }
