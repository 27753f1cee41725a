package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	if err := Write(path, func(w io.Writer) error { _, err := io.WriteString(w, "first"); return err }); err != nil {
		t.Fatal(err)
	}
	// A failed write leaves the old file and no temporary file.
	err := Write(path, func(w io.Writer) error { io.WriteString(w, "half"); return errors.New("stopped") })
	if err == nil {
		t.Fatal("a failed write succeeded")
	}
	if data, _ := os.ReadFile(path); string(data) != "first" {
		t.Errorf("after a failed write the file holds %q", data)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files left, want 1", len(entries))
	}
	if info, _ := os.Stat(path); runtime.GOOS != "windows" && info.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", info.Mode().Perm())
	}
}

func ExampleWrite() {
	path := filepath.Join(os.TempDir(), "nimlab-atomicfile-example.txt")
	err := Write(path, func(w io.Writer) error { _, err := fmt.Fprintln(w, "whole or nothing"); return err })
	data, _ := os.ReadFile(path)
	os.Remove(path)
	fmt.Print(err, " ", string(data))
	// Output: <nil> whole or nothing
}

// TestWriteRefusesWhatIsNoFile: a directory, or a file in a directory that
// does not exist, is refused with a message that names the problem and not
// the temporary file, and nothing is written.
func TestWriteRefusesWhatIsNoFile(t *testing.T) {
	dir := t.TempDir()
	tests := []struct{ path, want string }{
		{dir, "it is a directory"},
		{filepath.Join(dir, "missing", "x.tbl"), "directory " + filepath.Join(dir, "missing") + " does not exist"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			err := Write(tt.path, func(w io.Writer) error { _, err := w.Write([]byte("x")); return err })
			if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), ".tmp") {
				t.Fatalf("error %v, want one saying %q", err, tt.want)
			}
		})
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left %v behind", entries)
	}
}
