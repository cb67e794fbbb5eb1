package e2e

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/e40ksys"
)

// e40kRallySeeds is how many seeds e40kRallySave tries.
const e40kRallySeeds = 60

// e40kRallySave writes to path a save of the bundled combined-arms
// battle played by the greedy computer on both sides up to the first
// rally test offered to a Space Marine detachment (broken in an assault
// and with fewer blast markers than stands, E40K-BRK-1), trying the seeds
// from 1 on. It returns the seed, the detachment and the commands saved.
// Whether a detachment breaks is up to the dice, so the save is found by
// play, not fixed by hand: a change to the rules moves it to another seed
// instead of losing it.
func e40kRallySave(t *testing.T, path string) (uint64, string, int) {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled("e40k-combined-arms", cat)
	if err != nil {
		t.Fatal(err)
	}
	reg, err := game.NewSystems(e40ksys.New())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for seed := uint64(1); seed <= e40kRallySeeds; seed++ {
		g, err := reg.New(scn, game.Config{Seed: seed, Catalogue: cat})
		if err != nil {
			t.Fatal(err)
		}
		ctrls := map[string]game.Controller{}
		for _, sd := range g.State().Sides {
			if ctrls[sd.ID], err = g.NewController(game.KindGreedy); err != nil {
				t.Fatal(err)
			}
		}
		for n := 0; n < 5000 && !g.State().Over; n++ {
			if p := g.State().Pending; p != nil && p.Side == e40kHuman && p.Kind == e40k.KindRally && len(p.Units) > 0 {
				if err := g.SaveFile(path); err != nil {
					t.Fatal(err)
				}
				return seed, p.Units[0], len(g.Engine.History())
			}
			if _, err := g.Play(ctx, ctrls, 1, nil); err != nil {
				t.Fatalf("seed %d: the greedy game: %v", seed, err)
			}
		}
	}
	t.Fatalf("no seed from 1 to %d brings a %s detachment to a rally test", e40kRallySeeds, e40kHuman)
	return 0, "", 0
}

// TestE40KRallyByHand continues, in the built binary, a saved
// combined-arms battle at the rally test of a broken Space Marine
// detachment (E40K-BRK-1) with the marines human and the Orks greedy:
// the window must offer the rally, Enter must take it, and the save made
// with Ctrl+S afterwards must verify and hold that rally command of that
// detachment, with the test's outcome in the log. The battle test
// (TestE40KBattleByHand) meets a rally only when its dice break a marine
// detachment; this one meets it every time.
func TestE40KRallyByHand(t *testing.T) {
	needX(t)
	dir := t.TempDir()
	fixture := filepath.Join(dir, "rally-start.json")
	seed, det, n := e40kRallySave(t, fixture)
	t.Logf("seed %d: %s is offered a rally test after %d commands", seed, det, n)
	w := Start(t, fixture, "--control", e40kHuman+"=human,"+e40kComputer+"=greedy")
	d := w.settle()
	p := d.Play
	if p.Decider != e40kHuman || p.Pending != "rally" || p.Commands != n {
		w.Failf("the continued save waits on %s for %q after %d commands; want %s's rally after %d", p.Decider, p.Pending, p.Commands, e40kHuman, n)
	}
	w.mustPlay("the rally test of "+det+" (Enter)", func() { w.Key("Return") })
	save := filepath.Join(w.Dir(), "e40k-rally.json")
	w.Save(save)
	o := Replay(t, save)
	data, err := os.ReadFile(save)
	if err != nil {
		t.Fatal(err)
	}
	var sv e40kSaved
	if err := json.Unmarshal(data, &sv); err != nil {
		t.Fatalf("the save %s: %v", save, err)
	}
	if len(sv.Commands) <= n {
		t.Fatalf("the save holds %d commands, the continued one already %d", len(sv.Commands), n)
	}
	c := sv.Commands[n]
	var a e40kCmdArgs
	if err := json.Unmarshal(c.Args, &a); err != nil {
		t.Fatal(err)
	}
	if c.Cmd != e40k.CmdRally || a.By != e40kHuman || a.Detachment != det {
		t.Errorf("command %d after Enter is %s by %s of %q; want %s's rally of %s", n+1, c.Cmd, a.By, a.Detachment, e40kHuman, det)
	}
	rallied, failed := det+" rallies", det+" fails to rally"
	found := false
	for _, e := range o.Log {
		if e.Cmd == n+1 && (e.Text == rallied || e.Text == failed) {
			found = true
		}
	}
	if !found {
		t.Errorf("the replay's log has no rally outcome of %s for command %d: %s", det, n+1, strings.Join(o.Texts(""), " | "))
	}
}
