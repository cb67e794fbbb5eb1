package e40k

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
)

// critTable is a test critical damage table with one effect kind a row.
func critTable() *CriticalTable {
	return &CriticalTable{Placeholder: true, Rows: []CriticalRow{
		{Min: 2, Max: 2, Name: "Jammed", Effect: CritImmobilisedTurn},
		{Min: 3, Max: 3, Name: "Shaken", Effect: CritNone},
		{Min: 4, Max: 4, Name: "Gaze out", Effect: CritWeapon, Weapon: "t-gaze"},
		{Min: 5, Max: 5, Name: "Big gun out", Effect: CritWeapon, Weapon: "t-big-gun"},
		{Min: 6, Max: 6, Name: "Leg hit", Damage: 1, Effect: CritImmobilised},
		{Min: 7, Max: 7, Name: "Fire", Damage: 1, Effect: CritFire},
		{Min: 8, Max: 8, Name: "Boiler", Effect: CritHalfSpeed},
		{Min: 9, Max: 9, Name: "Collapse", Effect: CritImmobilisedPermanent},
		{Min: 10, Max: 10, Name: "Raging fires", Effect: CritFire, Fires: "D3"},
		{Min: 11, Max: 11, Name: "Hull", Damage: 2, Effect: CritNone},
		{Min: 12, Max: 12, Name: "Boom", Effect: CritCatastrophic},
	}}
}

// critSetup is the small battle with the gargant (DC 4, firepower 4 from
// its big gun, the gaze a death ray) given critTable and the special
// catalogue's catastrophic table, having lost lost DC not yet rolled for.
func critSetup(t *testing.T, lost int, opts map[string]string) (*Ruleset, *rules.State, *rules.Unit) {
	t.Helper()
	c := specialCatalogue()
	DatasheetOf(c.Units["t-gargant"]).Critical = critTable()
	r, err := NewRuleset(c, testTerrain(), testWorld(t))
	if err != nil {
		t.Fatal(err)
	}
	s := smallBattle(1, opts)
	g := s.Unit("garg")
	if lost > 0 {
		g.Markers.Set(MarkDamage, lost)
	}
	return r, s, g
}

// critFor rolls the pending critical damage with the given dice and
// returns the critical damage events.
func critFor(t *testing.T, r *Ruleset, s *rules.State, faces ...int) ([]rules.Event, *rules.ManualDice) {
	t.Helper()
	tray := rules.Scripted(faces...)
	evs, err := r.catastrophes(s, tray)
	if err != nil {
		t.Fatal(err)
	}
	var crit []rules.Event
	for _, e := range evs {
		if e.Kind == EvCritical {
			crit = append(crit, e)
		}
	}
	return crit, tray
}

