package atii_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
)

// A Warlord with its default weapons (turbo-lasers Str 6 x2, rocket
// launcher Str 5 xD6, volcano cannon Str 9 x1, gatling blaster Str 5 x4)
// facing a Reaver 30 cm away: every gun is in range and arc.
func warlordVolleyScenario() string {
	return scenarioText(
		[]string{"{id: rl, type: warlord, position: {x: 60, y: 40}, facing: 180}"},
		[]string{"{id: b1, type: reaver, position: {x: 60, y: 70}, facing: 0}"}, "")
}

// TestLegalFiresWeakestFirstATIISHT2: ATII-SHT-2 lets a titan resolve its
// declared weapons in any order, and while shields are up every hit meets
// a shield whatever its strength (ATII-SHT-7). Legal's fire choices list
// the weapons weakest first (equal strength: more shots first), so the
// volcano cannon fires after the guns that strip the shields, where the
// sheet lists it before the gatling blaster.
func TestLegalFiresWeakestFirstATIISHT2(t *testing.T) {
	g := newGame(t, warlordVolleyScenario(), 3)
	rs := g.Ruleset.(*atii.Ruleset)
	holdUntil(t, g, atii.StepShooting)
	for g.State().Pending.Side != "red" {
		s := g.State()
		if _, err := g.Submit(rs.Hold(s.Pending.Side, s.Pending.Units[0])); err != nil {
			t.Fatal(err)
		}
	}
	s := g.State()
	u := s.Unit("rl")
	full := 0
	for _, c := range g.Engine.Legal("red") {
		fc, ok := c.Cmd.(*atii.FireCmd)
		if !ok {
			continue
		}
		var mounts []string
		for _, sh := range fc.Shots {
			mounts = append(mounts, sh.Mount)
		}
		if len(mounts) == 4 {
			full++
			want := []string{"right-arm", "right-carapace", "left-carapace", "left-arm"}
			if !slices.Equal(mounts, want) {
				t.Errorf("%q resolves %v, want gatling, rockets, turbo-lasers, volcano: %v", c.Text, mounts, want)
			}
		}
		last := 0
		for _, sh := range fc.Shots {
			id, ok := u.Loadout.Get(sh.Mount)
			if !ok {
				t.Fatalf("rl has no weapon on %s", sh.Mount)
			}
			w, err := rs.Catalogue().Weapon(id)
			if err != nil {
				t.Fatal(err)
			}
			str := sheet.WeaponOf(w).Str
			if str < last {
				t.Errorf("%q: %s (Str %d) after a stronger weapon", c.Text, sh.Mount, str)
			}
			last = str
		}
	}
	if full == 0 {
		t.Fatal("no fire choice with all four guns: the scenario should put every gun in range and arc")
	}
	// The sheet's own order puts the volcano cannon (left arm) before the
	// gatling blaster (right arm): the test would pass without sorting
	// otherwise.
	var sheetOrder []string
	for _, m := range sheet.Of(rs.Catalogue().Units["warlord"]).Mounts {
		sheetOrder = append(sheetOrder, m.ID)
	}
	if slices.Index(sheetOrder, "left-arm") > slices.Index(sheetOrder, "right-arm") {
		t.Fatalf("the Warlord's sheet lists %v: the test needs the volcano before the gatling", sheetOrder)
	}
}

// TestSortShotsWeakestFirst: the window's declared volley, in the order
// the player clicked, is resolved weakest first (ATII-SHT-2); shots at
// weapons of equal strength keep more shots first.
func TestSortShotsWeakestFirst(t *testing.T) {
	g := newGame(t, warlordVolleyScenario(), 3)
	rs := g.Ruleset.(*atii.Ruleset)
	shots := []atii.Shot{
		{Mount: "left-arm", Target: "b1", Aim: atii.AimLow},
		{Mount: "left-carapace", Target: "b1", Aim: atii.AimHigh},
		{Mount: "right-carapace", Target: "b1", Aim: atii.AimHigh},
		{Mount: "right-arm", Target: "b1", Aim: atii.AimHigh},
	}
	if err := rs.SortShots(g.State(), "rl", shots); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, sh := range shots {
		got = append(got, sh.Mount)
	}
	want := []string{"right-arm", "right-carapace", "left-carapace", "left-arm"}
	if !slices.Equal(got, want) {
		t.Errorf("sorted %v, want %v", got, want)
	}
	if shots[3].Aim != atii.AimLow {
		t.Error("sorting must keep each shot's own aim")
	}
	if err := rs.SortShots(g.State(), "nobody", shots); err == nil || !strings.Contains(err.Error(), "nobody") {
		t.Errorf("an unknown titan: want an error naming it, got %v", err)
	}
}
