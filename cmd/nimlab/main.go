// Command nimlab computes P-positions, Grundy values and winning moves of Nim
// played on structures: simplicial complexes, Circular Nim CN(n,k), PathNim,
// Moore's Nim and graphic matroids. Run "nimlab help" for the commands and
// "nimlab games" for the game specs.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/nimlab/nimlab/commands"
	"github.com/spf13/cobra"
)

// processStart is when the process started: the start of the command run
// from the command line.
var processStart = time.Now()

// startKey carries the time a command started in its context.
type startKey struct{}

// withStart records in ctx when the command started, for the whole-command
// times commands print beside the time of their engine.
func withStart(ctx context.Context, t time.Time) context.Context {
	return context.WithValue(ctx, startKey{}, t)
}

// started returns when the command of ctx started.
func started(ctx context.Context) time.Time {
	if t, ok := ctx.Value(startKey{}).(time.Time); ok {
		return t
	}
	return processStart
}

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	go stopOnSignals(signals, cancel, os.Stderr, os.Exit, signalGrace)
	os.Exit(runCLI(withStart(ctx, processStart), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// runCLI runs the command line args (without the program's name) as the
// nimlab command does, and returns its exit status. An error is printed on
// stderr as one line starting with "nimlab:"; a command stopped by the
// cancellation of ctx prints "nimlab: interrupted" and returns 130.
func runCLI(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	code, err := execute(ctx, args, stdin, stdout, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "nimlab:", errorLine(err))
	}
	return code
}

// execute runs the command line args as runCLI does, and returns its exit
// status and its error, which it does not print.
func execute(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	root := newRoot()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	// Cobra adds its help and completion commands when it executes; add
	// them now, so that unknownCommand finds "nimlab help".
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	err := unknownCommand(root, args)
	if err == nil {
		root.SetContext(withStart(ctx, started(ctx)))
		var cmd *cobra.Command
		cmd, err = root.ExecuteC()
		if request := (*commands.RequestError)(nil); errors.As(err, &request) && cmd != nil && !errors.Is(err, context.Canceled) {
			err = requestError(cmd, err, request)
		}
	}
	switch {
	case err == nil:
		return 0, nil
	case errors.Is(err, context.Canceled):
		return 130, err
	}
	return commands.ExitCode(err), err
}

// spellingEnv names the variable by which a caller other than a person at
// a terminal asks for the errors of a request in its words:
// NIMLAB_SPELLING=python (the Python package sets it) names the parameters
// as keyword arguments (max=, prove_timeout=) and leaves out the command's
// usage line.
const spellingEnv = "NIMLAB_SPELLING"

// requestError is the error of a request the command cannot take: with
// the command's usage line, or in Python's words (spellingEnv).
func requestError(cmd *cobra.Command, err error, request *commands.RequestError) error {
	if os.Getenv(spellingEnv) != "python" || request != err {
		return usageError(cmd, "%v", err)
	}
	return &commands.RequestError{Err: errors.New(request.Render(func(p commands.Param, value string) string {
		return strings.ReplaceAll(string(p), "-", "_") + "=" + value
	}))}
}

// errorLine is the error line of err, after "nimlab: ".
func errorLine(err error) string {
	if errors.Is(err, context.Canceled) {
		return "interrupted"
	}
	return oneLine(err.Error())
}

// oneLine writes the line breaks of msg, which may come from the command
// line quoted as typed, as \n and \r, so that an error stays on one line.
func oneLine(msg string) string {
	return strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(msg)
}

// unknownCommand refuses a command line whose first word is no command, on
// one line, with the nearest commands' names.
func unknownCommand(root *cobra.Command, args []string) error {
	if _, _, err := root.Find(args); err == nil {
		return nil
	}
	name := ""
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			name = a
			break
		}
	}
	guess := ""
	if s := root.SuggestionsFor(name); len(s) > 0 {
		guess = fmt.Sprintf("; did you mean %s?", strings.Join(s, " or "))
	}
	return usageErr{fmt.Errorf("unknown command %q%s (\"nimlab help\" lists the commands)", name, guess)}
}

// signalGrace is how long after the first signal a second one is taken
// for the same interruption (see stopOnSignals).
const signalGrace = time.Second

// stopOnSignals cancels the command's context at the first signal, so that
// every computation returns within a second, and exits at once with status
// 130 at a second signal sent later than grace after the first. Signals
// within grace are the same interruption delivered twice, not a second
// request: a terminal's Ctrl-C pressed twice by reflex, or GNU timeout,
// which signals the command and then its process group. Exiting on those
// would throw away a finished proof that the first signal lets the command
// print.
func stopOnSignals(signals <-chan os.Signal, cancel func(), stderr io.Writer, exit func(int), grace time.Duration) {
	<-signals
	fmt.Fprintln(stderr, "nimlab: stopping (send the signal again to exit at once)")
	cancel()
	first := time.Now()
	for range signals {
		if time.Since(first) > grace {
			exit(130)
			return
		}
	}
}

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "nimlab",
		Short: "Exact analysis of Nim played on complexes, circles, paths and matroids",
		Long: `nimlab computes outcomes (P or N), Grundy values and winning moves of impartial
games of Nim played on structures, and tables of every position up to a height.

A game is named by a spec such as cn:6,3 (Circular Nim CN(6,3)); run
"nimlab games" for every family. Add /misere to a spec for misère play.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		// --version prints the build's version on one line.
		Version: commands.Version().String(),
	}
	root.SetVersionTemplate("nimlab {{.Version}}\n")
	root.SetFlagErrorFunc(flagError)
	root.AddCommand(newGamesCmd(), newOutcomeCmd(), newSolveCmd(), newListCmd(), newBenchCmd(), newComplexCmd(), newTheoremsCmd(), newCheckCmd(), newEvalCmd(), newCriticalCmd(), newReproCmd(), newDrawCmd(), newPlotCmd(), newPlayCmd(), newServeCmd(), newSiteCmd(), newExploreCmd(), newDiscoverCmd(), newAtlasCmd(), newFrontierCmd(), newProveCmd(), newCiteCmd(), newVersionCmd(), newSessionCmd())
	return root
}

// printJSON writes v as one JSON object on one line (pipe it into jq to read).
func printJSON(w io.Writer, v any) error {
	return commands.WriteJSON(w, v)
}

// render prints the result of a command as JSON or as text, then returns
// its verdict (commands.VerdictOf), or the context's error when it was
// cancelled meanwhile: the one place where a check that fails
// becomes the command's exit status, after its whole result is printed. In
// a session that asks for it (withText), a result printed as JSON is also
// written as text there.
func render(cmd *cobra.Command, res commands.Result, asJSON bool) error {
	w := cmd.OutOrStdout()
	var err error
	if asJSON {
		err = commands.WriteJSON(w, res)
		if text := textOf(cmd.Context()); text != nil && err == nil {
			err = res.WriteText(text)
		}
	} else {
		err = res.WriteText(w)
	}
	if err != nil {
		return err
	}
	// A result printed after Ctrl-C (a proof whose certificate was
	// stopped) still ends as an interrupted command does.
	if ctx := cmd.Context(); ctx != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	return commands.VerdictOf(res)
}
