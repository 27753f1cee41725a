package main

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/nimlab/nimlab/cmd/internal/api"
	"github.com/spf13/cobra"

	"github.com/nimlab/nimlab/commands"
	"github.com/nimlab/nimlab/internal/spelling"
	"github.com/spf13/pflag"
)

// positional checks the arguments of every command against the ones its
// Use line names before the flags: NAME is required, [NAME] optional. A
// wrong count names what is missing or extra, with the usage line and the
// command's first example.
func positional(cmd *cobra.Command, args []string) error {
	required, optional := positionalNames(cmd.Use)
	switch {
	case len(args) < len(required):
		missing := required[len(args):]
		verb := "is"
		if len(missing) > 1 {
			verb = "are"
		}
		return usageError(cmd, "%s %s missing", joinAnd(missing), verb)
	case len(args) > len(required)+len(optional):
		n := len(required) + len(optional)
		quoted := make([]string, len(args)-n)
		for i, a := range args[n:] {
			quoted[i] = strconv.Quote(a)
		}
		takes := "no arguments"
		if n > 0 {
			takes = strings.Join(required, " ")
			for _, o := range optional {
				takes += " [" + o + "]"
			}
			takes = strings.TrimSpace(takes) + ", so quote a spec or position that holds spaces"
		}
		return usageError(cmd, "too many arguments, %s: it takes %s", strings.Join(quoted, " "), takes)
	}
	return nil
}

// usageError is a one-line error of cmd followed by its usage line and
// first example.
func usageError(cmd *cobra.Command, format string, a ...any) error {
	msg := fmt.Sprintf(format, a...)
	usage := "usage: " + cmd.UseLine()
	if ex := firstExample(cmd); ex != "" {
		usage += "; e.g. " + ex
	}
	if !cmd.HasParent() {
		return usageErr{fmt.Errorf("%s (%s)", msg, usage)}
	}
	return usageErr{fmt.Errorf("%s: %s (%s)", cmd.Name(), msg, usage)}
}

// usageErr is the error of a command line the command cannot take (an
// argument missing or extra, a flag unknown or out of range), with the
// command's usage.
type usageErr struct{ error }

func (e usageErr) Unwrap() error { return e.error }

// firstExample is the first line of cmd's Example, trimmed.
func firstExample(cmd *cobra.Command) string {
	line, _, _ := strings.Cut(strings.TrimSpace(cmd.Example), "\n")
	return strings.TrimSpace(line)
}

// positionalNames reads the positional arguments a Use line names after the
// command's name and before its first flag or group: GAME is required,
// [POSITION] optional.
func positionalNames(use string) (required, optional []string) {
	fields := strings.Fields(use)
	for _, f := range fields[min(1, len(fields)):] {
		name, opt := f, false
		if strings.HasPrefix(f, "[") && strings.HasSuffix(f, "]") {
			name, opt = f[1:len(f)-1], true
		}
		if name == "" || strings.ToUpper(name) != name || strings.ContainsAny(name[:1], "-([") {
			break
		}
		if opt {
			optional = append(optional, name)
		} else {
			required = append(required, name)
		}
	}
	return required, optional
}

