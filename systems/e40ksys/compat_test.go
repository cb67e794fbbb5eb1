package e40ksys_test

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/e40k"
)

// TestSaveWithOwnWeaponsFromBeforeTheWeaponSplit: a save written before
// weapons had a system part of their own (testdata/own-weapons.auspex-save,
// made by commit d171a7c from the catalogue files beside it, kept in the
// save's files) still loads with the files gone, replays to the same
// state, and reads the player's weapons into their systems' parts (issue 9:
// saves stay loadable).
func TestSaveWithOwnWeaponsFromBeforeTheWeaponSplit(t *testing.T) {
	data, err := os.ReadFile("testdata/own-weapons.auspex-save")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile("testdata/own-weapons.summary.json")
	if err != nil {
		t.Fatal(err)
	}
	var want struct {
		Hash           string
		Commands, Turn int
	}
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	g, err := systems(t).Load(data, game.Config{})
	if err != nil {
		t.Fatalf("the save does not load: %v", err)
	}
	st := g.Engine.State()
	if got := fmt.Sprint(st.Hash()); got != want.Hash || st.Seq != want.Commands || st.Turn != want.Turn {
		t.Errorf("replayed to hash %s, %d commands, turn %d; the save was written at %s, %d, %d", got, st.Seq, st.Turn, want.Hash, want.Commands, want.Turn)
	}
	// The save is older than format 5, so its game keeps the halted-and-
	// hit quirk it was played under (its command 39 meets it); saved again
	// it names the quirk and replays to the same state.
	if !st.HasQuirk(e40k.QuirkHaltHitUnmoved) {
		t.Errorf("the replayed game's quirks: %v", st.Quirks)
	}
	again, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	sv, err := rules.ParseSave(again)
	if err != nil {
		t.Fatal(err)
	}
	if sv.Version != rules.SaveVersion || !slices.Equal(sv.Quirks, []string{e40k.QuirkHaltHitUnmoved}) {
		t.Errorf("saved again: version %d, quirks %v", sv.Version, sv.Quirks)
	}
	g2, err := systems(t).Load(again, game.Config{})
	if err != nil {
		t.Fatalf("saved again, the game does not load: %v", err)
	}
	if g2.Engine.State().Hash() != st.Hash() {
		t.Error("saved again, the game replays to another state")
	}
	// A hot reload of the loaded game keeps its quirk too.
	re, n, err := g.Rebase(g.Scenario)
	if err != nil || n != st.Seq || !re.Engine.State().HasQuirk(e40k.QuirkHaltHitUnmoved) {
		t.Errorf("rebased: %d of %d commands, %v, quirks %v", n, st.Seq, err, re.Engine.State().Quirks)
	}
	cat := g.Scenario.Catalogue
	if m := cat.Weapons["my-siege-mortar"]; m == nil || e40k.WeaponSheetOf(m) != (e40k.WeaponSheet{FP: "Barrage", Template: 10}) || !m.Placeholder {
		t.Errorf("the player's mortar: %+v", m)
	}
	if l := cat.Weapons["my-titan-lascannon"]; l == nil || sheet.WeaponOf(l).Str != 7 || sheet.WeaponOf(l).Acc != 1 || e40k.WeaponSheetOf(l).FP != "Anti-Tank" {
		t.Errorf("the player's titan lascannon: %+v", l)
	}
	p, err := e40k.FromCatalog(cat, cat.Units["e40k-tactical-marines"], e40k.Options{})
	if err != nil || len(p.SuperHeavy) != 1 || p.SuperHeavy[0].Kind != e40k.ShotBarrage || p.SuperHeavy[0].Template != 10 {
		t.Errorf("the Tactical stand with the player's arms: %+v %v", p, err)
	}
}
