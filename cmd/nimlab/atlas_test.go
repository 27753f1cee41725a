package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nimlab/nimlab/atlas"
	"github.com/nimlab/nimlab/commands"
	"github.com/parquet-go/parquet-go"
)

// atlasRows reads every Parquet part of a survey directory, by index,
// with the times left out.
func atlasRows(t *testing.T, dir string) []atlas.Row {
	t.Helper()
	parts, err := filepath.Glob(filepath.Join(dir, "*.parquet"))
	if err != nil || len(parts) == 0 {
		t.Fatalf("no Parquet part in %s: %v", dir, err)
	}
	var rows []atlas.Row
	for _, p := range parts {
		rs, err := parquet.ReadFile[atlas.Row](p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for i := range rs {
			if len(rs[i].Regions) == 0 {
				rs[i].Regions = nil // as written, and as JSON leaves it out
			}
		}
		rows = append(rows, rs...)
	}
	slices.SortFunc(rows, func(a, b atlas.Row) int { return a.Index - b.Index })
	return withoutTimes(rows)
}

// withoutTimes sets the times of rows to 0: they differ from run to run.
func withoutTimes(rows []atlas.Row) []atlas.Row {
	for i := range rows {
		rows[i].Seconds, rows[i].Proof.Seconds = 0, 0
	}
	return rows
}

// TestAtlasShardsAsProcesses runs a survey as N shards in separate processes,
// at the same time, and checks that the union of their parts equals the
// unsharded survey, row for row.
func TestAtlasShardsAsProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := buildCommand(t)
	family := "cn:3..5;path:4,2;moore:4,2;complex:1-2,1-3,2-3,3-4"
	whole, sharded := t.TempDir(), t.TempDir()
	if out, err := exec.Command(bin, "atlas", family, "--max", "3", "--out", whole).CombinedOutput(); err != nil {
		t.Fatalf("atlas: %v\n%s", err, out)
	}
	const n = 3
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out, err := exec.Command(bin, "atlas", family, "--max", "3", "--out", sharded, "--shard", fmt.Sprintf("%d/%d", i, n)).CombinedOutput()
			if err != nil {
				errs[i] = fmt.Errorf("shard %d: %v\n%s", i, err, out)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	want, got := atlasRows(t, whole), atlasRows(t, sharded)
	specs, _ := atlas.Family(context.Background(), family)
	if len(want) != len(specs) || !reflect.DeepEqual(want, got) {
		t.Fatalf("%d rows unsharded, %d from %d shards; they differ:\n%v\n%v", len(want), len(got), n, want, got)
	}

	// The Slurm script, run as two array tasks would run it.
	viaSlurm := t.TempDir()
	for i := range 2 {
		script := exec.Command("bash", "../../deploy/slurm/atlas.sbatch")
		script.Env = append(os.Environ(), "FAMILY="+family, "MAX=3", "OUT="+viaSlurm, "NIMLAB="+bin,
			"SLURM_ARRAY_TASK_COUNT=2", fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", i), "SLURM_CPUS_PER_TASK=1")
		if out, err := script.CombinedOutput(); err != nil {
			t.Fatalf("atlas.sbatch, task %d: %v\n%s", i, err, out)
		}
	}
	if got := atlasRows(t, viaSlurm); !reflect.DeepEqual(want, got) {
		t.Fatalf("the Slurm script's parts differ from the unsharded survey")
	}

	// The Kubernetes Job's command, run as its pods would run it, one per
	// completion index, with this survey's family and height.
	viaK8s := t.TempDir()
	completions, command := k8sJob(t, "../../deploy/k8s/atlas-job.yaml")
	command = strings.NewReplacer("exec nimlab ", "exec "+bin+" ", `"cn:3..8"`, `"`+family+`"`, "--max 6", "--max 3", "--out /atlas", "--out "+viaK8s).Replace(command)
	for i := range completions {
		pod := exec.Command("/bin/sh", "-c", command)
		pod.Env = append(os.Environ(), fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i))
		if out, err := pod.CombinedOutput(); err != nil {
			t.Fatalf("the Job's pod %d: %v\n%s", i, err, out)
		}
	}
	if got := atlasRows(t, viaK8s); !reflect.DeepEqual(want, got) {
		t.Fatalf("the Kubernetes Job's parts differ from the unsharded survey")
	}
}

// k8sJob reads an Indexed Job manifest: its completions (equal to its
// parallelism and to the shard count its command names) and the command its
// container runs, whose survey writes where the volume is mounted.
func k8sJob(t *testing.T, path string) (int, string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fields := map[string]string{}
	var command string
	lines := strings.Split(string(data), "\n")
	for i, line := range lines {
		key, value, _ := strings.Cut(strings.TrimSpace(line), ":")
		fields[key] = strings.TrimSpace(value)
		if key == "args" && i+1 < len(lines) {
			command = strings.TrimPrefix(strings.TrimSpace(lines[i+1]), "- ")
		}
	}
	completions, err := strconv.Atoi(fields["completions"])
	if err != nil || fields["completionMode"] != "Indexed" || fields["parallelism"] != fields["completions"] ||
		!strings.Contains(command, fmt.Sprintf(`--shard "${JOB_COMPLETION_INDEX}/%d"`, completions)) ||
		!strings.Contains(command, "--out "+fields["mountPath"]+" ") {
		t.Fatalf("%s: completions %q, mode %q, parallelism %q, mount %q, command %q", path,
			fields["completions"], fields["completionMode"], fields["parallelism"], fields["mountPath"], command)
	}
	return completions, command
}

// TestAtlasResumes restarts a survey whose journal holds some rows (and a
// last line cut short): those games are not surveyed again.
func TestAtlasResumes(t *testing.T) {
	dir := t.TempDir()
	v := runJSON(t, "atlas", "cn:3..4", "--max", "3", "--out", dir, "--json")
	if rows, _ := v["rows"].([]any); len(rows) != 7 {
		t.Fatalf("%d rows for cn:3..4", len(rows))
	}
	journal, _, _ := atlas.Paths(dir, atlas.Shard{I: 0, N: 1})
	data, err := os.ReadFile(journal)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	// Keep the head, two rows, one marked, and half a third line.
	kept := lines[0] + strings.Replace(lines[1], `"p_classes":`, `"p_classes":-7,"x":`, 1) + lines[2] + lines[3][:len(lines[3])/2]
	if err := os.WriteFile(journal, []byte(kept), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := run(t, "atlas", "cn:3..4", "--max", "3", "--out", dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "cn:4,4") {
		t.Errorf("the report after the restart:\n%s", out)
	}
	rows := atlasRows(t, dir)
	if len(rows) != 7 || rows[0].PClasses != -7 || rows[2].PClasses < 0 {
		t.Fatalf("after the restart: %v", rows)
	}
	// Another survey in the same directory is refused.
	if _, err := run(t, "atlas", "cn:3..4", "--max", "4", "--out", dir); err == nil || !strings.Contains(err.Error(), "another survey") {
		t.Errorf("another --max in the same directory: %v", err)
	}
	if _, err := run(t, "atlas", "cn:3..4", "--max", "3", "--out", dir, "--discover=false"); err == nil || !strings.Contains(err.Error(), "another survey") {
		t.Errorf("--discover=false in the directory of a survey with discover: %v", err)
	}
}

// TestAtlasWithoutDiscover: --discover=false fills every row but discover's
// columns, which say so.
func TestAtlasWithoutDiscover(t *testing.T) {
	dir := t.TempDir()
	v := runJSON(t, "atlas", "complexes:3", "--max", "3", "--out", dir, "--json", "--discover=false")
	if rows, _ := v["rows"].([]any); len(rows) != 8 {
		t.Fatalf("%d rows for complexes:3, want 1 + 2 + 5", len(rows))
	}
	for _, r := range atlasRows(t, dir) {
		if r.Expr != "not searched (--discover=false)" || r.Exact || r.PPositions == 0 {
			t.Errorf("row %+v", r)
		}
	}
}

// TestAtlasUnderSlurm submits deploy/slurm/atlas.sbatch as a job array to a
// real Slurm (deploy/slurm/single-node.sh starts one; .ci/run does) and
// checks that the parts equal the unsharded survey. It runs only with
// NIMLAB_SLURM_TESTS=1.
func TestAtlasUnderSlurm(t *testing.T) {
	if os.Getenv("NIMLAB_SLURM_TESTS") != "1" {
		t.Skip("set NIMLAB_SLURM_TESTS=1 with a running Slurm (deploy/slurm/single-node.sh)")
	}
	bin := buildCommand(t)
	family := "cn:3..5;moore:4,2"
	whole, viaSlurm, logs := t.TempDir(), t.TempDir(), t.TempDir()
	if out, err := exec.Command(bin, "atlas", family, "--max", "3", "--out", whole).CombinedOutput(); err != nil {
		t.Fatalf("atlas: %v\n%s", err, out)
	}
	script, err := filepath.Abs("../../deploy/slurm/atlas.sbatch")
	if err != nil {
		t.Fatal(err)
	}
	sbatch := exec.Command("timeout", "240", "sbatch", "--array=0-2", "--wait", "--cpus-per-task=1", "--mem=1G", script)
	sbatch.Dir = logs
	sbatch.Env = append(os.Environ(), "FAMILY="+family, "MAX=3", "OUT="+viaSlurm, "NIMLAB="+bin)
	if out, err := sbatch.CombinedOutput(); err != nil {
		taskLogs, _ := filepath.Glob(filepath.Join(logs, "*.log"))
		for _, l := range taskLogs {
			data, _ := os.ReadFile(l)
			t.Logf("%s:\n%s", l, data)
		}
		t.Fatalf("sbatch: %v\n%s", err, out)
	}
	if want, got := atlasRows(t, whole), atlasRows(t, viaSlurm); !reflect.DeepEqual(want, got) {
		t.Fatalf("the parts of the Slurm array differ from the unsharded survey:\n%v\n%v", want, got)
	}
}

// TestExploreIsTheAtlas: explore says it is the atlas now and prints what
// "atlas rules:3..N --discover=false" prints, writing no files: the same
// rows, and the games with the same P-positions.
func TestExploreIsTheAtlas(t *testing.T) {
	t.Chdir(t.TempDir())
	explore := runArgs([]string{"explore", "--n", "4", "--max", "2", "--json"}, "", time.Minute)
	if explore.code != 0 || !strings.HasPrefix(explore.stderr, "note: explore is the atlas now: nimlab atlas rules:3..4 --max 2 --discover=false") {
		t.Fatalf("explore: status %d, stderr %q", explore.code, explore.stderr)
	}
	atlas := runArgs([]string{"atlas", "rules:3..4", "--max", "2", "--discover=false", "--json"}, "", time.Minute)
	if atlas.code != 0 {
		t.Fatalf("atlas: status %d, stderr %q", atlas.code, atlas.stderr)
	}
	var e, a commands.AtlasResult
	if err := json.Unmarshal([]byte(explore.stdout), &e); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(atlas.stdout), &a); err != nil {
		t.Fatal(err)
	}
	if len(e.Rows) != 7*7 || !reflect.DeepEqual(withoutTimes(e.Rows), withoutTimes(a.Rows)) || len(e.SameP) == 0 || len(e.SameP) != len(a.SameP) {
		t.Errorf("explore: %d rows, %d groups; atlas: %d rows, %d groups", len(e.Rows), len(e.SameP), len(a.Rows), len(a.SameP))
	}
	if files, _ := os.ReadDir("."); len(files) != 0 || e.Parquet != "" {
		t.Errorf("explore wrote %v (parquet %q)", files, e.Parquet)
	}
}
