package check

import (
	"errors"
	"fmt"

	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/parser/lexer"
)

// ErrXorBesideArithmetic is wrapped by the error of an expression that
// mixes ^ (xor) with arithmetic in one parenthesized group (checkTokens).
var ErrXorBesideArithmetic = errors.New("^ (xor) beside arithmetic")

// parse parses src after the checks of its tokens that a parser's message
// would not make plain: "=" where "==" is meant, ^ beside arithmetic
// without parentheses, and chained comparisons (a == b == c). Its errors
// say what to write instead.
func parse(src string) (*parser.Tree, error) {
	tokens, err := lexer.Lex(file.NewSource(src))
	if err == nil {
		if err := checkTokens(tokens); err != nil {
			return nil, err
		}
	}
	tree, err := parser.Parse(src)
	if err != nil {
		return nil, fmt.Errorf("%s", oneLine(err.Error()))
	}
	return tree, nil
}

// checkTokens refuses a lone "=" outside "let name = value", and ^ mixed
// with + - * / % ** or a unary minus in one parenthesized group.
//
// Why the second: the help calls ^ xor "as in Go", but the parser gives ^
// the precedence of a power, above * and +, where Go gives it that of +.
// "2 * a ^ b" is 2*(a^b) here and (2*a)^b in Go; a reader of either is
// right to expect their own, so a mix is refused rather than read one way.
func checkTokens(tokens []lexer.Token) error {
	// groups holds, for each open bracket and the top level, what the
	// current operand run holds: a run ends at a comparison, a logical
	// operator, a comma, a ;, ? or :.
	// A sign right after ^ (a ^ -1) reads the same in both, unless
	// another ^ follows it (a ^ -b ^ c): signed holds it till then.
	type run struct{ xor, arith, signed, cmp string }
	groups := []run{{}}
	for i, t := range tokens {
		top := &groups[len(groups)-1]
		switch {
		case t.Is(lexer.Bracket, "(", "[", "{"):
			groups = append(groups, run{})
		case t.Is(lexer.Bracket, ")", "]", "}"):
			if len(groups) > 1 {
				groups = groups[:len(groups)-1]
			}
		case t.Is(lexer.Operator, "&", "|"):
			return fmt.Errorf("a single %s at column %d: write %s%s, or %q", t.Value, t.From+1, t.Value, t.Value, map[string]string{"&": "and", "|": "or"}[t.Value])
		case t.Is(lexer.Operator, "="):
			if i < 2 || !tokens[i-2].Is(lexer.Operator, "let") {
				return fmt.Errorf("a single = at column %d: write == to compare (= only names a value, as in let m = a + b; ...)", t.From+1)
			}
			*top = run{}
		case t.Is(lexer.Operator, "^"):
			top.xor = "^"
			if top.arith == "" {
				top.arith = top.signed
			}
		case t.Is(lexer.Operator, "+", "-") && i > 0 && tokens[i-1].Is(lexer.Operator, "^"):
			top.signed = t.Value
		case t.Is(lexer.Operator, "+", "-", "*", "/", "%", "**"):
			if top.arith == "" {
				top.arith = t.Value
			}
		case t.Is(lexer.Operator, "==", "!=", "<", "<=", ">", ">="):
			// a == b == c reads (a == b) == c, a condition's 1 or 0
			// compared with c: refused unless parenthesized.
			if top.cmp != "" {
				return fmt.Errorf("two comparisons chained at column %d (%s ... %s): join two comparisons with &&, as a < b && b < c, or put one in parentheses to compare a condition's 1 or 0 with a number", t.From+1, top.cmp, t.Value)
			}
			*top = run{cmp: t.Value}
		case t.Kind == lexer.Operator:
			*top = run{}
		}
		if top.xor != "" && top.arith != "" {
			return fmt.Errorf("%w (%s) without parentheses: Go and this language order them differently, so write which you mean, e.g. (a %s b) ^ c or a %s (b ^ c)", ErrXorBesideArithmetic, top.arith, top.arith, top.arith)
		}
	}
	return nil
}
