package e40k

import (
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// Test titans: the ATII Warhound and Reaver with the numbers of
// assets/catalog/atii.yaml (test data built in Go, as rules/atii's
// fixtures are).

func hitRow(min, max int, loc string, arm int) sheet.HitRow {
	return sheet.HitRow{Min: min, Max: max, Location: loc, Armour: arm}
}

func addTestTitans(c *catalog.Catalogue) {
	c.Units["warhound"] = &catalog.Unit{
		ID: "warhound", Name: "Warhound Scout Titan", System: catalog.ATII, Class: world.Titan,
		Base: world.Footprint{Shape: world.Circle, Radius: 2, SightHeight: 6}, Points: 300, Speed: 25,
		Profile: &sheet.Titan{
			TitanClass: "scout", Man: 3, Gunnery: 4, CCSkill: 4, VoidShields: 2, RepairDice: 4, ImprovisedAttacks: "1", E40KAssault: 6,
			Mounts: []sheet.Mount{
				{ID: "left-arm", Name: "Left Arm", Location: "arm", Arc: "LA", Default: "vulcan-mega-bolter"},
				{ID: "right-arm", Name: "Right Arm", Location: "arm", Arc: "RA", Default: "plasma-blastgun"},
			},
			HitTables: map[sheet.Direction][]sheet.HitRow{
				sheet.Front: {hitRow(0, 2, "legs", 10), hitRow(3, 3, "vsg", 10), hitRow(4, 4, "head", 11), hitRow(5, 7, "arm", 9)},
				sheet.Side:  {hitRow(0, 3, "legs", 10), hitRow(4, 4, "head", 10), hitRow(5, 7, "arm", 9)},
				sheet.Rear:  {hitRow(0, 2, "legs", 10), hitRow(3, 3, "vsg", 10), hitRow(4, 4, "reactor", 10), hitRow(5, 7, "arm", 9)},
			},
		},
	}
	c.Units["reaver"] = &catalog.Unit{
		ID: "reaver", Name: "Reaver Battle Titan", System: catalog.ATII, Class: world.Titan,
		Base: world.Footprint{Shape: world.Circle, Radius: 2.5, SightHeight: 8}, Points: 500, Speed: 20,
		Profile: &sheet.Titan{
			TitanClass: "battle", Man: 2, Gunnery: 4, CCSkill: 4, VoidShields: 4, RepairDice: 8, ImprovisedAttacks: "D3", E40KAssault: 10,
			Mounts: []sheet.Mount{
				{ID: "carapace", Name: "Carapace", Location: "carapace", Arc: "F", Default: "rocket-launcher"},
				{ID: "left-arm", Name: "Left Arm", Location: "arm", Arc: "LA", Default: "gatling-blaster"},
				{ID: "right-arm", Name: "Right Arm", Location: "arm", Arc: "RA", Default: "melta-cannon"},
			},
			HitTables: map[sheet.Direction][]sheet.HitRow{
				sheet.Front: {hitRow(0, 1, "legs", 10), hitRow(2, 2, "vsg", 11), hitRow(3, 3, "head", 13), hitRow(4, 5, "arm", 9), hitRow(6, 7, "carapace", 9)},
				sheet.Side:  {hitRow(0, 1, "legs", 9), hitRow(2, 2, "reactor", 10), hitRow(3, 3, "head", 13), hitRow(4, 5, "arm", 9), hitRow(6, 7, "carapace", 9)},
				sheet.Rear:  {hitRow(0, 1, "legs", 10), hitRow(2, 2, "vsg", 10), hitRow(3, 3, "reactor", 10), hitRow(4, 5, "arm", 9), hitRow(6, 7, "carapace", 9)},
			},
		},
	}
	for _, w := range []*catalog.Weapon{
		{ID: "vulcan-mega-bolter", Name: "Vulcan Mega-bolter", Kind: catalog.Gun, Range: 30, Profile: &sheet.Weapon{FP: "8", RoF: "8", Str: 4}},
		{ID: "plasma-blastgun", Name: "Plasma Blastgun", Kind: catalog.Gun, Range: 45, Specials: []string{"overload"}, Profile: &sheet.Weapon{FP: "8", RoF: "2", Str: 6}},
		{ID: "gatling-blaster", Name: "Gatling Blaster", Kind: catalog.Gun, Range: 45, Profile: &sheet.Weapon{FP: "8", RoF: "4", Str: 5}},
		{ID: "melta-cannon", Name: "Melta-cannon", Kind: catalog.Gun, Range: 30, Profile: &sheet.Weapon{FP: "10", RoF: "2", Str: 8}},
		{ID: "rocket-launcher", Name: "Rocket Launcher", Kind: catalog.Gun, Range: 90, Specials: []string{"rof-each-time"}, Profile: &sheet.Weapon{FP: "Heavy Barrage", Acc: -1, RoF: "D6", Str: 5}},
		{ID: "powerfist", Name: "Powerfist", Kind: catalog.CloseCombat, Specials: []string{"tear"}, Profile: &sheet.Weapon{Swiftness: 3, Acc: -1, Attacks: 1, Str: 9}},
	} {
		w.System = catalog.ATII
		c.Weapons[w.ID] = w
	}
}

// testTitanRuleset is the test ruleset with the titans in its catalogue
// and a terrain table with titan passage.
func testTitanRuleset(t testing.TB) *Ruleset {
	t.Helper()
	c := testCatalogue()
	addTestTitans(c)
	terr := testTerrain()
	for k, e := range terr {
		p := map[world.UnitClass]world.Passage{}
		for cl, v := range e.Passage {
			p[cl] = v
		}
		p[world.Titan] = p[world.WarEngine]
		e.Passage = p
		terr[k] = e
	}
	r, err := NewRuleset(c, terr, testWorld(t))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// titanBattle is smallBattle with one titan a side: a Warhound for the
// Imperium, a Reaver (its right arm a Powerfist) for the Orks' traitor
// allies. Each titan stands in a formation of its own.
func titanBattle(seed uint64, opts map[string]string) *rules.State {
	s := smallBattle(seed, opts)
	s.Formations = append(s.Formations, rules.Formation{ID: "hound", Side: "imperium"}, rules.Formation{ID: "traitor", Side: "orks"})
	wh := rules.Unit{ID: "wh", Side: "imperium", Type: "warhound", Formation: "hound", Pos: world.Vec{X: 50, Y: 45}}
	rv := rules.Unit{ID: "rv", Side: "orks", Type: "reaver", Formation: "traitor", Pos: world.Vec{X: 60, Y: 75}, Facing: 180}
	rv.Loadout.Set("right-arm", "powerfist")
	s.Units = append(s.Units, wh, rv)
	return s
}
