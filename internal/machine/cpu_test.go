package machine

import (
	"strings"
	"testing"
)

func TestCPUInfoModel(t *testing.T) {
	tests := []struct {
		text, want string
		ok         bool
	}{
		{"processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) Processor\nmodel name\t: other\n", "Intel(R) Xeon(R) Processor", true},
		{"processor\t: 0\nmodel\t\t: 85\n", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		got, ok := cpuinfoModel(strings.NewReader(tt.text))
		if got != tt.want || ok != tt.ok {
			t.Errorf("cpuinfoModel(%q) = %q, %v; want %q, %v", tt.text, got, ok, tt.want, tt.ok)
		}
	}
}
