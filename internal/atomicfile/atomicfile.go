// Package atomicfile writes files so that readers never see half of one: the
// data goes to a temporary file in the same directory, which is synced to
// disk and renamed into place (mode 0644) only when complete. An interrupted
// or failed write leaves nothing behind.
package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Error is the error of a file Write could not write: its path, and why.
type Error struct {
	Path string
	Err  error
}

func (e *Error) Error() string { return fmt.Sprintf("writing %s: %v", e.Path, e.Err) }
func (e *Error) Unwrap() error { return e.Err }

// Write creates or replaces the file at path with what write writes. A
// path that is a directory, or whose directory does not exist, is refused
// before anything is written, in words that name path.
func Write(path string, write func(io.Writer) error) error {
	if err := writable(path); err != nil {
		return &Error{Path: path, Err: err}
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		// Say why (permission denied), not the temporary file's name.
		var pathErr *os.PathError
		if errors.As(err, &pathErr) {
			err = pathErr.Err
		}
		return &Error{Path: path, Err: err}
	}
	tmp := f.Name()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return &Error{Path: path, Err: err}
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	if err := write(bw); err != nil {
		return fail(err)
	}
	if err := bw.Flush(); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Chmod(0o644); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return &Error{Path: path, Err: err}
	}
	// Make the rename itself durable where directories can be synced.
	if dir, err := os.Open(filepath.Dir(path)); err == nil {
		dir.Sync()
		dir.Close()
	}
	return nil
}

// writable checks that path can name a file: not a directory, in a
// directory that exists.
func writable(path string) error {
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return errors.New("it is a directory: give a file name")
	}
	dir := filepath.Dir(path)
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("the directory %s does not exist", dir)
	case err != nil:
		return err
	case !info.IsDir():
		return fmt.Errorf("%s is not a directory", dir)
	}
	return nil
}
