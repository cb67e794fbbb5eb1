package atii

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/auspex/auspex/rules/atii/sheet"
)

// ATII-REP-1 worked example: a Warlord with six shields down and
// Superficial damage to its left carapace weapon rolls 1,3,3,4,4,5,6,6:
// five repairs (the weapon and four shields).
func TestREP1WarlordExample(t *testing.T) {
	u := fxWarlord()
	s := TitanState{ShieldsDown: 6, Weapons: map[string]Level{"left-carapace": Superficial}}
	d := script(t, 1, 3, 3, 4, 4, 5, 6, 6)
	o, err := Repair(u, s, []string{"left-carapace"}, Options{}, d)
	if err != nil {
		t.Fatal(err)
	}
	d.done()
	if o.Successes != 5 || o.State.Weapons["left-carapace"] != Undamaged || o.State.ShieldsDown != 2 || o.State.ShieldsRepairing != 4 {
		t.Errorf("repair: %+v", o)
	}
	// Repaired shields are up only from the start of the next turn.
	if o.State.ShieldsUp(u) != 0 {
		t.Errorf("repaired shields up at once: %d", o.State.ShieldsUp(u))
	}
	next, _ := StartTurn(u, o.State, script(t))
	if next.ShieldsUp(u) != 4 {
		t.Errorf("after StartTurn %d shields up, want 4", next.ShieldsUp(u))
	}
	// Or five shields.
	o, _ = Repair(u, s, []string{RepairShield, RepairShield, RepairShield, RepairShield, RepairShield}, Options{}, script(t, 1, 3, 3, 4, 4, 5, 6, 6))
	if o.State.ShieldsRepairing != 5 || o.State.Weapons["left-carapace"] != Superficial {
		t.Errorf("five shields: %+v", o.State)
	}
}

// ATII-REP-1: what each repair does per the damage table, dice by class,
// damage control.
func TestREP1Effects(t *testing.T) {
	u := fxReaver()
	for class, n := range map[string]int{"scout": 4, "battle": 8, "emperor": 12} {
		if got, _ := RepairDiceFor(class); got != n {
			t.Errorf("%s repair dice %d, want %d", class, got, n)
		}
	}
	for _, fx := range fxCatalogue().Units {
		if n, _ := RepairDiceFor(sheet.Of(fx).TitanClass); n != sheet.Of(fx).RepairDice {
			t.Errorf("%s repair dice %d, class says %d", fx.ID, sheet.Of(fx).RepairDice, n)
		}
	}
	s := TitanState{Head: Major, Reactor: Major, Legs: Major, VSG: Superficial, Weapons: map[string]Level{"left-arm": Major, "right-arm": ArmourCracked}}
	got := Repairable(u, s)
	if strings.Join(got, ",") != "head,head,reactor,reactor" {
		t.Errorf("repairable %v: head and reactor Major take two repairs each; Major legs, lost weapons, generators and cracks none", got)
	}
	o, _ := Repair(u, s, []string{LocHead}, Options{}, script(t, 4, 1, 1, 1, 1, 1, 1, 1))
	if o.State.Head != Superficial {
		t.Errorf("head Major repaired to %s, want Superficial", o.State.Head)
	}
	// Nothing to repair: no dice.
	d := script(t)
	o, _ = Repair(u, TitanState{Legs: Major}, nil, Options{}, d)
	if len(d.rolls) != 0 || o.Successes != 0 {
		t.Errorf("rolled with nothing to repair")
	}
	if _, err := Repair(u, s, []string{"tail"}, Options{}, script(t)); err == nil {
		t.Errorf("unknown repair location accepted")
	}
	// Damage control (advanced): failed dice re-rolled once.
	s = TitanState{ShieldsDown: 4, DamageControl: true}
	o, _ = Repair(u, s, nil, Options{DamageControl: true}, script(t, 1, 1, 1, 1, 1, 1, 4, 4, 4, 4, 4, 4, 1, 1))
	if o.Successes != 6 || len(o.Rerolls) != 6 {
		t.Errorf("damage control: %d successes, %d re-rolls", o.Successes, len(o.Rerolls))
	}
	near(t, "repair odds mean", RepairOdds(u, s, Options{DamageControl: true}).Mean(), 6, 1e-9)
	near(t, "repair odds mean", RepairOdds(u, s, Options{}).Mean(), 4, 1e-9)
}

