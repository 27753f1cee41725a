package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/commands"
	"github.com/nimlab/nimlab/frontier"
)

// smallFrontier is a frontier of three games that needs no solver.
var smallFrontier = []string{"--families", "cn", "--n-max", "4", "--max", "2", "--prove=false"}

// TestFrontierCommand: the table as Markdown and as JSON, and the requests
// refused with what to do.
func TestFrontierCommand(t *testing.T) {
	out, err := run(t, append([]string{"frontier", "--format", "markdown"}, smallFrontier...)...)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"**Circular Nim CN(n,k)** (3 games: 3 verified on a box only)", "| CN(3,2) `cn:3,2` | verified to ", "surveying cn:4,3"} {
		if !strings.Contains(out, want) {
			t.Errorf("frontier --format markdown has no %q:\n%s", want, out)
		}
	}
	var res commands.FrontierResult
	if err := json.Unmarshal([]byte(mustRun(t, append([]string{"frontier", "--json"}, smallFrontier...)...)), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 3 || res.Rows[2].Name != "CN(4,3)" || res.Rows[2].Status != frontier.Verified || res.Machine == nil || res.Machine.Cores < 1 || res.Shard != "0/1" {
		t.Errorf("frontier --json: %+v", res)
	}
	for _, tt := range []struct {
		args []string
		says string
	}{
		{[]string{"frontier", "--collect"}, "give --out"},
		{[]string{"frontier", "--families", "moore"}, `no family "moore"`},
		{[]string{"frontier", "--format", "xml"}, "--format must be text, markdown or csv"},
		{[]string{"frontier", "--collect", "--out", t.TempDir()}, "holds no journal"},
	} {
		if _, err := run(t, tt.args...); err == nil || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("nimlab %v: %v, want an error saying %q", tt.args, err, tt.says)
		}
	}
}

// mustRun runs nimlab with args in this process and returns its stdout.
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	root := newRoot()
	var out strings.Builder
	root.SetOut(&out)
	root.SetErr(new(strings.Builder))
	root.SetArgs(args)
	if err := root.Execute(); err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return out.String()
}

// TestFrontierDeploy runs the Slurm script as two array tasks would, and the
// Kubernetes Job's command as its pods would, on a small frontier: the
// collected parts are the unsharded table, row for row.
func TestFrontierDeploy(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := buildCommand(t)
	var want commands.FrontierResult
	if err := json.Unmarshal([]byte(mustRun(t, append([]string{"frontier", "--json"}, smallFrontier...)...)), &want); err != nil {
		t.Fatal(err)
	}
	collect := func(dir string) []frontier.Row {
		var res commands.FrontierResult
		out, err := exec.Command(bin, "frontier", "--collect", "--out", dir, "--json").Output()
		if err == nil {
			err = json.Unmarshal(out, &res)
		}
		if err != nil || len(res.Missing) != 0 || res.Shard != "collected" {
			t.Fatalf("frontier --collect: %v, missing %v", err, res.Missing)
		}
		return res.Rows
	}
	same := func(a, b frontier.Row) bool {
		a.Seconds, b.Seconds = 0, 0
		return reflect.DeepEqual(a.Row, b.Row) && a.Status == b.Status
	}
	viaSlurm := t.TempDir()
	for i := range 2 {
		script := exec.Command("bash", "../../deploy/slurm/frontier.sbatch")
		script.Env = append(os.Environ(), "FAMILIES=cn", "N_MAX=4", "MAX=2", "PROVE=false", "OUT="+viaSlurm, "NIMLAB="+bin,
			"SLURM_ARRAY_TASK_COUNT=2", fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", i), "SLURM_CPUS_PER_TASK=1")
		if out, err := script.CombinedOutput(); err != nil {
			t.Fatalf("frontier.sbatch, task %d: %v\n%s", i, err, out)
		}
	}
	if got := collect(viaSlurm); !slices.EqualFunc(got, want.Rows, same) {
		t.Errorf("the Slurm script's parts differ from the unsharded table:\n%+v\n%+v", got, want.Rows)
	}
	viaK8s := t.TempDir()
	completions, command := k8sJob(t, "../../deploy/k8s/frontier-job.yaml")
	command = strings.NewReplacer("exec nimlab ", "exec "+bin+" ", "--max 6", strings.Join(smallFrontier, " "), "--out /frontier", "--out "+viaK8s).Replace(command)
	for i := range completions {
		pod := exec.Command("/bin/sh", "-c", command)
		pod.Env = append(os.Environ(), fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i))
		if out, err := pod.CombinedOutput(); err != nil {
			t.Fatalf("the Job's pod %d: %v\n%s", i, err, out)
		}
	}
	if got := collect(viaK8s); !slices.EqualFunc(got, want.Rows, same) {
		t.Errorf("the Kubernetes Job's parts differ from the unsharded table")
	}
}