// joinAnd writes "A", "A and B", "A, B and C".
func joinAnd(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// maxWorkers bounds --workers.
const maxWorkers = api.MaxWorkers

// whole is a flag that takes a whole number from lo to hi. Until it is
// given it holds its default, which may lie outside lo..hi to mean "not
// given" (--max -1); help then shows no default.
type whole[T int | int64] struct {
	p      *T
	lo, hi T
}

// wholeVar defines the flag name on fs: a whole number from lo to hi, def
// until given.
func wholeVar[T int | int64](fs *pflag.FlagSet, p *T, name string, def, lo, hi T, usage string) {
	*p = def
	fs.Var(&whole[T]{p, lo, hi}, name, usage)
}

func (w *whole[T]) String() string {
	if w.p == nil || *w.p < w.lo || *w.p > w.hi {
		return ""
	}
	return strconv.FormatInt(int64(*w.p), 10)
}

func (w *whole[T]) Set(s string) error {
	v, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || v < int64(w.lo) || v > int64(w.hi) {
		return w.rule()
	}
	*w.p = T(v)
	return nil
}

func (w *whole[T]) Type() string { return "int" }

// rule says what the flag takes.
func (w *whole[T]) rule() error {
	return flagRule(fmt.Sprintf("takes a whole number from %d to %d", w.lo, w.hi))
}

// flagRule says what a flag takes, e.g. "takes a whole number from 0 to 9".
type flagRule string

func (r flagRule) Error() string { return string(r) }

// flagError rewrites the errors of parsing flags to name the flag, what it
// takes and what it was given, on one line.
func flagError(cmd *cobra.Command, err error) error {
	var invalid *pflag.InvalidValueError
	var needs *pflag.ValueRequiredError
	var empty errEmpty
	switch {
	case errors.As(err, &invalid) && errors.As(invalid.Unwrap(), &empty):
		return empty.request()
	case errors.As(err, &invalid):
		f := invalid.GetFlag()
		return commands.NewRequestError("%v %s, not %q", commands.Param(f.Name), ruleOf(f, invalid.Unwrap()), invalid.GetValue())
	case errors.As(err, &needs):
		if f := needs.GetFlag(); f != nil {
			return commands.NewRequestError("%v needs a value: it %s", commands.Param(f.Name), ruleOf(f, nil))
		}
	}
	var unknown *pflag.NotExistError
	if errors.As(err, &unknown) && negativeNumber.MatchString(unknown.GetSpecifiedShortnames()) {
		// "-1,2,3" read as flags: a position with a negative pile.
		return usageError(cmd, "%v: a position cannot start with -, since piles are never negative (put -- before an argument that starts with -)", err)
	}
	if errors.As(err, &unknown) {
		if near := nearestFlag(cmd, unknown.GetSpecifiedName()); near != "" {
			return usageError(cmd, "%v: did you mean --%s?", err, near)
		}
	}
	return usageError(cmd, "%v", err)
}

// nearestFlag is the flag of cmd whose name is within two edits of name,
// and within a third of name's letters (the closest, the first in order on a
// tie), or "": --mx is --max, -x is nothing.
func nearestFlag(cmd *cobra.Command, name string) string {
	var names []string
	cmd.Flags().VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
	return spelling.Nearest(name, names)
}

// negativeNumber matches what follows the dash of a negative number.
var negativeNumber = regexp.MustCompile(`^[0-9]`)

// ruleOf says what flag f takes, from the error its value gave (cause) or
// its type.
func ruleOf(f *pflag.Flag, cause error) string {
	var rule flagRule
	if errors.As(cause, &rule) {
		return string(rule)
	}
	if w, ok := f.Value.(interface{ rule() error }); ok {
		return w.rule().Error()
	}
	switch f.Value.Type() {
	case "bool":
		return "takes true or false"
	case "duration":
		return "takes a duration such as 90s, 2m or 1h30m"
	case "int", "int64":
		return "takes a whole number"
	}
	if cause != nil {
		return "is invalid: " + cause.Error()
	}
	return "takes a " + f.Value.Type()
}

// positiveDuration checks a duration flag.
func positiveDuration(name string, d time.Duration) error {
	if d <= 0 {
		return fmt.Errorf("--%s must be more than 0, e.g. --%s 2m", name, name)
	}
	return nil
}

// changedDuration returns a duration flag's value when it was given, and 0
// (the request's default) when it was not; given, it must be more than 0
// (the request refuses a negative one).
func changedDuration(cmd *cobra.Command, name string, d time.Duration) time.Duration {
	if !cmd.Flags().Changed(name) {
		return 0
	}
	if d == 0 {
		return -1
	}
	return d
}

// maxHugeQueries bounds bench --huge.
const maxHugeQueries = 10_000_000