// Mission generator: force levels, deployment maps, deployment order.
func TestMissionGenerator(t *testing.T) {
	for _, c := range []struct{ bfl, lvl, want int }{{1000, 1, 750}, {1000, 3, 1250}, {2000, 2, 2000}, {3000, 1, 2250}, {4000, 3, 5000}} {
		if got, err := ForcePoints(c.bfl, c.lvl); err != nil || got != c.want {
			t.Errorf("ForcePoints(%d, %d) = %d %v, want %d", c.bfl, c.lvl, got, err, c.want)
		}
	}
	if _, err := ForcePoints(1500, 2); err == nil {
		t.Errorf("BFL 1500 accepted")
	}
	want := map[[2]ObjectiveType]string{
		{Mobile, Mobile}: "A", {Mobile, Static}: "B", {Mobile, Divided}: "C",
		{Static, Static}: "D", {Static, Divided}: "E", {Divided, Divided}: "F",
	}
	for k, m := range want {
		a, _ := DeploymentMap(k[0], k[1])
		b, _ := DeploymentMap(k[1], k[0])
		if a != m || b != m {
			t.Errorf("map %v: %s/%s, want %s", k, a, b, m)
		}
	}
	deck := StandInObjectives()
	// Cards 2 (mobile II) and 6 (static III); roll-off tie then 5, 2.
	m, err := GenerateMission(2000, deck, script(t, 2, 6, 3, 3, 5, 2))
	if err != nil {
		t.Fatal(err)
	}
	if m.Map != "B" || m.Points != [2]int{2000, 2500} || m.FirstToDeploy != 1 || !m.Cards[0].StandIn {
		t.Errorf("mission %+v", m)
	}
	// Deployment order: lowest Man first, as for movement.
	es := []OrderEntry{{ID: "r", Side: "a", Man: 2}, {ID: "w", Side: "a", Man: 1}}
	if got := Movable(es, "a", false); got[0] != "w" {
		t.Errorf("deploy order %v", got)
	}
}

// Victory points and the victory chart.
func TestVictoryPoints(t *testing.T) {
	u := fxReaver()
	// Worked example: 500 pt titan, Superficial head and legs, Major weapon -> 100 VP.
	s := TitanState{Head: Superficial, Legs: Superficial, Weapons: map[string]Level{"left-arm": Major}}
	if vp := TitanVictoryPoints(u, 500, s, false, false); vp != 100 {
		t.Errorf("example VP %d, want 100", vp)
	}
	if vp := TitanVictoryPoints(u, 500, s, true, false); vp != 150 {
		t.Errorf("left the table: %d, want 150", vp)
	}
	if vp := TitanVictoryPoints(u, 500, s, true, true); vp != 100 {
		t.Errorf("left for its objective: %d, want 100", vp)
	}
	if vp := TitanVictoryPoints(u, 500, TitanState{Destroyed: true}, false, false); vp != 500 {
		t.Errorf("destroyed %d", vp)
	}
	if vp := TitanVictoryPoints(u, 500, TitanState{Weapons: map[string]Level{"carapace": Catastrophic}, VSG: ArmourCracked}, false, false); vp != 100 {
		t.Errorf("non-fatal catastrophic %d, want 20%%", vp)
	}
	chart := []struct {
		own, more, enemy bool
		want             string
	}{
		{true, true, false, "Heroic Victory"}, {true, false, false, "Major Victory"},
		{true, true, true, "Minor Victory"}, {true, false, true, "Heroic Defeat"},
		{false, true, false, "Stand-off"}, {false, false, false, "Minor Defeat"},
		{false, true, true, "Major Defeat"}, {false, false, true, "Total Defeat"},
	}
	for _, c := range chart {
		vp := 10
		if c.more {
			vp = 20
		}
		if got := VictoryResult(c.own, vp, 15, c.enemy); got != c.want {
			t.Errorf("%+v: %s", c, got)
		}
	}
}

