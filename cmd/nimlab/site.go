package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// modulePath is nimlab's module, whose cmd/nimlab-wasm the site compiles.
const modulePath = "github.com/nimlab/nimlab"

func newSiteCmd() *cobra.Command {
	var out, source string
	cmd := &cobra.Command{
		Use:   "site --out DIR [--source DIR]",
		Short: "Write the web lab as a static site that runs nimlab in the browser (WebAssembly)",
		Long: `Writes the web lab into DIR as a static site: its pages, nimlab compiled to
WebAssembly (nimlab.wasm, from cmd/nimlab-wasm with GOOS=js GOARCH=wasm),
the worker that runs it (worker.js) and wasm_exec.js from the Go toolchain
that compiled it. Nothing is loaded from elsewhere: any static file server
serves DIR (GitHub Pages, "python3 -m http.server -d DIR", ...), and the lab
then computes in the reader's browser, with no nimlab server. What needs more
memory than a browser tab should take is refused with the nimlab command
that does it.

The WebAssembly module is compiled by the go command (on PATH), from the
nimlab source: --source DIR, or else the nimlab module the current directory
is in, or else the module of the version this nimlab was installed from
(fetched by "go mod download").`,
		Example: `  nimlab site --out public
  nimlab site --out /tmp/lab --source ~/src/nimlab && python3 -m http.server -d /tmp/lab`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return usageError(cmd, "--out DIR is required")
			}
			files, err := writeSite(cmd.Context(), out, source)
			if err != nil {
				return fmt.Errorf("site: %w", err)
			}
			for _, f := range files {
				fmt.Fprintf(cmd.OutOrStdout(), "%-14s %9d bytes\n", f.name, f.size)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "nimlab.wasm is %d bytes gzipped; serve %s with any static file server\n", files[len(files)-1].gzipped, out)
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "the directory to write the site in (created if needed)")
	cmd.Flags().StringVar(&source, "source", "", "the nimlab source to compile (default: the module of the current directory, or of this nimlab's version)")
	return cmd
}

// siteFile is one file the site wrote.
type siteFile struct {
	name          string
	size, gzipped int64
}

// writeSite writes the static lab into out, the module compiled from the
// nimlab source at source (found when ""), and returns its files, the
// WebAssembly module last. The module is compiled first, into a temporary
// directory: a source that does not compile leaves out as it was.
func writeSite(ctx context.Context, out, source string) ([]siteFile, error) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return nil, errors.New("the go command is not on PATH: the site's WebAssembly module is compiled by the Go toolchain (go.dev/dl)")
	}
	if source == "" {
		if source, err = nimlabSource(ctx, goCmd); err != nil {
			return nil, err
		}
	}
	if info, err := os.Stat(filepath.Join(source, "cmd", "nimlab-wasm")); err != nil || !info.IsDir() {
		return nil, fmt.Errorf("%s is not a checkout of nimlab (it has no cmd/nimlab-wasm): give --source the directory of nimlab's go.mod", source)
	}
	goroot, err := goOutput(ctx, goCmd, source, nil, "env", "GOROOT")
	if err != nil {
		return nil, err
	}
	execJS, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if errors.Is(err, fs.ErrNotExist) { // Go before 1.24 kept it in misc
		execJS, err = os.ReadFile(filepath.Join(goroot, "misc", "wasm", "wasm_exec.js"))
	}
	if err != nil {
		return nil, fmt.Errorf("wasm_exec.js of the Go toolchain: %w", err)
	}
	build, err := os.MkdirTemp("", "nimlab-site-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(build)
	wasmTmp := filepath.Join(build, "nimlab.wasm")
	// Stripped of its symbols and debugging data: a third of the download.
	if _, err := goOutput(ctx, goCmd, source, []string{"GOOS=js", "GOARCH=wasm"}, "build", "-trimpath", "-ldflags=-s -w", "-o", wasmTmp, "./cmd/nimlab-wasm"); err != nil {
		return nil, err
	}
	wasm, err := os.ReadFile(wasmTmp)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	var files []siteFile
	write := func(name string, data []byte) error {
		if err := os.WriteFile(filepath.Join(out, name), data, 0o644); err != nil {
			return err
		}
		files = append(files, siteFile{name: name, size: int64(len(data))})
		return nil
	}
	web, _ := fs.Sub(webFiles, "web")
	entries, err := fs.ReadDir(web, ".")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		data, err := fs.ReadFile(web, e.Name())
		if err != nil {
			return nil, err
		}
		if e.Name() == "index.html" {
			// The pages ask the WebAssembly worker, not /api.
			server := []byte(`<meta name="nimlab-backend" content="server">`)
			if !bytes.Contains(data, server) {
				return nil, fmt.Errorf("index.html does not name its back end (%s)", server)
			}
			data = bytes.Replace(data, server, []byte(`<meta name="nimlab-backend" content="wasm">`), 1)
		}
		if err := write(e.Name(), data); err != nil {
			return nil, err
		}
	}
	if err := write("wasm_exec.js", execJS); err != nil {
		return nil, err
	}
	if err := write("nimlab.wasm", wasm); err != nil {
		return nil, err
	}
	var gz countingWriter
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(wasm)
	zw.Close()
	files[len(files)-1].gzipped = gz.n
	return files, nil
}

// countingWriter counts what is written to it.
type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	return len(p), nil
}

// nimlabSource finds the nimlab source to compile: the module the current
// directory is in, if it is nimlab's; else the module of the version this
// binary was installed from, downloaded into Go's module cache.
func nimlabSource(ctx context.Context, goCmd string) (string, error) {
	if mod, err := goOutput(ctx, goCmd, "", nil, "list", "-m", "-json"); err == nil {
		var m struct{ Path, Dir string }
		if json.Unmarshal([]byte(mod), &m) == nil && m.Path == modulePath && m.Dir != "" {
			return m.Dir, nil
		}
	}
	info, ok := debug.ReadBuildInfo()
	if !ok || info.Main.Path != modulePath || info.Main.Version == "" || info.Main.Version == "(devel)" {
		return "", errors.New("no nimlab source: run nimlab site inside a checkout of nimlab, or give --source DIR")
	}
	mod, err := goOutput(ctx, goCmd, "", nil, "mod", "download", "-json", modulePath+"@"+info.Main.Version)
	if err != nil {
		return "", err
	}
	var m struct{ Dir, Error string }
	if err := json.Unmarshal([]byte(mod), &m); err != nil || m.Dir == "" {
		return "", fmt.Errorf("go mod download %s@%s: %s", modulePath, info.Main.Version, m.Error)
	}
	return m.Dir, nil
}

// goOutput runs the go command in dir with env added and returns its
// output, trimmed; its error carries what go printed.
func goOutput(ctx context.Context, goCmd, dir string, env []string, args ...string) (string, error) {
	c := exec.CommandContext(ctx, goCmd, args...)
	c.Dir = dir
	c.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	if err := c.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		command := strings.TrimSpace(strings.Join(env, " ") + " go " + strings.Join(args, " "))
		if msg != "" {
			return "", fmt.Errorf("%s: %s", command, msg)
		}
		return "", fmt.Errorf("%s: %w", command, err)
	}
	return strings.TrimSpace(stdout.String()), nil
}
