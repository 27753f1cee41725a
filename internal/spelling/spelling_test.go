package spelling_test

import (
	"fmt"
	"testing"

	"github.com/nimlab/nimlab/internal/spelling"
)

func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"max", "max", 0}, {"mx", "max", 1}, {"cm", "cn", 1},
		{"kitten", "sitting", 3}, {"", "abc", 3}, {"abc", "", 3}, {"ab", "ba", 2},
	} {
		if got := spelling.Distance(tt.a, tt.b); got != tt.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := spelling.Distance(tt.b, tt.a); got != tt.want {
			t.Errorf("Distance(%q, %q) = %d, want %d (symmetric)", tt.b, tt.a, got, tt.want)
		}
	}
}

func TestNearest(t *testing.T) {
	families := []string{"nim", "cn", "ecn", "path", "necklace", "moore", "slow"}
	for _, tt := range []struct{ name, want string }{
		{"cm", "cn"}, // one letter off
		{"neklace", "necklace"},
		{"chess", ""}, // nothing close
		{"c", ""},     // too short to guess
		{"slo", "slow"},
	} {
		if got := spelling.Nearest(tt.name, families); got != tt.want {
			t.Errorf("Nearest(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func ExampleNearest() {
	fmt.Println(spelling.Nearest("mx", []string{"max", "json", "where"}))
	// Output: max
}
