package api

import (
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/nimlab/nimlab/commands"
)

// Kind is what a parameter's value is.
type Kind int

// The kinds of a parameter's value.
const (
	// Text is a string: --expr 'a == b', expr=a%20%3D%3D%20b.
	Text Kind = iota
	// Bool is a switch: --grundy; grundy=1 (present and not "", "false"
	// or "0").
	Bool
	// Whole is a whole number from Param.Min to Param.Max.
	Whole
	// Duration is a duration such as 90s, 2m or 1h30m.
	Duration
	// Texts is a string given any number of times (--move).
	Texts
)

// Front is a set of the places a parameter is spelled in.
type Front uint8

// The places a parameter is spelled in. The Python package's keyword
// arguments become flags of the command line (a test reads them), and the
// lab's forms query the API (a test reads app.js).
const (
	// Flag: a flag of the command line, --NAME.
	Flag Front = 1 << iota
	// Arg: a positional argument of the command line (GAME, POSITION).
	Arg
	// URL: a query parameter of the API, NAME=value in its URL.
	URL
)

// Param is one parameter of a command, declared once: the command line's
// flag, the API's query parameter and the Python package's keyword
// argument are spelled from it.
type Param struct {
	// Name is the flag's name (without --) and the query parameter's.
	Name string
	// Kind is what its value is.
	Kind Kind
	// Default is the flag's value until it is given, as the flag reads it
	// ("" for none; a Whole's default outside Min..Max means "not given",
	// and help then shows none).
	Default string
	// Min and Max bound a Whole.
	Min, Max int64
	// Help is the flag's help.
	Help string
	// Fronts are the places it is spelled in.
	Fronts Front
	// Python is its keyword argument in the Python package when that is
	// not Name with - written _ (learn for --no-learn); "" for Name's.
	Python string
}

// In says whether the parameter is spelled in front f.
func (p Param) In(f Front) bool { return p.Fronts&f != 0 }

// Keyword is the parameter's keyword argument in the Python package.
func (p Param) Keyword() string {
	if p.Python != "" {
		return p.Python
	}
	b := []byte(p.Name)
	for i, c := range b {
		if c == '-' {
			b[i] = '_'
		}
	}
	return string(b)
}

// WholeDefault is a Whole's default as a number.
func (p Param) WholeDefault() int64 {
	v, _ := strconv.ParseInt(p.Default, 10, 64)
	return v
}

// BoolDefault is a Bool's default.
func (p Param) BoolDefault() bool { return p.Default == "true" }

// DurationDefault is a Duration's default (0 for none).
func (p Param) DurationDefault() time.Duration {
	d, _ := time.ParseDuration(p.Default)
	return d
}

// MaxExamples bounds check's examples, as the command line does.
const MaxExamples = 1000

// help returns p with other help: the same parameter, said for another
// command.
func (p Param) help(h string) Param {
	p.Help = h
	return p
}

// withDefault returns p with another default.
func (p Param) withDefault(d string) Param {
	p.Default = d
	return p
}

// from returns p with another least value.
func (p Param) from(lo int64) Param {
	p.Min = lo
	return p
}

// only returns p spelled in fronts f only.
func (p Param) only(f Front) Param {
	p.Fronts = f
	return p
}

