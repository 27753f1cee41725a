package solve

import (
	"context"
	"errors"
	"io"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/nimlab/nimlab/game"
	"github.com/nimlab/nimlab/table"
)

// TestPlanChoosesEngines: which engine fills the table, and which answers
// HasOptionIn, for each kind of game.
func TestPlanChoosesEngines(t *testing.T) {
	for _, tt := range []struct {
		spec          string
		opts          Options
		engine, hasIn Engine
	}{
		{"cn:6,3", Options{}, EngineFast, EngineFast},                         // take: the fast engine
		{"cn:6,3", Options{Grundy: true}, EngineFast, EngineFast},             // by sets of values
		{"cn:6,3", Options{Remoteness: true}, EngineFast, EngineFast},         // by the min/max recurrence
		{"nim:4", Options{Remoteness: true}, EngineValues, EngineFast},        // symmetric: sorted states are fewer
		{"fixed(cn:6,3; 2)", Options{}, EngineCones, EngineCones},             // a rule with cones
		{"fixed(cn:6,3; 2)", Options{Grundy: true}, EngineCones, EngineCones}, // by level sets
		{"fixed(cn:6,3; 2)", Options{Remoteness: true}, EngineValues, EngineCones},
		{"slow:5,4", Options{}, EngineValues, EngineCones},         // symmetric slow: sorted states
		{"slow(cn:6,3)", Options{}, EngineCones, EngineCones},      // slow, not symmetric
		{"cn:5,2 & slow:3,2", Options{}, EngineCones, EngineCones}, // a compound
		{"wythoff(nim:2)", Options{Grundy: true}, EngineCones, EngineCones},
	} {
		g, err := game.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		box := table.Uniform(g.Piles(), 6)
		p := newPlan(g, box, tt.opts)
		if p.engine.name() != tt.engine || p.options.name() != tt.hasIn {
			t.Errorf("%s %+v: engine %s, HasOptionIn by %s; want %s, %s", tt.spec, tt.opts, p.engine.name(), p.options.name(), tt.engine, tt.hasIn)
		}
		// The exported plan says the same, and streams exactly the
		// outcomes of the fast engine.
		pl, err := NewPlan(g, box, tt.opts)
		if err != nil {
			t.Fatal(err)
		}
		streams := tt.engine == EngineFast && !tt.opts.Grundy && !tt.opts.Remoteness
		if pl.Engine() != tt.engine || pl.MemoryNeeded() != p.engine.memory(p) || pl.Streams() != streams {
			t.Errorf("%s %+v: the plan says %s, %d bytes, streams %v; want %s, %d, %v", tt.spec, tt.opts,
				pl.Engine(), pl.MemoryNeeded(), pl.Streams(), tt.engine, p.engine.memory(p), streams)
		}
		// Asked for it, the reference engine solves everything, and
		// HasOptionIn is still answered by the same engine.
		ref := newPlan(g, box, Options{Grundy: tt.opts.Grundy, Remoteness: tt.opts.Remoteness, Reference: true})
		if ref.Engine() != EngineReference || ref.options.name() != tt.hasIn || ref.Streams() {
			t.Errorf("%s %+v, reference: engine %s, HasOptionIn by %s, streams %v; want %s, %s, false", tt.spec, tt.opts,
				ref.Engine(), ref.options.name(), ref.Streams(), EngineReference, tt.hasIn)
		}
		// The plan takes the first engine of the registry that solves.
		for _, e := range engines {
			if e.solves(p) {
				if e != p.engine {
					t.Errorf("%s %+v: plan runs %s, the first that solves is %s", tt.spec, tt.opts, p.engine.name(), e.name())
				}
				break
			}
		}
	}
	// A box that does not fit the game has no plan.
	if _, err := NewPlan(g0(t, "cn:6,3"), table.Uniform(5, 3), Options{}); err == nil {
		t.Error("a plan for a box of 5 piles of cn:6,3")
	}
	// A plan that does not stream refuses to.
	if pl, err := NewPlan(g0(t, "slow:5,4"), table.Uniform(5, 3), Options{}); err != nil {
		t.Fatal(err)
	} else if _, _, err := pl.StreamTable(context.Background(), io.Discard, false); err == nil {
		t.Errorf("the %s engine streamed", pl.Engine())
	}
	// The last engine solves and answers everything.
	last := engines[len(engines)-1]
	answerer, isAnswerer := last.(optionAnswerer)
	g, _ := game.Parse("cn:3,2")
	if p := newPlan(g, table.Uniform(3, 2), Options{}); !last.solves(p) || !isAnswerer || !answerer.answers(p) {
		t.Errorf("the last engine of the registry, %s, does not solve everything", last.name())
	}
}

