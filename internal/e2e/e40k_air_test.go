package e2e

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/e40ksys"
)

// e40kAirSave writes to path a save of the bundled air assault played by
// the greedy computer on both sides up to the Space Marines' first flyer
// mission (seed 001 movement step 1): the Thunderhawk waits to be tasked.
// It returns the commands saved.
func e40kAirSave(t *testing.T, path string) int {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled("e40k-air-assault", cat)
	if err != nil {
		t.Fatal(err)
	}
	reg, err := game.NewSystems(e40ksys.New())
	if err != nil {
		t.Fatal(err)
	}
	g, err := reg.New(scn, game.Config{Seed: 3, Catalogue: cat})
	if err != nil {
		t.Fatal(err)
	}
	ctrls := map[string]game.Controller{}
	for _, sd := range g.State().Sides {
		if ctrls[sd.ID], err = g.NewController(game.KindGreedy); err != nil {
			t.Fatal(err)
		}
	}
	for n := 0; n < 500 && !g.State().Over; n++ {
		if p := g.State().Pending; p != nil && p.Side == "marines" && p.Kind == e40k.KindMission {
			if err := g.SaveFile(path); err != nil {
				t.Fatal(err)
			}
			return len(g.Engine.History())
		}
		if _, err := g.Play(context.Background(), ctrls, 1, nil); err != nil {
			t.Fatalf("the greedy game: %v", err)
		}
	}
	t.Fatal("the Space Marines are never asked for a flyer mission")
	return 0
}

// tableText is the first label drawn on the table containing s (nil when
// none).
func tableText(d *app.DebugDump, s string) *app.DumpText {
	for i := range d.Texts {
		if t := &d.Texts[i]; t.Where == "table" && strings.Contains(t.Text, s) {
			return t
		}
	}
	return nil
}

