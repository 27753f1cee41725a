package commands

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestCheckWhere: check --where compares inside the region only, says so,
// and refuses the modes it does not restrict.
func TestCheckWhere(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		where, expr string
		agrees      bool
		leaving     int64
	}{
		{"a == 0", "b == c + d && b == e + f && b == g && min(c, f) == 0", true, 0},
		{"a == 0", "b == c + d && b == e + f", false, 0},
		{"a == 1", "b == c + d && b == e + f && b == g && min(c, f) == 0", false, 4096},
	}
	for _, tt := range tests {
		res, err := Check(ctx, Env{}, CheckRequest{Game: "cn:7,5", Source: Source{Max: 3}, Expr: tt.expr, Where: tt.where, Examples: 2})
		if err != nil {
			t.Fatal(err)
		}
		c := res.Compare
		if c.Agrees != tt.agrees || c.Region == nil || c.Region.Leaving != tt.leaving || c.Region.Positions != 4096 || c.Where != tt.where {
			t.Errorf("%s in %s: %+v, region %+v", tt.expr, tt.where, c, c.Region)
		}
		var text strings.Builder
		if err := res.WriteText(&text); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text.String(), "region: "+tt.where+": 4096 positions") {
			t.Errorf("text does not state the region:\n%s", text.String())
		}
		var v *Verdict
		if verr := res.Verdict(); (verr == nil) != tt.agrees || verr != nil && (!errors.As(verr, &v) || !strings.Contains(verr.Error(), "in the region "+tt.where)) {
			t.Errorf("%s in %s: verdict %v", tt.expr, tt.where, verr)
		}
	}
	if _, err := Check(ctx, Env{}, CheckRequest{Game: "cn:7,5", Source: Source{Max: 2}, Properties: true, Where: "a == 0"}); err == nil {
		t.Error("--where with --properties: no error")
	}
}