// Loadouts: defaults, mount restrictions, class rules.
func TestLoadout(t *testing.T) {
	cat := fxCatalogue()
	for _, id := range cat.UnitIDs() {
		if _, err := BuildLoadout(cat, cat.Units[id], nil); err != nil {
			t.Errorf("%s default loadout: %v", id, err)
		}
	}
	bad := []struct {
		unit  string
		mount string
		w     string
	}{
		{"warhound", "left-arm", "gatling-blaster"},
		{"warhound", "left-arm", "chainfist"},
		{"warhound", "left-arm", "support-missile-warp"},
		{"reaver", "carapace", "chainfist"},
		{"reaver", "left-arm", "support-missile-vortex"},
		{"reaver", "left-arm", "plasma-destructor"},
		{"reaver", "right-arm", "wrecker-ball"},
		{"warlord", "left-carapace", "powerfist"},
		{"warlord", "tail", "turbo-lasers"},
		{"warlord", "left-arm", "lascannon"},
	}
	for _, b := range bad {
		if _, err := BuildLoadout(cat, cat.Units[b.unit], map[string]string{b.mount: b.w}); err == nil {
			t.Errorf("%s %s %s accepted", b.unit, b.mount, b.w)
		}
	}
	good, err := BuildLoadout(cat, cat.Units["warlord"], map[string]string{"left-arm": "wrecker-ball", "right-carapace": "support-missile-vortex"})
	if err != nil || good["left-arm"].ID != "wrecker-ball" || good["right-arm"].ID != "gatling-blaster" {
		t.Errorf("warlord loadout %v %v", good, err)
	}
	// The class rule holds even if a sheet forgets it.
	u := fxReaver()
	sheet.Of(u).Mounts[0].ForbiddenKinds = nil
	if _, err := BuildLoadout(cat, u, map[string]string{"carapace": "chainfist"}); err == nil {
		t.Errorf("carapace close combat weapon accepted without the sheet rule")
	}
}

// Options registry: ids, defaults, parsing.
func TestOptions(t *testing.T) {
	list := OptionList()
	if len(list) != 13 {
		t.Errorf("%d options", len(list))
	}
	for _, o := range list {
		if !strings.HasPrefix(o.ID, "atii/") || o.Description == "" || (o.Kind != "reading" && o.Kind != "advanced") || o.Default {
			t.Errorf("option %+v", o)
		}
	}
	o, err := ParseOptions(map[string]string{OptOverloadShields: "on", OptVortex2D6: "true"})
	if err != nil || !o.OverloadShields || !o.Vortex2D6 || o.MergeShields {
		t.Errorf("parse: %+v %v", o, err)
	}
	if got := strings.Join(o.Enabled(), ","); got != "atii/overload-void-shields,atii/vortex-2d6" {
		t.Errorf("enabled %s", got)
	}
	if _, err := ParseOptions(map[string]string{"atii/nope": "on"}); err == nil {
		t.Errorf("unknown option accepted")
	}
	if _, err := ParseOptions(map[string]string{OptOverwatch: "maybe"}); err == nil {
		t.Errorf("bad value accepted")
	}
	if len(RulesOptions()) != len(list) {
		t.Errorf("rules options")
	}
}

// Overwatch (advanced): no move or turn while on overwatch.
func TestOverwatch(t *testing.T) {
	if err := CanMove(TitanState{Overwatch: true}); err == nil {
		t.Errorf("titan on overwatch may move")
	}
	if _, err := CheckMove(fxReaver(), TitanState{Overwatch: true}, MovePlan{Segments: []MoveSegment{{TurnBefore: 10}}}, Options{Overwatch: true}); err == nil {
		t.Errorf("titan on overwatch may turn")
	}
	if err := OverwatchEligible(fxReaver(), TitanState{}, Options{}); err == nil {
		t.Errorf("overwatch without the option")
	}
	if err := OverwatchEligible(fxReaver(), TitanState{}, Options{Overwatch: true}); err != nil {
		t.Errorf("overwatch refused: %v", err)
	}
}

// TitanState round-trips through JSON with level names.
func TestTitanStateJSON(t *testing.T) {
	s := TitanState{Legs: Superficial, Head: Major, Weapons: map[string]Level{"left-arm": Catastrophic}, ShieldsDown: 2, MissilesSpent: []string{"carapace"}}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"legs":"superficial"`) || !strings.Contains(string(b), `"left-arm":"catastrophic"`) {
		t.Errorf("json %s", b)
	}
	var back TitanState
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s.Clone(), back.Clone()) {
		t.Errorf("round trip %+v != %+v", back, s)
	}
	if err := json.Unmarshal([]byte(`{"legs":"smashed"}`), &back); err == nil {
		t.Errorf("bad level accepted")
	}
}
