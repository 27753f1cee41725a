package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
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