// TestMemoryEstimates compares MemoryNeeded with what a solve allocates
// (runtime.MemStats.TotalAlloc), for each engine: the estimate must lie
// within a factor of two of it, give or take 256 kB.
func TestMemoryEstimates(t *testing.T) {
	if testing.Short() {
		t.Skip("solves boxes of a few million positions")
	}
	ctx := context.Background()
	for _, tt := range []struct {
		spec string
		max  int
		opts Options
	}{
		{"cn:6,3", 9, Options{}},
		{"cn:6,3", 9, Options{Grundy: true}},
		{"cn:6,3", 9, Options{Remoteness: true}},
		{"fixed(cn:6,3; 2)", 9, Options{}},
		{"fixed(cn:6,3; 2)", 8, Options{Grundy: true}},
		{"slow:5,4", 20, Options{Remoteness: true}},
	} {
		g, err := game.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		box := table.Uniform(g.Piles(), tt.max)
		plan, err := NewPlan(g, box, tt.opts)
		if err != nil {
			t.Fatal(err)
		}
		estimate := plan.MemoryNeeded()
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		if _, err := plan.Table(ctx); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		allocated := int64(after.TotalAlloc - before.TotalAlloc)
		const slack = 256 << 10
		if estimate > 2*allocated+slack || 2*estimate+slack < allocated {
			t.Errorf("%s --max %d %+v (%s engine): estimate %s, allocated %s", tt.spec, tt.max, tt.opts,
				plan.Engine(), Bytes(estimate), Bytes(allocated))
		} else {
			t.Logf("%s --max %d %+v (%s engine): estimate %s, allocated %s", tt.spec, tt.max, tt.opts,
				plan.Engine(), Bytes(estimate), Bytes(allocated))
		}
	}
}

// TestEnginesStopWhenCancelled cancels solves in the middle, each engine
// and kind of table: they must return the context's error within a second.
func TestEnginesStopWhenCancelled(t *testing.T) {
	if testing.Short() {
		t.Skip("starts solves of a few seconds")
	}
	for _, tt := range []struct {
		spec string
		max  int
		opts Options
	}{
		{"cn:6,3", 15, Options{Grundy: true}},
		{"cn:6,3", 15, Options{Remoteness: true}},
		{"cn:6,3", 14, Options{Grundy: true, levelSets: true}},
		{"fixed(cn:6,3; 2)", 12, Options{Grundy: true}},
		{"slow:5,4", 50, Options{Remoteness: true}},
	} {
		g, err := game.Parse(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			_, err := Table(ctx, g, table.Uniform(g.Piles(), tt.max), tt.opts)
			done <- err
		}()
		time.Sleep(50 * time.Millisecond)
		cancel()
		select {
		case err := <-done:
			if err != nil && !errors.Is(err, context.Canceled) {
				t.Errorf("%s --max %d %+v: %v, want context.Canceled", tt.spec, tt.max, tt.opts, err)
			}
		case <-time.After(time.Second):
			t.Errorf("%s --max %d %+v: still running 1 s after cancellation", tt.spec, tt.max, tt.opts)
			<-done
		}
	}
}

func g0(t *testing.T, spec string) *game.Game {
	t.Helper()
	g, err := game.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestPlanSolves: a plan's Table and HasOptionIn agree with the reference
// engine.
func TestPlanSolves(t *testing.T) {
	ctx := context.Background()
	for _, spec := range []string{"cn:5,2", "fixed(cn:4,2; 1)", "slow:4,2"} {
		g := g0(t, spec)
		box := table.Uniform(g.Piles(), 4)
		pl, err := NewPlan(g, box, Options{Grundy: true})
		if err != nil {
			t.Fatal(err)
		}
		got, err := pl.Table(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Reference(ctx, g, box, Options{Grundy: true})
		if err != nil {
			t.Fatal(err)
		}
		sameValues(t, spec, want, got)
		set := make([]uint64, box.Lines()*int64(box[0]/64+1))
		for i := range set {
			set[i] = 0x5
		}
		has, err := pl.HasOptionIn(ctx, set)
		if err != nil {
			t.Fatal(err)
		}
		enumerated, err := hasOptionEnumerated(ctx, g, box, set)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(has, enumerated) {
			t.Errorf("%s: the plan's HasOptionIn (%s) differs from enumerating the options", spec, pl.options.name())
		}
	}
}