func profileOf(t *testing.T, r *Ruleset, s *rules.State, u *rules.Unit) Profile {
	t.Helper()
	p, err := r.Profile(s, u)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Digest 8.5 (critical damage): each point of DC a war engine loses
// rolls 2D6 on its critical damage table; a row without a modelled effect
// only shows its text.
func TestCriticalRollPerPointE40K85(t *testing.T) {
	r, s, g := critSetup(t, 2, nil)
	crit, tray := critFor(t, r, s, 1, 2, 2, 1)
	if len(crit) != 2 || tray.Used() != 4 {
		t.Fatalf("%d critical results with %d dice, want 2 with 4: %v", len(crit), tray.Used(), crit)
	}
	if crit[0].Data["roll"] != "3" || crit[0].Data["result"] != "Shaken" || !strings.Contains(crit[0].Text, "not modelled") || !strings.Contains(crit[0].Text, "placeholder") {
		t.Errorf("result %+v", crit[0])
	}
	if g.Markers.Value(MarkDamage) != 2 || g.Markers.Value(MarkCritSeen) != 2 || hasCritEffects(g) {
		t.Errorf("damage %d, seen %d, effects %v", g.Markers.Value(MarkDamage), g.Markers.Value(MarkCritSeen), hasCritEffects(g))
	}
	// Nothing more to roll: no dice.
	if crit, tray := critFor(t, r, s); len(crit) != 0 || tray.Used() != 0 {
		t.Errorf("rolled again: %v", crit)
	}
}

// OptCritOncePerAttack: one roll whatever the points lost.
func TestCriticalOncePerAttackE40K85(t *testing.T) {
	r, s, g := critSetup(t, 3, map[string]string{OptCritOncePerAttack: "on"})
	crit, tray := critFor(t, r, s, 1, 2)
	if len(crit) != 1 || tray.Used() != 2 || g.Markers.Value(MarkCritSeen) != 3 {
		t.Errorf("%d results, %d dice, seen %d; want 1, 2, 3", len(crit), tray.Used(), g.Markers.Value(MarkCritSeen))
	}
}

// Digest 8.5: "immobilised for the rest of the turn" stops the war
// engine until the end of the rally phase, with no repair roll.
func TestCriticalImmobilisedTurnE40K85(t *testing.T) {
	r, s, g := critSetup(t, 1, nil)
	critFor(t, r, s, 1, 1)
	if p := profileOf(t, r, s, g); p.Speed != 0 {
		t.Fatalf("speed %v after Jammed, want 0", p.Speed)
	}
	tray := rules.Scripted()
	if _, err := r.rallyCriticals(s, tray, g); err != nil {
		t.Fatal(err)
	}
	if p := profileOf(t, r, s, g); p.Speed != 10 || tray.Used() != 0 {
		t.Errorf("speed %v with %d dice after the rally phase, want 10 with none", p.Speed, tray.Used())
	}
}

// Digest 8.5 and E40K repairs (4+): "immobilised until repaired" with its
// extra point of damage; a failed repair keeps it, a 4+ removes it.
func TestCriticalImmobilisedRepairE40K85(t *testing.T) {
	r, s, g := critSetup(t, 1, nil)
	critFor(t, r, s, 3, 3)
	if p := profileOf(t, r, s, g); p.Speed != 0 || g.Markers.Value(MarkDamage) != 2 || g.Markers.Value(MarkCritSeen) != 2 {
		t.Fatalf("speed %v, damage %d, seen %d; want 0, 2 (the hit and +1), 2", p.Speed, g.Markers.Value(MarkDamage), g.Markers.Value(MarkCritSeen))
	}
	if _, err := r.rallyCriticals(s, rules.Scripted(3), g); err != nil {
		t.Fatal(err)
	}
	if p := profileOf(t, r, s, g); p.Speed != 0 {
		t.Errorf("repaired on a 3")
	}
	if _, err := r.rallyCriticals(s, rules.Scripted(4), g); err != nil {
		t.Fatal(err)
	}
	if p := profileOf(t, r, s, g); p.Speed != 10 || hasCritEffects(g) {
		t.Errorf("not repaired on a 4: speed %v", p.Speed)
	}
}

// Digest 8.5: a permanent immobilisation is never repaired (no die).
func TestCriticalImmobilisedPermanentE40K85(t *testing.T) {
	r, s, g := critSetup(t, 1, nil)
	critFor(t, r, s, 4, 5)
	tray := rules.Scripted()
	if _, err := r.rallyCriticals(s, tray, g); err != nil {
		t.Fatal(err)
	}
	if p := profileOf(t, r, s, g); p.Speed != 0 || tray.Used() != 0 {
		t.Errorf("speed %v with %d repair dice; want 0 with none", p.Speed, tray.Used())
	}
}

// Digest 8.5: a weapon result puts one weapon out of action until
// repaired: a super-heavy weapon leaves the profile, a numeric weapon's
// firepower leaves the unit's.
func TestCriticalWeaponE40K85(t *testing.T) {
	r, s, g := critSetup(t, 2, nil)
	critFor(t, r, s, 1, 3, 2, 3)
	p := profileOf(t, r, s, g)
	if len(p.SuperHeavy) != 0 || p.Firepower != 0 || p.Speed != 10 {
		t.Fatalf("after Gaze out and Big gun out: %d super-heavy, firepower %d, speed %v; want 0, 0, 10", len(p.SuperHeavy), p.Firepower, p.Speed)
	}
	if notes := CriticalNotes(&p, g); len(notes) != 2 || notes[0] != "big gun out of action until repaired" || notes[1] != "gaze out of action until repaired" {
		t.Errorf("notes %q", notes)
	}
	// Fires first, then weapons by id: t-big-gun (4: repaired), t-gaze (1).
	if _, err := r.rallyCriticals(s, rules.Scripted(4, 1), g); err != nil {
		t.Fatal(err)
	}
	p = profileOf(t, r, s, g)
	if len(p.SuperHeavy) != 0 || p.Firepower != 4 {
		t.Errorf("after repairs 4, 1: %d super-heavy, firepower %d; want 0, 4", len(p.SuperHeavy), p.Firepower)
	}
	// The cached profile of the type is untouched.
	if base, err := r.profileWith(Options{}, &rules.Unit{ID: "x", Type: "t-gargant"}); err != nil || len(base.SuperHeavy) != 1 || base.Firepower != 4 {
		t.Errorf("type profile changed: %+v %v", base, err)
	}
}

// Digest 8.5: a fire halves the speed and deals a point of damage at the
// end of each rally phase until repaired; that point rolls no critical
// damage by default.
func TestCriticalFireE40K85(t *testing.T) {
	r, s, g := critSetup(t, 1, nil)
	critFor(t, r, s, 3, 4)
	if p := profileOf(t, r, s, g); len(CriticalNotes(&p, g)) != 1 || !strings.Contains(CriticalNotes(&p, g)[0], "1 fire(s) burning") {
		t.Errorf("notes %q", CriticalNotes(&p, g))
	}
	if p := profileOf(t, r, s, g); p.Speed != 5 || g.Markers.Value(MarkCritFire) != 1 || g.Markers.Value(MarkDamage) != 2 {
		t.Fatalf("speed %v, fires %d, damage %d; want 5, 1, 2", p.Speed, g.Markers.Value(MarkCritFire), g.Markers.Value(MarkDamage))
	}
	tray := rules.Scripted(2) // the repair fails
	if _, err := r.rallyCriticals(s, tray, g); err != nil {
		t.Fatal(err)
	}
	if g.Markers.Value(MarkDamage) != 3 || g.Markers.Value(MarkCritSeen) != 3 || tray.Used() != 1 {
		t.Errorf("damage %d, seen %d, dice %d; want 3, 3, 1", g.Markers.Value(MarkDamage), g.Markers.Value(MarkCritSeen), tray.Used())
	}
	// Put out on a 4: no more damage.
	if _, err := r.rallyCriticals(s, rules.Scripted(4), g); err != nil {
		t.Fatal(err)
	}
	if g.Markers.Value(MarkDamage) != 3 || hasCritEffects(g) {
		t.Errorf("damage %d after the fire was put out", g.Markers.Value(MarkDamage))
	}
}

// OptCritFireRolls: the fire's point rolls on the critical table.
func TestCriticalFireRollsE40K85(t *testing.T) {
	r, s, g := critSetup(t, 1, map[string]string{OptCritFireRolls: "on"})
	critFor(t, r, s, 3, 4)
	tray := rules.Scripted(2, 1, 2) // repair fails; the fire's point rolls 3
	evs, err := r.rallyCriticals(s, tray, g)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range evs {
		if e.Kind == EvCritical {
			n++
		}
	}
	if n != 1 || tray.Used() != 3 || g.Markers.Value(MarkDamage) != 3 {
		t.Errorf("%d critical rolls, %d dice, damage %d; want 1, 3, 3", n, tray.Used(), g.Markers.Value(MarkDamage))
	}
}

// Digest 8.5: "D6 fires break out" rolls the number of fires.
func TestCriticalRagingFiresE40K85(t *testing.T) {
	r, s, g := critSetup(t, 1, nil)
	_, tray := critFor(t, r, s, 4, 6, 2)
	if g.Markers.Value(MarkCritFire) != 2 || tray.Used() != 3 {
		t.Fatalf("fires %d with %d dice, want 2 with 3", g.Markers.Value(MarkCritFire), tray.Used())
	}
	// Two fires: two repair dice, one put out; the other deals a point.
	if _, err := r.rallyCriticals(s, rules.Scripted(5, 1), g); err != nil {
		t.Fatal(err)
	}
	if g.Markers.Value(MarkCritFire) != 1 || g.Markers.Value(MarkDamage) != 2 {
		t.Errorf("fires %d, damage %d; want 1, 2", g.Markers.Value(MarkCritFire), g.Markers.Value(MarkDamage))
	}
}

// Digest 8.5: half speed until repaired.
func TestCriticalHalfSpeedE40K85(t *testing.T) {
	r, s, g := critSetup(t, 1, nil)
	critFor(t, r, s, 2, 6)
	if p := profileOf(t, r, s, g); p.Speed != 5 {
		t.Errorf("speed %v, want 5", p.Speed)
	}
}

// Digest 8.5: the catastrophic row destroys the war engine, which rolls
// on its catastrophic damage table with the same dice.
func TestCriticalCatastrophicE40K85(t *testing.T) {
	r, s, g := critSetup(t, 1, nil)
	tray := rules.Scripted(6, 6, 1)
	evs, err := r.catastrophes(s, tray)
	if err != nil {
		t.Fatal(err)
	}
	var cat *rules.Event
	for i := range evs {
		if evs[i].Kind == EvCatastrophe {
			cat = &evs[i]
		}
	}
	if !g.Destroyed || cat == nil || cat.Data["result"] != "Wrecked" || tray.Used() != 3 {
		t.Errorf("destroyed %v, catastrophe %+v, dice %d", g.Destroyed, cat, tray.Used())
	}
}

// Digest 8.5: extra damage points that use up the DC destroy the war
// engine (catastrophic roll follows).
func TestCriticalExtraDamageDestroysE40K85(t *testing.T) {
	r, s, g := critSetup(t, 3, nil)
	g.Markers.Set(MarkCritSeen, 2)
	tray := rules.Scripted(5, 6, 2)
	if _, err := r.catastrophes(s, tray); err != nil {
		t.Fatal(err)
	}
	if !g.Destroyed || tray.Used() != 3 {
		t.Errorf("destroyed %v with %d dice; want true with 3 (2D6 Hull +2, then the catastrophic D6)", g.Destroyed, tray.Used())
	}
}

// Digest 8.5 in play: a lascannon hit that gets through the gargant's
// downed shields costs a DC and rolls on its critical table in the same
// shooting.
func TestCriticalFromShootingE40K85(t *testing.T) {
	r, s, g := critSetup(t, 0, nil)
	s = atStep(s, StepShooting, KindFire, "imperium", "armour")
	g = s.Unit("garg")
	withFirer(s, "t-lasvan")
	g.Shields = 0
	g.Markers.Set(MarkShieldsDown, 2)
	plan, err := r.planFire(s, "armour", "gargant", fireNormal)
	if err != nil {
		t.Fatal(err)
	}
	tray := rules.Scripted(6, 2, 6) // hit; critical 8: Boiler
	evs, err := r.resolveFire(s, tray, plan, Options{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range evs {
		found = found || (e.Kind == EvCritical && e.Data["result"] == "Boiler")
	}
	if !found || tray.Used() != 3 || g.Markers.Value(MarkCritHalfSpeed) != 1 {
		t.Errorf("critical found %v, dice %d, half speed %d; events %v", found, tray.Used(), g.Markers.Value(MarkCritHalfSpeed), evs)
	}
}

// E40K repairs in the rally phase: the damage repair roll comes first,
// then the critical effects' roll, then the fires' damage.
func TestCriticalRallyOrderE40K85(t *testing.T) {
	r, s, g := critSetup(t, 1, nil)
	critFor(t, r, s, 3, 4) // Fire: damage 2, one fire
	s.Step = StepRally
	if err := putProgress(s, Progress{Start: [2]int{8, 9}, Stage: stageRepairs}); err != nil {
		t.Fatal(err)
	}
	tray := rules.Scripted(4, 1, 1) // damage: one repaired, one not; fire stays
	for i := 0; i < 20; i++ {
		_, did, err := r.autoRally(s, tray)
		if err != nil {
			t.Fatal(err)
		}
		if !did {
			break
		}
	}
	// 2 damage - 1 repaired + 1 from the fire.
	if tray.Used() != 3 || g.Markers.Value(MarkDamage) != 2 || g.Markers.Value(MarkCritSeen) != 2 || g.Markers.Value(MarkCritFire) != 1 {
		t.Errorf("dice %d, damage %d, seen %d, fires %d; want 3, 2, 2, 1", tray.Used(), g.Markers.Value(MarkDamage), g.Markers.Value(MarkCritSeen), g.Markers.Value(MarkCritFire))
	}
}

func TestCriticalRowForE40K85(t *testing.T) {
	if _, err := CriticalRowFor(nil, 7); err == nil {
		t.Error("no table accepted")
	}
	if _, err := CriticalRowFor(&CriticalTable{}, 7); err == nil {
		t.Error("empty table accepted")
	}
	if row, err := CriticalRowFor(critTable(), 7); err != nil || row.Name != "Fire" {
		t.Errorf("row %v %v", row, err)
	}
}

// Digest section 2 (firepower table): a war engine that critical damage
// immobilises, alone in the open, is shot at with one die per point of
// firepower; with other stands, or mobile, the open column.
func TestCriticalImmobileTargetE40K85(t *testing.T) {
	r, s, g := critSetup(t, 0, nil)
	s = atStep(s, StepShooting, KindFire, "imperium", "armour")
	g = s.Unit("garg")
	withFirer(s, "t-lasvan")
	sit := func() Situation {
		t.Helper()
		plan, err := r.planFire(s, "armour", "gargant", fireNormal)
		if err != nil {
			t.Fatal(err)
		}
		return plan.Situation
	}
	g.Markers.Set(MarkCritImmobile, 1)
	if got := sit(); got != Open {
		t.Errorf("with its boyz: %s, want open", got)
	}
	s.Unit("gb1").Destroyed, s.Unit("gb2").Destroyed = true, true
	if got := sit(); got != Immobile {
		t.Errorf("immobilised alone: %s, want immobile", got)
	}
	g.Markers.Delete(MarkCritImmobile)
	if got := sit(); got != Open {
		t.Errorf("mobile alone: %s, want open", got)
	}
}