// The parameters, each declared once; a command that says one otherwise
// takes it with its own help.
var (
	pGame     = Param{Name: "game", Kind: Text, Help: "the game's spec, e.g. cn:6,3", Fronts: Arg | URL}
	pPosition = Param{Name: "position", Kind: Text, Help: "the pile sizes, separated by commas, pile 1 first", Fronts: Arg | URL}
	pJSON     = Param{Name: "json", Kind: Bool, Default: "false", Help: "print one JSON object on stdout", Fronts: Flag}
	pMax      = Param{Name: "max", Kind: Whole, Default: "-1", Min: 0, Max: commands.MaxLine, Fronts: Flag | URL,
		Help: "largest pile size: solve every position with all piles in 0..MAX (required)"}
	pForce   = Param{Name: "force", Kind: Bool, Default: "false", Help: "solve even when the memory estimate exceeds the machine's available memory", Fronts: Flag}
	pWorkers = Param{Name: "workers", Kind: Whole, Default: "0", Min: 0, Max: MaxWorkers, Help: "goroutines of the fast engine (0: one per core)", Fronts: Flag}
	pTable   = Param{Name: "table", Kind: Text, Help: "read the table from this file (written by solve --out) instead of solving; --max may then be left out", Fronts: Flag | URL}
	// The table a command reads, or solves.
	source = []Param{pMax, pForce, pWorkers, pJSON, pTable}

	pGrundy     = Param{Name: "grundy", Kind: Bool, Default: "false", Fronts: Flag | URL}
	pRemoteness = Param{Name: "remoteness", Kind: Bool, Default: "false", Fronts: Flag | URL}
	pExpr       = Param{Name: "expr", Kind: Text, Fronts: Flag | URL}
	pTheorem    = Param{Name: "theorem", Kind: Text, Fronts: Flag | URL}
	pWhere      = Param{Name: "where", Kind: Text, Fronts: Flag}
	pOut        = Param{Name: "out", Kind: Text, Fronts: Flag}
	pFormatText = Param{Name: "format", Kind: Text, Default: "text", Fronts: Flag}
	pMove       = Param{Name: "move", Kind: Text, Fronts: Flag | URL}
	pNoTheorems = Param{Name: "no-theorems", Kind: Bool, Default: "false", Fronts: Flag, Python: "theorems",
		Help: "do not offer the recorded theorems' statements for (II): a proof from the claim alone"}
	// The time coqc has on a certificate (commands.CertificateTimeout).
	pCertificateTimeout = Param{Name: "certificate-timeout", Kind: Duration, Default: "10m0s", Fronts: Flag,
		Help: "with --certificate: the longest coqc may check the certificate; learning its case split has as long, at most 5m, or half of it past 10m"}
	pSlice = []Param{
		{Name: "axes", Kind: Text, Default: "1,2", Help: "the two piles on the axes, numbered from 1: across, up", Fronts: Flag | URL},
		{Name: "fix", Kind: Text, Help: "values of the other piles, e.g. 3=5,4=0 (unlisted piles are 0)", Fronts: Flag | URL},
		{Name: "value", Kind: Text, Default: "outcome", Help: "what the cells show: outcome, grundy or remoteness", Fronts: Flag | URL},
	}
)

// MaxWorkers bounds --workers.
const MaxWorkers = 1024