// TestE40KFlyerMissionByMouse declares a flyer mission by mouse in the
// built binary and sees the flyer on the table (seed 001 movement step 1;
// digest 8.6): with both sides human, a click on the empty table sends
// the Thunderhawk on a transport mission landing there; the table then
// shows it labelled with its mission while the Orks decide theirs (H: the
// fighters and the bomber stay on the ground), and at its landing the
// label is drawn by the landing point; U sets its troops down, and a
// click on the marine stand nearest the landing point picks up (pickup.go)
// stands of its detachment. The save made with Ctrl+S holds the mission
// with the clicked landing point and the pick-up of the clicked stand.
func TestE40KFlyerMissionByMouse(t *testing.T) {
	needX(t)
	fixture := filepath.Join(t.TempDir(), "air-start.json")
	n := e40kAirSave(t, fixture)
	w := Start(t, fixture, "--control", "marines=human,orks=human")
	d := w.settle()
	if p := d.Play; p.Decider != "marines" || p.Pending != e40k.KindMission || p.Commands != n {
		w.Failf("the save waits on %s for %q after %d commands; want the marines' mission after %d", p.Decider, p.Pending, p.Commands, n)
	}
	if !d.Contains("Task Thunderhawk") {
		w.Failf("the panel does not ask to task the Thunderhawk: %s", texts(d, "hud"))
	}
	const lx, ly = 60.0, 40.0
	x, y := At(d, lx, ly)
	w.Move(x, y)
	w.Wait("the landing ghost under the pointer", func(d *app.DebugDump) bool { return tableText(d, "Thunderhawk: land here?") != nil })
	w.mustPlay("the transport mission (a click on the table)", func() { w.Click(x, y) })
	d = w.settle()
	if tableText(d, "Thunderhawk: transport, 4 stand(s) aboard") == nil {
		w.Failf("the declared Thunderhawk is not on the table: %s", texts(d, "table"))
	}
	w.DocShot("play-e40k-flyer-declared")
	for i := 0; i < 4; i++ {
		d = w.settle()
		if d.Play.Mode == "handover" {
			d = w.continueHandover()
		}
		if d.Play.Decider != "orks" || d.Play.Pending != e40k.KindMission {
			break
		}
		w.mustPlay("an Ork flyer stays on the ground (H)", func() { w.Key("h") })
	}
	d = w.settle()
	if d.Play.Mode == "handover" {
		d = w.continueHandover()
	}
	if d.Play.Decider != "marines" || d.Play.Pending != e40k.KindLanding {
		w.Failf("after the Orks' missions the window waits on %s for %q, not the Thunderhawk's landing", d.Play.Decider, d.Play.Pending)
	}
	lbl := tableText(d, "Thunderhawk: transport")
	if lbl == nil {
		w.Failf("the landed Thunderhawk is not on the table: %s", texts(d, "table"))
	}
	if math.Hypot(lbl.X-float64(x), lbl.Y-float64(y)) > 120 {
		w.Failf("the Thunderhawk's label at %.0f,%.0f is far from its landing point at %d,%d", lbl.X, lbl.Y, x, y)
	}
	w.DocShot("play-e40k-flyer-landed")
	w.mustPlay("the troops set down (U)", func() { w.Key("u") })
	d = w.settle()
	if d.Play.Pending != e40k.KindLanding || !d.Contains("Pick-up: click a friendly stand") {
		w.Failf("no pick-up offered after the troops got out: %s", texts(d, "hud"))
	}
	// Pick up the marine infantry stand nearest the landing point (not
	// one that just got out) by clicking it.
	var pick *app.DumpUnit
	for i := range d.Units {
		u := &d.Units[i]
		if u.Side != "marines" || !u.OnTable || !(strings.HasPrefix(u.ID, "tactical-") || strings.HasPrefix(u.ID, "assault-")) {
			continue
		}
		if pick == nil || math.Hypot(u.X-lx, u.Y-ly) < math.Hypot(pick.X-lx, pick.Y-ly) {
			pick = u
		}
	}
	if pick == nil {
		w.Failf("no marine stand on the table to pick up")
	}
	picked := pick.ID
	w.mustPlay("a pick-up (a click on "+describe(pick)+")", func() { w.Click(int(math.Round(pick.WX)), int(math.Round(pick.WY))) })
	d = w.settle()
	for _, u := range d.Units {
		if u.ID == picked && u.OnTable {
			w.Failf("%s is still on the table after the pick-up: %q", picked, d.Play.Msg)
		}
	}
	if d.Play.Pending == e40k.KindLanding {
		w.Failf("the landing goes on after the pick-up")
	}
	save := filepath.Join(w.Dir(), "e40k-air.json")
	w.Save(save)
	Replay(t, save)
	data, err := os.ReadFile(save)
	if err != nil {
		t.Fatal(err)
	}
	var sv e40kSaved
	if err := json.Unmarshal(data, &sv); err != nil {
		t.Fatalf("the save %s: %v", save, err)
	}
	if len(sv.Commands) <= n {
		t.Fatalf("the save holds %d commands, the fixture %d", len(sv.Commands), n)
	}
	var mc struct {
		By, Detachment, Mission string
		To                      struct{ X, Y float64 }
	}
	if err := json.Unmarshal(sv.Commands[n].Args, &mc); err != nil {
		t.Fatal(err)
	}
	if sv.Commands[n].Cmd != e40k.CmdMission || mc.Detachment != "thunderhawk-flight" || mc.Mission != e40k.MissionTransport || math.Hypot(mc.To.X-lx, mc.To.Y-ly) > 0.5 {
		t.Errorf("command %d is %s %+v; want the Thunderhawk's transport mission to (%.0f, %.0f)", n+1, sv.Commands[n].Cmd, mc, lx, ly)
	}
	found := false
	for _, c := range sv.Commands[n:] {
		var pc struct {
			Transport string
			Units     []string
		}
		if c.Cmd != e40k.CmdPickUp || json.Unmarshal(c.Args, &pc) != nil {
			continue
		}
		for _, id := range pc.Units {
			found = found || (id == picked && pc.Transport == "thunderhawk")
		}
	}
	if !found {
		t.Errorf("the save holds no pick-up of %s by the Thunderhawk", picked)
	}
}
