package certificate
import ("context";"fmt";"testing";"time";"os";"github.com/nimlab/nimlab/game";"github.com/nimlab/nimlab/check";"github.com/nimlab/nimlab/witness";"github.com/nimlab/nimlab/theory";"github.com/nimlab/nimlab/complex")
func TestZZ(t *testing.T){
 ctx := context.Background()
 for _, rec := range theory.ProofRecords() {
  if rec.Proof != "presburger" { continue }
  if os.Getenv("ONLY") != "" && os.Getenv("ONLY") != rec.Game { continue }
  g,_ := game.Parse(rec.Game); th, _ := theory.ByName(rec.Theorem)
  src, ok := th.Expression(ctx, g); if !ok { t.Fatal(rec) }
  e,err := check.Compile(src, g.Piles(), func() (*complex.Group, error) { return g.Symmetries(ctx) }); if err!=nil {t.Fatal(err)}
  start := time.Now()
  l, err := witness.Learn(ctx, g, e.Evaluator(), witness.Options{Budget: 20*time.Second, Linear: true})
  if err != nil { fmt.Println(rec.Game, "learn:", err); continue }
  fmt.Printf("%s %s learned %d moves complete=%v %d/%d in %.1fs\n", rec.Theorem, rec.Game, len(l.Moves), l.Complete(), l.Covered, l.Positions, time.Since(start).Seconds())
  text, err := Write(Claim{Game: g, Set: e, Moves: l.Moves})
  if err != nil { fmt.Println("  write:", err); continue }
  path, _ := Save("/tmp/certs", rec.Theorem+"_"+fmt.Sprint(g.Piles()), text)
  ch, err := Check(ctx, path, 5*time.Minute)
  if err != nil { fmt.Println("  check:", err); continue }
  out := ch.Output; if len(out) > 200 { out = out[:200] }
  fmt.Printf("  coqc accepted=%v %.1fs %s\n", ch.Accepted, ch.Seconds, out)
 }
}