// schema is every command's parameters, by the name of its API endpoint or
// of its command, in the order an error of the API lists them.
var schema = map[string][]Param{
	"outcome": {pGame, pPosition,
		Param{Name: "options", Kind: Bool, Default: "false", Help: "also list every option of the position (at most 100000)", Fronts: Flag | URL},
		pJSON, pForce.help("solve even when the memory estimate exceeds the available memory"),
		pTable.help("read the position's Grundy value, remoteness and winning moves from this saved table (solve --out) instead of solving"),
	},
	"solve": append([]Param{pGame, source[0],
		pGrundy.help("also compute the Grundy value of every position"),
		pRemoteness.help("also compute the remoteness of every position"),
		{Name: "reference", Kind: Bool, Default: "false", Help: "use the reference engine, which enumerates every option (slow; for checking)", Fronts: Flag},
		pOut.help("save the table to this file (written atomically)"),
		{Name: "export", Kind: Text, Help: "write every position to this file, Parquet, or CSV (a name ending in .csv), or NumPy arrays (.npz): p1..pn, outcome, and grundy and remoteness when computed", Fronts: Flag},
	}, source[1:]...),
	"list": append([]Param{pGame, source[0],
		{Name: "classes", Kind: Bool, Default: "false", Help: "one representative per symmetry class", Fronts: Flag | URL},
		{Name: "format", Kind: Text, Default: "csv", Help: "output format: csv, json, text, latex, or parquet (with --out)", Fronts: Flag},
		pOut.help("write the Parquet file here (--format parquet)"),
		pWhere.help("list only the P-positions where this condition holds (e.g. 'a == 0')"),
	}, source[1:]...),
	"eval": {pGame,
		pExpr.help("the expression to evaluate at each position (true or false)"),
		pWhere.help("a region's condition, evaluated as --expr is (give one of them)"),
		Param{Name: "positions", Kind: Text, Help: "the positions: a NumPy .npz archive with one integer array per pile, p1..pn (numpy.savez, or solve --export)", Fronts: Flag},
		Param{Name: "export", Kind: Text, Help: "write the answers to this .npz archive, one uint8 array 'accepted' (1 where the expression is true), in the positions' order", Fronts: Flag},
		pJSON.help("print the summary as one JSON object"),
	},
	"check": append([]Param{pGame, source[0],
		pExpr.help("check the positions where this expression is true"),
		pTheorem.help("check a theorem's characterization (see nimlab theorems)"),
		{Name: "properties", Kind: Bool, Default: "false", Help: "test closure properties of the P-positions instead", Fronts: Flag | URL},
		{Name: "strategy", Kind: Text, Help: "prove by exhaustion that this strategy lowers the remoteness by one everywhere (mrule)", Fronts: Flag | URL},
		{Name: "examples", Kind: Whole, Default: strconv.Itoa(commands.DefaultExamples), Min: 0, Max: MaxExamples, Help: "how many examples of each kind to show", Fronts: Flag | URL},
		Param{Name: "where", Kind: Text, Help: "compare only the positions where this condition holds (e.g. 'a == 0'), and say whether a move leaves them", Fronts: Flag | URL},
	}, source[1:]...),
	"complex": {pGame.only(Arg | URL),
		Param{Name: "basis", Kind: Text, Help: "check whether these sets (1-based vertices joined by '-', {} for the empty set, comma-separated) form a Nim-basis", Fronts: Flag | URL},
		pJSON,
	},
	"theorems": {pGame, pJSON.help("print the theorems as JSON"), pFormatText.help("text or latex (a booktabs table)")},
	"critical": append([]Param{pGame, source[0],
		{Name: "remoteness", Kind: Whole, Default: "-1", Min: 0, Max: math.MaxInt32, Help: "list only the positions of this remoteness", Fronts: Flag | URL},
	}, source[1:]...),
	"discover": {pGame, pMax.help("height to learn on, at least 1: every pile 0..MAX (required)").from(1),
		Param{Name: "verify-max", Kind: Whole, Default: "0", Min: 0, Max: commands.MaxLine, Help: "height to verify on (0: a few above --max, at most 4e6 positions)", Fronts: Flag | URL},
		pWorkers.help("goroutines of the engines (0: one per core)"),
		Param{Name: "prove", Kind: Bool, Default: "false", Help: "prove a description exact on the box for every position, with z3", Fronts: Flag},
		pGrundy.help("look for a formula of the Sprague–Grundy value, not the P-positions").only(Flag),
		pWhere.help("describe the P-positions (or values) inside this region only (a condition no move leaves, e.g. 'a == 0')"),
		Param{Name: "prove-timeout", Kind: Duration, Default: "1m0s", Help: "the longest each query of --prove may run", Fronts: Flag},
		pNoTheorems,
		Param{Name: "verbose", Kind: Bool, Default: "false", Help: "print a description that is not exact in full, with its counterexamples", Fronts: Flag},
		Param{Name: "certificate", Kind: Text, Help: "with --prove: write the proof's Coq certificate to this directory and have coqc check it", Fronts: Flag},
		pCertificateTimeout,
		pJSON,
	},
	"repro": {
		Param{Name: "list", Kind: Bool, Default: "false", Help: "list the claims without computing them", Fronts: Flag | URL},
		Param{Name: "only", Kind: Text, Help: "check only the claims whose id contains this text", Fronts: Flag | URL},
		pJSON.help("print the results as JSON"),
	},
	"games": {pJSON.help("print the families as JSON")},
	// The API answers the recorded table, the command line computes it.
	"frontier": {
		Param{Name: "families", Kind: Text, Help: "the families, separated by commas: cn, path, necklace, slow, slowset, exact, ecn, each NAME or NAME:N (at most N piles; default all)", Fronts: Flag},
		Param{Name: "n-max", Kind: Whole, Default: "0", Min: 0, Max: 64, Help: "the most piles of a game (0: each family's own bound)", Fronts: Flag},
		pMax.help("height: every pile 0..MAX").only(Flag).withDefault("6"),
		pOut.help("directory of the survey's journal, tables and SMT-LIB files (none: print only)"),
		Param{Name: "shard", Kind: Text, Default: "0/1", Help: "the part i/N of the survey to run", Fronts: Flag},
		pWorkers.help("goroutines of the engines (0: one per core)"),
		Param{Name: "prove", Kind: Bool, Default: "true", Help: "prove each description for every position, with z3 (--prove=false: descriptions only)", Fronts: Flag},
		Param{Name: "prove-timeout", Kind: Duration, Default: "30s", Help: "the longest each query of a proof may run", Fronts: Flag},
		Param{Name: "collect", Kind: Bool, Default: "false", Help: "read the rows of every shard in --out and compute nothing", Fronts: Flag},
		Param{Name: "format", Kind: Text, Default: "text", Help: "the table: text, markdown or csv", Fronts: Flag},
		pJSON,
	},
	"plot": append(append([]Param{pGame, source[0]}, pSlice...), append(source[1:],
		pOut.help("the file to write: .svg or .png"),
		Param{Name: "data", Kind: Bool, Default: "false", Help: "print the slice's cells as JSON instead of drawing it", Fronts: Flag})...),
	"slice": append(append([]Param{pGame, source[0]}, pSlice...), pTable.only(URL)),
	"advise": {pGame.only(URL), pPosition.only(URL),
		Param{Name: "start", Kind: Text, Help: "the game's start, which the computer's table covers", Fronts: URL},
		Param{Name: "check", Kind: Text, Help: "a move to check, from position", Fronts: URL},
	},
	"play": {pGame, pPosition.help("the start").only(Arg),
		Param{Name: "history", Kind: Text, Help: "the positions of the game so far, separated by /", Fronts: URL},
		Param{Name: "first", Kind: Text, Default: "me", Help: "who moves first: me (or you) or computer", Fronts: Flag | URL},
		pMove.help("the move, as typed").only(URL),
		Param{Name: "undo", Kind: Bool, Default: "false", Help: "take back your last move and the computer's answer", Fronts: URL},
		Param{Name: "hints", Kind: Bool, Default: "false", Help: "show the outcome and every winning move before each of your turns", Fronts: Flag | URL},
		pJSON.help("one JSON object per line per turn, for scripts"),
	},
	"prove": {pGame,
		pExpr.help("the characterization: an expression true exactly at the P-positions"),
		pTheorem.help("prove the formula of this theorem (see \"nimlab theorems\")"),
		Param{Name: "timeout", Kind: Duration, Default: "1m0s", Help: "the longest each query may run", Fronts: Flag | URL},
		Param{Name: "solver", Kind: Text, Default: "z3", Help: "the SMT solver: z3 or cvc5", Fronts: Flag | URL},
		Param{Name: "grundy", Kind: Text, Help: "prove that this integer expression is the Sprague–Grundy value of every position", Fronts: Flag},
		pWhere.help("prove the claim for the positions where this condition holds (a region no move leaves): a region theorem"),
		Param{Name: "smt-out", Kind: Text, Help: "write each query to this directory as an SMT-LIB 2 file the solver alone can answer", Fronts: Flag},
		// prove's --move is given any number of times.
		Param{Name: "move", Kind: Texts, Fronts: Flag,
			Help: "a candidate winning move for (II), or for (G2) (it may name v, the value to reach): the option's piles as expressions, separated by commas (repeat the flag for more)"},
		Param{Name: "same-as", Kind: Texts, Fronts: Flag,
			Help: "another statement of the set: (II) is decided through it when the solver shows they agree and it is proved; \"[COND] EXPR\" for one about the region COND (repeat the flag for more)"},
		pNoTheorems,
		Param{Name: "no-learn", Kind: Bool, Default: "false", Help: "do not learn candidate winning moves for (II) when none are given", Fronts: Flag, Python: "learn"},
		Param{Name: "no-symmetry", Kind: Bool, Default: "false", Help: "do not restrict the queries to one position per symmetry class", Fronts: Flag, Python: "symmetry"},
		Param{Name: "reduce", Kind: Bool, Default: "false", Help: "decide (II) by reduction by invariances before its query (without it, only when the query gives no answer)", Fronts: Flag},
		Param{Name: "confirm", Kind: Bool, Default: "false", Help: "ask the other solver (cvc5, or z3 with --solver cvc5) the queries that decided a proof", Fronts: Flag},
		Param{Name: "certificate", Kind: Text, Help: "write the proof's Coq certificate to this directory and have coqc check it", Fronts: Flag},
		pCertificateTimeout,
		pJSON.help("print the result as one JSON object"),
		pFormatText.help("text or latex (a booktabs table for a paper)"),
	},
	"draw": {pGame, pPosition,
		pMove.help("draw the move from POSITION to this position"),
		Param{Name: "complex", Kind: Bool, Default: "false", Help: "draw the complex itself, with its facets and circuits", Fronts: Flag | URL},
		pOut.help("the file to write: .svg, .png or .tex (TikZ); - for stdout"),
		Param{Name: "format", Kind: Text, Help: "svg, png or tikz (default: the --out file's extension)", Fronts: Flag},
		Param{Name: "bare", Kind: Bool, Default: "false", Help: "TikZ: a bare tikzpicture to \\input, not a standalone document", Fronts: Flag},
	},
}

// Params are the parameters of the command name (an endpoint's, or a
// command's of the command line), in the order the API's errors list
// them; nil for a command the schema does not hold.
func Params(name string) []Param {
	return slices.Clone(schema[name])
}

// Schema is the names the schema holds parameters of.
func Schema() []string {
	names := make([]string, 0, len(schema))
	for name := range schema {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// paramsIn are the names of the parameters of name spelled in front f.
func paramsIn(name string, f Front) []string {
	var names []string
	for _, p := range schema[name] {
		if p.In(f) {
			names = append(names, p.Name)
		}
	}
	return names
}

// param is the parameter key of name, and whether there is one.
func param(name, key string) (Param, bool) {
	i := slices.IndexFunc(schema[name], func(p Param) bool { return p.Name == key })
	if i < 0 {
		return Param{}, false
	}
	return schema[name][i], true
}
