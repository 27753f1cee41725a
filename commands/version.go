package commands

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"time"
)

// VersionResult is what the binary was built from ("nimlab version"), read
// from the build information the Go toolchain records in every binary: the
// module's version and the version-control revision, its time, and whether
// the tree had uncommitted changes. Nothing of it is written by hand.
type VersionResult struct {
	// Module is the main module's path.
	Module string `json:"module"`
	// Version is the module's version: a release (v1.2.3), a pseudo-version
	// of a commit (v0.0.0-20261125105916-5538e1d1234a), or "(devel)" when
	// the toolchain knew none.
	Version string `json:"version"`
	// Revision is the commit built from, Time its time (RFC 3339), and
	// Modified reports uncommitted changes; empty and false when the
	// binary was built outside a repository (or by go test).
	Revision string `json:"revision,omitempty"`
	Time     string `json:"time,omitempty"`
	Modified bool   `json:"modified"`
	// Go is the toolchain that built the binary.
	Go string `json:"go"`
}

// Version reads the running binary's build information.
func Version() *VersionResult {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return &VersionResult{Version: "(unknown)"}
	}
	return VersionOf(bi)
}

// VersionOf reads a binary's build information.
func VersionOf(bi *debug.BuildInfo) *VersionResult {
	v := &VersionResult{Module: bi.Main.Path, Version: bi.Main.Version, Go: bi.GoVersion}
	if v.Version == "" {
		v.Version = "(devel)"
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Revision = s.Value
		case "vcs.time":
			v.Time = s.Value
		case "vcs.modified":
			v.Modified = s.Value == "true"
		}
	}
	return v
}

// Release reports whether the version is a release: neither a
// pseudo-version nor "(devel)".
func (v *VersionResult) Release() bool {
	return strings.HasPrefix(v.Version, "v") && !isPseudo(strings.TrimSuffix(v.Version, "+dirty"))
}

// isPseudo reports whether a version is a pseudo-version: its last part is
// a timestamp of 14 digits and a revision of 12 hex digits
// (vX.Y.Z-[pre.]YYYYMMDDhhmmss-abcdefabcdef).
func isPseudo(v string) bool {
	i := strings.LastIndexAny(v, "-.")
	if i < 0 || len(v)-i-1 != 12 {
		return false
	}
	rest := v[:i]
	j := strings.LastIndexAny(rest, "-.")
	if j < 0 || len(rest)-j-1 != 14 {
		return false
	}
	return strings.Trim(rest[j+1:], "0123456789") == "" && strings.Trim(v[i+1:], "0123456789abcdef") == ""
}

// Cited names the version in a citation: the release, or the revision's
// first 12 hex digits (and "modified" for a tree with changes), or ""
// when neither is known.
func (v *VersionResult) Cited() string {
	switch {
	case v.Release():
		return v.Version
	case v.Revision != "":
		s := "revision " + v.Revision[:min(12, len(v.Revision))]
		if v.Modified {
			s += " (modified)"
		}
		return s
	}
	return ""
}

// Year is the year of the revision, or 0 when its time is not known.
func (v *VersionResult) Year() int {
	t, err := time.Parse(time.RFC3339, v.Time)
	if err != nil {
		return 0
	}
	return t.Year()
}

// String is the version in one line, as "nimlab --version" prints it, e.g.
// "v0.0.0-20261125105916-5538e1d1234a (revision 5538e1d1234a..., 2026-11-25T10:59:16Z) go1.26.8".
func (v *VersionResult) String() string {
	s := v.Version
	var about []string
	if v.Revision != "" {
		about = append(about, "revision "+v.Revision)
	}
	if v.Time != "" {
		about = append(about, v.Time)
	}
	if v.Modified {
		about = append(about, "modified")
	}
	if len(about) > 0 {
		s += " (" + strings.Join(about, ", ") + ")"
	}
	if v.Go != "" {
		s += " " + v.Go
	}
	return s
}

// WriteText writes the version as "nimlab version" prints it.
func (v *VersionResult) WriteText(w io.Writer) error {
	rev := v.Revision
	if rev == "" {
		rev = "unknown (built outside a git checkout, with -buildvcs=false in GOFLAGS, or by go test)"
	}
	fmt.Fprintf(w, "module    %s\nversion   %s\nrevision  %s\n", v.Module, v.Version, rev)
	if v.Time != "" {
		fmt.Fprintf(w, "time      %s\n", v.Time)
	}
	if v.Modified {
		fmt.Fprintln(w, "modified  yes: built from a tree with uncommitted changes")
	}
	_, err := fmt.Fprintf(w, "go        %s\n", v.Go)
	return err
}
