package e40k

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/world"
)

// airTitanBattle is airBattle with titanBattle's two titans.
func airTitanBattle(t *testing.T, opts map[string]string) (*Ruleset, *rules.State) {
	t.Helper()
	c := airCatalogue()
	addTestTitans(c)
	r, err := NewRuleset(c, testTerrain(), testWorld(t))
	if err != nil {
		t.Fatal(err)
	}
	s := airBattle(1, opts)
	s.Formations = append(s.Formations, rules.Formation{ID: "hound", Side: "imperium"}, rules.Formation{ID: "traitor", Side: "orks"})
	s.Units = append(s.Units,
		rules.Unit{ID: "wh", Side: "imperium", Type: "warhound", Formation: "hound", Pos: world.Vec{X: 50, Y: 45}},
		rules.Unit{ID: "rv", Side: "orks", Type: "reaver", Formation: "traitor", Pos: world.Vec{X: 60, Y: 75}, Facing: 180})
	s.Turn = 1
	setUpTitans(t, r, s)
	if _, err := r.deployFlyers(s); err != nil {
		t.Fatal(err)
	}
	return r, s
}

// Flyers on a ground attack mission may attack a titan (seed 002: non-
// titans shoot at titans with the ATII rules at Gunnery 4+ through the
// E40K-weapons-versus-titans table; digest 8.6 missions): the bombers'
// firepower 4 is one attack of RoF 4 at Str 3, needing 4+ (Gunnery 4,
// +1 target not yet moved, -1 agile Warhound: ATII-SHT-4), struck on the
// titan's rear quadrant (the default reading), its shields first
// (ATII-SHT-7); no blast marker goes on the titan.
func TestFlyersGroundAttackTitanSeed002ATIISHT(t *testing.T) {
	r, s := airTitanBattle(t, nil)
	atStep(s, StepFlyers, KindMission, "orks", "bommers")
	mc := &MissionCmd{r: r, By: "orks", Detachment: "bommers", Mission: MissionGroundAttack, Target: "wh"}
	if err := mc.Validate(s); err != nil {
		t.Fatalf("ground attack on the Warhound refused: %v", err)
	}
	if err := (&MissionCmd{r: r, By: "orks", Detachment: "bommers", Mission: MissionGroundAttack, Target: "rv"}).Validate(s); err == nil {
		t.Error("a ground attack on a friendly titan validated")
	}
	offered := false
	for _, c := range r.Legal(s, "orks") {
		if m, ok := c.Cmd.(*MissionCmd); ok && m.Mission == MissionGroundAttack && m.Target == "wh" {
			offered = strings.Contains(c.Text, "ATII")
		}
	}
	if !offered {
		t.Error("Legal offers no ground attack on the Warhound (with the ATII odds)")
	}
	v, err := r.FlyerTitanPlan(s, "bommers", "wh")
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Attacks) != 1 || sheet.WeaponOf(v.Attacks[0].Weapon).RoF != "4" || sheet.WeaponOf(v.Attacks[0].Weapon).Str != 3 {
		t.Fatalf("attacks %+v: want one of RoF 4, Str 3", v.Attacks)
	}
	if v.Attacks[0].Hit.Direction != sheet.Rear {
		t.Errorf("the attack strikes the %s quadrant, want the rear", v.Attacks[0].Hit.Direction)
	}
	th, err := atii.ToHit(v.Attacks[0], atiiOptions())
	if err != nil || th.Need != 4 {
		t.Errorf("to hit %+v (%v), want 4+", th, err)
	}
	so := Sortie{Detachment: "bommers", Side: "orks", Mission: MissionGroundAttack, Target: "wh"}
	if _, err := r.groundAttackTitan(s, sixes(40), so); err != nil {
		t.Fatal(err)
	}
	ts, err := r.TitanOf(s.Unit("wh"))
	if err != nil {
		t.Fatal(err)
	}
	if ts.ShieldsDown != 2 || len(ts.Weapons) == 0 {
		t.Errorf("Warhound after four hits: %d shields down, damage %v; want both shields down and an arm damaged", ts.ShieldsDown, ts.Weapons)
	}
	if blast(s.Formation("hound")) != 0 {
		t.Error("the titan's formation took blast markers")
	}
}

// e40k/flyers-titan-front: the flyers strike the titan's front quadrant.
func TestFlyersTitanFrontOption(t *testing.T) {
	r, s := airTitanBattle(t, map[string]string{OptFlyersTitanFront: "on"})
	v, err := r.FlyerTitanPlan(s, "bommers", "wh")
	if err != nil {
		t.Fatal(err)
	}
	if v.Attacks[0].Hit.Direction != sheet.Front {
		t.Errorf("the attack strikes the %s quadrant, want the front", v.Attacks[0].Hit.Direction)
	}
}
