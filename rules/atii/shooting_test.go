package atii

import (
	"fmt"
	"strings"
	"testing"

	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
)

// baseShot is a Reaver's Gatling Blaster (left arm) at a Reaver 30 cm away
// in its front quadrant, both having moved 10 cm, aimed high, clear view.
func baseShot() ShotSetup {
	ws := fxWeapons()
	return ShotSetup{
		Attacker: fxReaver(), AttackerID: "a", Mount: "left-arm", Weapon: ws["gatling-blaster"],
		Target: fxReaver(), TargetID: "t",
		Range: 30, InArc: true, Visible: true,
		Hit:        HitContext{Direction: sheet.Front, Side: Left},
		FirerMoved: true, TargetMoved: true, TargetMovedCM: 10,
		Aim: AimHigh,
	}
}

// ATII-SHT-4 worked example: Gunnery 4+, Gatling Blaster rolls 3, 4, 5, 5
// at a target in cover: 2, 3, 4, 4 after the -1, so two hits.
func TestSHT4GatlingExample(t *testing.T) {
	sh := baseShot()
	sh.Cover = true
	d := script(t, 3, 4, 5, 5)
	hr, err := RollHits(sh, Options{}, d)
	if err != nil {
		t.Fatal(err)
	}
	d.done()
	if hr.ToHit.Need != 5 || hr.Hits != 2 || hr.RoF != 4 {
		t.Errorf("need %d, RoF %d, hits %d; want 5, 4, 2", hr.ToHit.Need, hr.RoF, hr.Hits)
	}
	if len(d.rolls) != 1 || d.rolls[0].Target != 5 || !strings.Contains(strings.Join(d.rolls[0].Mods, ";"), "hidden") {
		t.Errorf("roll record %+v should carry target 5 and the cover modifier", d.rolls)
	}
}

// ATII-SHT-4: each modifier, the rule of one and six, out of range.
func TestSHT4Modifiers(t *testing.T) {
	cases := []struct {
		name string
		mod  func(*ShotSetup)
		need int
	}{
		{"none", func(*ShotSetup) {}, 4},
		{"target not yet moved", func(s *ShotSetup) { s.TargetMoved = false }, 3},
		{"firer not yet moved", func(s *ShotSetup) { s.FirerMoved = false }, 3},
		{"target moved 20 cm", func(s *ShotSetup) { s.TargetMovedCM = 20 }, 5},
		{"target moved 19.9 cm", func(s *ShotSetup) { s.TargetMovedCM = 19.9 }, 4},
		{"cover", func(s *ShotSetup) { s.Cover = true }, 5},
		{"agile target", func(s *ShotSetup) { s.Target = fxWarhound() }, 5},
		{"inferno accuracy +2", func(s *ShotSetup) { s.Weapon = fxWeapons()["inferno-gun"] }, 2},
		{"rocket accuracy -1", func(s *ShotSetup) { s.Weapon = fxWeapons()["rocket-launcher"] }, 5},
		{"all bad", func(s *ShotSetup) {
			s.TargetMovedCM, s.Cover, s.Target = 25, true, fxWarhound()
			s.Weapon = fxWeapons()["rocket-launcher"]
		}, 8},
	}
	for _, c := range cases {
		sh := baseShot()
		c.mod(&sh)
		th, err := ToHit(sh, Options{})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if th.Need != c.need {
			t.Errorf("%s: need %d, want %d (%s)", c.name, th.Need, c.need, th)
		}
	}
	// Rule of one and six.
	if p := HitProb(8); p != 1.0/6 {
		t.Errorf("need 8: p %v, want 1/6 (natural 6)", p)
	}
	if p := HitProb(0); p != 5.0/6 {
		t.Errorf("need 0: p %v, want 5/6 (natural 1 fails)", p)
	}
	sh := baseShot()
	sh.TargetMovedCM, sh.Cover, sh.Target = 25, true, fxWarhound()
	sh.Weapon = fxWeapons()["rocket-launcher"]
	hr, err := RollHits(sh, Options{}, script(t, 3, 6, 5, 1))
	if err != nil {
		t.Fatal(err)
	}
	if hr.RoF != 3 || hr.Hits != 1 {
		t.Errorf("rocket RoF %d hits %d, want 3 and 1 (only the natural 6)", hr.RoF, hr.Hits)
	}
	sh = baseShot()
	sh.Weapon = fxWeapons()["inferno-gun"]
	sh.TargetMoved, sh.FirerMoved = false, false // need 0
	hr, _ = RollHits(sh, Options{}, script(t, 1))
	if hr.Hits != 0 {
		t.Errorf("natural 1 hit")
	}
	// Out of range: automatic miss, no dice.
	sh = baseShot()
	sh.Range = 45.5
	d := script(t)
	hr, err = RollHits(sh, Options{}, d)
	if err != nil || !hr.ToHit.AutoMiss || hr.Hits != 0 || len(d.rolls) != 0 {
		t.Errorf("out of range: %+v err %v rolls %d", hr.ToHit, err, len(d.rolls))
	}
}

// ATII-SHT-1, ATII-SHT-2: arcs, line of sight, close combat restrictions,
// weapon damage.
func TestSHT1And2Restrictions(t *testing.T) {
	cases := []struct {
		name string
		mod  func(*ShotSetup)
		opts Options
		ok   bool
	}{
		{"plain", func(*ShotSetup) {}, Options{}, true},
		{"out of arc", func(s *ShotSetup) { s.InArc = false }, Options{}, false},
		{"no LOS", func(s *ShotSetup) { s.Visible = false }, Options{}, false},
		{"firer in close combat", func(s *ShotSetup) { s.FirerInCC = true }, Options{}, false},
		{"target in close combat", func(s *ShotSetup) { s.TargetInCC = true }, Options{}, false},
		{"into close combat (advanced)", func(s *ShotSetup) { s.TargetInCC = true }, Options{ShootIntoCC: true}, true},
		{"point blank at opponent", func(s *ShotSetup) {
			s.FirerInCC, s.TargetInCC, s.CCOpponent, s.PointBlank, s.Range = true, true, true, true, 0
		}, Options{PointBlank: true}, true},
		{"point blank without option", func(s *ShotSetup) { s.PointBlank, s.Range = true, 5 }, Options{}, false},
		{"point blank at 16 cm", func(s *ShotSetup) { s.PointBlank, s.Range = true, 16 }, Options{PointBlank: true}, false},
		{"weapon Superficial", func(s *ShotSetup) { s.AttackerState.Weapons = map[string]Level{"left-arm": Superficial} }, Options{}, false},
		{"weapon armour cracked", func(s *ShotSetup) { s.AttackerState.Weapons = map[string]Level{"left-arm": ArmourCracked} }, Options{}, true},
		{"head Major", func(s *ShotSetup) { s.AttackerState.Head = Major }, Options{}, false},
		{"reactor offline", func(s *ShotSetup) { s.AttackerState.WeaponsOffline = []string{"left-arm"} }, Options{}, false},
		{"overcharged", func(s *ShotSetup) { s.AttackerState.Overcharged = true }, Options{}, false},
		{"close combat weapon", func(s *ShotSetup) { s.Weapon = fxWeapons()["chainfist"] }, Options{}, false},
		{"no aim", func(s *ShotSetup) { s.Aim = AimNone }, Options{}, false},
	}
	for _, c := range cases {
		sh := baseShot()
		c.mod(&sh)
		_, err := ToHit(sh, c.opts)
		if (err == nil) != c.ok {
			t.Errorf("%s: err %v, want ok=%v", c.name, err, c.ok)
		}
	}
}

// ATII-SHT-3: legs hidden -> no low; only legs visible -> must aim high.
func TestSHT3Aim(t *testing.T) {
	if CheckAim(AimLow, true, false) == nil {
		t.Errorf("low at hidden legs accepted")
	}
	if CheckAim(AimHigh, true, false) != nil {
		t.Errorf("high at hidden legs refused")
	}
	if CheckAim(AimLow, false, true) == nil {
		t.Errorf("low when only legs visible accepted")
	}
	if CheckAim(AimHigh, false, true) != nil || CheckAim(AimLow, false, false) != nil {
		t.Errorf("legal aims refused")
	}
}

// ATII-SHT-5: location by quadrant, +1 high, -1 low, clamped to the table;
// arm/carapace is the weapon closest to the attacker.
func TestSHT5Location(t *testing.T) {
	u := fxReaver()
	cases := []struct {
		dir  sheet.Direction
		roll int
		loc  string
		arm  int
	}{
		{sheet.Front, 0, "legs", 10}, {sheet.Front, 2, "vsg", 11}, {sheet.Front, 3, "head", 13},
		{sheet.Front, 7, "carapace", 9}, {sheet.Front, 9, "carapace", 9}, {sheet.Front, -2, "legs", 10},
		{sheet.Side, 2, "reactor", 10}, {sheet.Side, 1, "legs", 9}, {sheet.Rear, 3, "reactor", 10},
	}
	for _, c := range cases {
		r, err := HitRowFor(u, c.dir, c.roll)
		if err != nil || r.Location != c.loc || r.Armour != c.arm {
			t.Errorf("%s %d: %+v %v, want %s armour %d", c.dir, c.roll, r, err, c.loc, c.arm)
		}
	}
	// Shots from the left hit the left arm; dead ahead rolls for it.
	ms, _ := ClosestMounts(u, "arm", Left)
	if len(ms) != 1 || ms[0] != "left-arm" {
		t.Errorf("closest arm from the left: %v", ms)
	}
	ms, _ = ClosestMounts(u, "arm", Centre)
	if len(ms) != 2 {
		t.Errorf("dead ahead: %v, want both arms", ms)
	}
	ms, _ = ClosestMounts(u, "carapace", Right)
	if len(ms) != 1 || ms[0] != "carapace" {
		t.Errorf("single carapace: %v", ms)
	}
	if SideFromBearing(-30) != Left || SideFromBearing(100) != Right || SideFromBearing(0) != Centre || SideFromBearing(180) != Centre {
		t.Errorf("SideFromBearing wrong")
	}
	// Aim high on the front table: a roll of 6 becomes 7 (carapace); low 1 -> 0 (legs).
	sh := baseShot()
	sh.TargetState.ShieldsLost = 4
	o, err := ResolveShot(sh, Options{}, script(t, 6, 1, 1, 1, 6, 1))
	if err != nil {
		t.Fatal(err)
	}
	if o.Hits != 1 || o.Outcome.Hits[0].LocRoll != 7 || o.Outcome.Hits[0].Loc != "carapace" {
		t.Errorf("high shot: %+v", o.Outcome.Hits)
	}
}

// ATII-SHT-6: the damage table and escalation.
func TestSHT6DamageTable(t *testing.T) {
	for m, want := range map[int]Level{-5: Undamaged, -1: Undamaged, 0: ArmourCracked, 1: Superficial, 2: Major, 3: Catastrophic, 9: Catastrophic} {
		if got := ResultFromMargin(m); got != want {
			t.Errorf("margin %d: %s, want %s", m, got, want)
		}
	}
	cases := []struct{ cur, r, want Level }{
		{Undamaged, ArmourCracked, ArmourCracked},
		{ArmourCracked, ArmourCracked, Superficial},
		{Superficial, ArmourCracked, Superficial},
		{Superficial, Superficial, Major},
		{Major, Superficial, Major},
		{Major, Major, Catastrophic},
		{ArmourCracked, Major, Major},
		{Superficial, Catastrophic, Catastrophic},
		{Major, Undamaged, Major},
	}
	for _, c := range cases {
		if got := Escalate(c.cur, c.r); got != c.want {
			t.Errorf("Escalate(%s, %s) = %s, want %s", c.cur, c.r, got, c.want)
		}
	}
	// Through ResolveHits: two Armour Cracked hits on the legs make them
	// Superficial (margin 0: D6 2 + Str 8 - 10).
	u := fxReaver()
	s := TitanState{ShieldsLost: 4}
	o, err := ResolveHits(u, "t", s, 2, HitSpec{Str: 8, Source: "test"}, 0, HitContext{Direction: sheet.Front, Side: Left}, Options{}, script(t, 1, 2, 1, 2))
	if err != nil {
		t.Fatal(err)
	}
	if o.State.Legs != Superficial || o.Hits[0].Result != ArmourCracked || o.Hits[1].After != Superficial {
		t.Errorf("legs %s hits %+v", o.State.Legs, o.Hits)
	}
}

// ATII-SHT-7: 2 shields, 6 hits: 2 fail, 2 drop shields, 2 hit the titan.
func TestSHT7ShieldsExample(t *testing.T) {
	u := fxWarhound()
	// Str 5 vs shield armour 8: D6 1 and 2 fail, 4 and 5 knock down;
	// then two titan hits (location, damage).
	d := script(t, 1, 2, 4, 5, 1, 1, 2, 1)
	o, err := ResolveHits(u, "t", TitanState{}, 6, HitSpec{Str: 5, Source: "Gatling Blaster"}, 0, HitContext{Direction: sheet.Front, Side: Left}, Options{}, d)
	if err != nil {
		t.Fatal(err)
	}
	d.done()
	failed, dropped := 0, 0
	for _, h := range o.Hits {
		if h.Shield && !h.ShieldDown {
			failed++
		}
		if h.ShieldDown {
			dropped++
		}
	}
	if failed != 2 || dropped != 2 || o.TitanHits() != 2 || o.State.ShieldsUp(u) != 0 || o.ShieldsDown != 2 {
		t.Errorf("failed %d dropped %d titan %d up %d", failed, dropped, o.TitanHits(), o.State.ShieldsUp(u))
	}
	// Shields apply whatever the direction: a rear hit still meets them.
	o, _ = ResolveHits(u, "t", TitanState{}, 1, HitSpec{Str: 5, Source: "x"}, 0, HitContext{Direction: sheet.Rear, Side: Left}, Options{}, script(t, 3))
	if !o.Hits[0].Shield || o.Hits[0].Margin != 0 || o.Hits[0].ShieldDown {
		t.Errorf("margin 0 on a shield: %+v (default: no effect)", o.Hits[0])
	}
	o, _ = ResolveHits(u, "t", TitanState{}, 1, HitSpec{Str: 5, Source: "x"}, 0, HitContext{Direction: sheet.Rear, Side: Left}, Options{ShieldDropOnZero: true}, script(t, 3))
	if !o.Hits[0].ShieldDown {
		t.Errorf("option %s: margin 0 should knock the shield down", OptShieldDropOnZero)
	}
}

// Weapon specials: Inferno, plasma overload, Quake, Rocket Launcher,
// support missiles, Volcano cannon.
func TestWeaponSpecials(t *testing.T) {
	ws := fxWeapons()
	opts := Options{}
	// Inferno: a hit adds D3 hits.
	sh := baseShot()
	sh.Weapon = ws["inferno-gun"]
	hr, err := RollHits(sh, opts, script(t, 5, 2))
	if err != nil || hr.Hits != 3 {
		t.Errorf("inferno hit + D3=2: hits %d err %v, want 3", hr.Hits, err)
	}
	// Plasma overload: Blastgun RoF 2 Str 6 -> RoF 1 Str 8.
	sh = baseShot()
	sh.Weapon, sh.Overload = ws["plasma-blastgun"], 1
	hr, err = RollHits(sh, opts, script(t, 6))
	if err != nil || hr.RoF != 1 || hr.Spec.Str != 8 {
		t.Errorf("overload: RoF %d Str %d err %v", hr.RoF, hr.Spec.Str, err)
	}
	sh.Overload = 2
	if _, err := ToHit(sh, opts); err == nil {
		t.Errorf("overloading all RoF accepted")
	}
	sh.Weapon, sh.Overload = ws["gatling-blaster"], 1
	if _, err := ToHit(sh, opts); err == nil {
		t.Errorf("overloading a Gatling Blaster accepted")
	}
	// Quake: at least Armour Cracked against the titan (D6 1 + 7 - 13 head).
	u := fxReaver()
	o, _ := ResolveHits(u, "t", TitanState{ShieldsLost: 4}, 1, HitSpec{Str: 7, MinCracked: true, Source: "Quake"}, 0, HitContext{Direction: sheet.Front}, opts, script(t, 3, 1))
	if o.Hits[0].Loc != LocHead || o.Hits[0].Result != ArmourCracked {
		t.Errorf("quake: %+v", o.Hits[0])
	}
	sh = baseShot()
	sh.Weapon = ws["quake-cannon"]
	if !hitSpec(sh, opts).MinCracked {
		t.Errorf("quake cannon spec lacks the minimum")
	}
	// Rocket launcher rolls its RoF every time.
	sh = baseShot()
	sh.Weapon = ws["rocket-launcher"]
	hr, _ = RollHits(sh, opts, script(t, 2, 6, 6))
	if hr.RoF != 2 || hr.Hits != 2 {
		t.Errorf("rocket: RoF %d hits %d", hr.RoF, hr.Hits)
	}
	// Support missiles: 2+ whatever the modifiers, once per battle.
	sh = baseShot()
	sh.Mount = "carapace"
	sh.Weapon = ws["support-missile-warp"]
	sh.Cover, sh.Target, sh.Range = true, fxWarhound(), 500
	hr, err = RollHits(sh, opts, script(t, 2))
	if err != nil || hr.ToHit.Need != 2 || hr.Hits != 1 || !hr.Spec.IgnoreShields || hr.Spec.Str != 8 {
		t.Errorf("warp missile: %+v err %v", hr, err)
	}
	if !hasString(hr.AttackerState.MissilesSpent, "carapace") {
		t.Errorf("missile not marked spent")
	}
	sh.AttackerState = hr.AttackerState
	if _, err := ToHit(sh, opts); err == nil {
		t.Errorf("second missile shot accepted")
	}
	// Warp ignores shields: resolved on the titan despite shields up.
	o, _ = ResolveHits(fxWarhound(), "t", TitanState{}, 1, hr.Spec, 0, HitContext{Direction: sheet.Front}, opts, script(t, 3, 1))
	if o.Hits[0].Shield || o.Hits[0].Loc != LocHead {
		t.Errorf("warp missile hit a shield: %+v", o.Hits[0])
	}
	// Plasma missile: D6+2 hits.
	sh = baseShot()
	sh.Mount, sh.Weapon = "carapace", ws["support-missile-plasma"]
	hr, _ = RollHits(sh, opts, script(t, 4, 3))
	if hr.Hits != 5 {
		t.Errorf("plasma missile hits %d, want 3+2", hr.Hits)
	}
	// Haywire: D3+1 automatic hits, each a shield down or Superficial.
	sh.Weapon = ws["support-missile-haywire"]
	res, err := ResolveShot(sh, opts, script(t, 3, 2, 6))
	if err != nil || res.Hits != 4 || res.Outcome.ShieldsDown != 4 {
		t.Errorf("haywire: hits %d shields %d err %v", res.Hits, res.Outcome.ShieldsDown, err)
	}
	sh.TargetState = TitanState{ShieldsLost: 4}
	res, _ = ResolveShot(sh, opts, script(t, 1, 2, 5))
	if res.Hits != 2 || res.Outcome.State.Head != Superficial || res.Outcome.Hits[0].Result != Superficial {
		t.Errorf("haywire without shields: %+v", res.Outcome.Hits)
	}
	// Vortex: Str 6 + D6 (default) or + 2D6 (option) on every damage roll.
	sh = baseShot()
	sh.Mount, sh.Weapon = "carapace", ws["support-missile-vortex"]
	if sp := hitSpec(sh, opts); sp.StrDice.N != 1 || sp.Str != 6 {
		t.Errorf("vortex default spec %+v", sp)
	}
	if sp := hitSpec(sh, Options{Vortex2D6: true}); sp.StrDice.N != 2 {
		t.Errorf("vortex 2D6 option spec %+v", sp)
	}
	o, _ = ResolveHits(u, "t", TitanState{ShieldsLost: 4}, 1, hitSpec(sh, opts), 0, HitContext{Direction: sheet.Front}, opts, script(t, 2, 2, 3))
	if o.Hits[0].DamRoll != 5 || o.Hits[0].Margin != -2 || o.Hits[0].Result != Undamaged {
		t.Errorf("vortex damage roll %+v (D6 2 + D6 3 + 6 - 13)", o.Hits[0])
	}
	// Volcano cannon: Str 9 death ray.
	if w := ws["volcano-cannon"]; sheet.WeaponOf(w).Str != 9 || !w.HasSpecial("death-ray") {
		t.Errorf("volcano cannon %+v", w)
	}
}

// Damage effects per location, including crashes and reactor explosions.
func TestDamageEffects(t *testing.T) {
	u := fxReaver()
	hc := HitContext{Direction: sheet.Front, Side: Left}
	// VSG: Superficial 1 shield lost, Major D3, Catastrophic all.
	s, effs, err := ApplyDamage(u, TitanState{}, LocVSG, Superficial, hc, script(t))
	if err != nil || s.ShieldsLost != 1 || s.ShieldsUp(u) != 3 || effs[0].Kind != "shields-lost" {
		t.Errorf("VSG superficial: %+v %v %v", s, effs, err)
	}
	s, _, _ = ApplyDamage(u, s, LocVSG, Superficial, hc, script(t, 2))
	if s.VSG != Major || s.ShieldsLost != 3 {
		t.Errorf("VSG superficial twice -> Major, D3=2 more lost: %+v", s)
	}
	s, _, _ = ApplyDamage(u, s, LocVSG, Catastrophic, hc, script(t))
	if s.ShieldsLost != 4 || s.ShieldsUp(u) != 0 {
		t.Errorf("VSG catastrophic: %+v", s)
	}
	// Weapon: Superficial unusable, Major lost, Catastrophic extra damage.
	s, _, _ = ApplyDamage(u, TitanState{}, "left-arm", Superficial, hc, script(t))
	if CanFire(u, s, "left-arm", nil) == nil {
		t.Errorf("superficially damaged weapon can fire")
	}
	s, effs, _ = ApplyDamage(u, TitanState{}, "left-arm", Catastrophic, hc, script(t, 1))
	// One die over the other six locations: 1 = legs.
	if s.Legs != Superficial || s.Weapons["left-arm"] != Catastrophic || len(effs) < 3 {
		t.Errorf("catastrophic weapon: %+v %+v", s, effs)
	}
	// Catastrophic weapon damage picks among every other location of the
	// titan, so the far arm can be hit too (the hit table only ever names
	// the arm closest to the attacker, here the left one).
	d := script(t, 6)
	s, _, _ = ApplyDamage(u, TitanState{}, "left-arm", Catastrophic, hc, d)
	if s.Weapons["right-arm"] != Superficial || s.Legs != Undamaged {
		t.Errorf("catastrophic weapon damage, die 6 of 6: the right arm should take Superficial damage: %+v", s)
	}
	if len(d.rolls) != 1 || d.rolls[0].Sides != 6 || !strings.Contains(d.rolls[0].Purpose, "right-arm") {
		t.Errorf("one die over the six other locations expected, got %+v", d.rolls)
	}
	// Head and legs Catastrophic crash the titan.
	for _, loc := range []string{LocHead, LocLegs} {
		s, effs, _ = ApplyDamage(u, TitanState{}, loc, Catastrophic, hc, script(t))
		if !s.Destroyed || effs[0].Kind != "crashed" {
			t.Errorf("%s catastrophic: %+v", loc, s)
		}
	}
	s, _, _ = ApplyDamage(u, TitanState{}, LocHead, Major, hc, script(t))
	if CanMove(s) == nil || CanFire(u, s, "carapace", nil) == nil {
		t.Errorf("head Major: may still move or shoot")
	}
	s, effs, _ = ApplyDamage(u, TitanState{}, LocReactor, Catastrophic, hc, script(t))
	if !s.Destroyed || effs[0].Kind != "reactor-explosion" {
		t.Errorf("reactor catastrophic: %+v %+v", s, effs)
	}
	// Hits on a destroyed titan are skipped.
	o, _ := ResolveHits(u, "t", s, 2, HitSpec{Str: 9, Source: "x"}, 0, hc, Options{}, script(t))
	if !o.Hits[0].Skipped || !o.Hits[1].Skipped {
		t.Errorf("hits on a wreck not skipped")
	}
	// Reactor explosion: 4D6 radius, D6 hits on every titan within.
	ex, err := ReactorExplosion("t", map[string]float64{"near": 5, "edge": 14, "far": 14.5, "t": 0}, script(t, 3, 4, 5, 2, 6, 3))
	if err != nil || ex.Radius != 14 || ex.Hits["edge"] != 6 || ex.Hits["near"] != 3 || len(ex.Hits) != 2 {
		t.Errorf("explosion %+v err %v", ex, err)
	}
	caught, hits := ExplosionOdds(4)
	near(t, "P(caught at 4 cm)", caught, 1, 1e-12)
	near(t, "mean explosion hits", hits.Mean(), 3.5, 1e-12)
	caught, _ = ExplosionOdds(24)
	near(t, "P(4D6 >= 24)", caught, 1.0/1296, 1e-12)
	// Reactor Superficial: each weapon works on 4+ each turn.
	s, err = StartTurn(u, TitanState{Reactor: Superficial, ShieldsRepairing: 2}, script(t, 3, 4, 6))
	if err != nil || strings.Join(s.WeaponsOffline, ",") != "carapace" || s.ShieldsRepairing != 0 {
		t.Errorf("start of turn: %+v", s)
	}
	if CanFire(u, s, "carapace", nil) == nil || CanFire(u, s, "left-arm", nil) != nil {
		t.Errorf("reactor 4+ per weapon not applied")
	}
}

// The exact odds of a shot agree with a Monte Carlo run of ResolveShot.
func TestShotOddsMatchMonteCarlo(t *testing.T) {
	ws := fxWeapons()
	type setup struct {
		name string
		sh   func() ShotSetup
		opts Options
	}
	setups := []setup{
		{"gatling vs 4 shields", baseShot, Options{}},
		{"laser blaster vs warhound from the side", func() ShotSetup {
			s := baseShot()
			s.Weapon, s.Target, s.Hit = ws["laser-blaster"], fxWarhound(), HitContext{Direction: sheet.Side, Side: Right}
			return s
		}, Options{}},
		{"inferno low vs unshielded", func() ShotSetup {
			s := baseShot()
			s.Weapon, s.Aim, s.TargetState = ws["inferno-gun"], AimLow, TitanState{ShieldsLost: 4}
			return s
		}, Options{}},
		{"rocket launcher dead ahead", func() ShotSetup {
			s := baseShot()
			s.Weapon, s.TargetState, s.Hit.Side = ws["rocket-launcher"], TitanState{ShieldsDown: 3}, Centre
			return s
		}, Options{}},
		{"vortex with overloaded shields, merged", func() ShotSetup {
			s := baseShot()
			s.Mount, s.Weapon, s.OverloadShields, s.MergedShields = "carapace", ws["support-missile-vortex"], true, 2
			return s
		}, Options{OverloadShields: true, MergeShields: true}},
		{"vulcan vs warlord rear", func() ShotSetup {
			s := baseShot()
			s.Weapon, s.Target, s.Range, s.Hit = ws["vulcan-mega-bolter"], fxWarlord(), 20, HitContext{Direction: sheet.Rear, Side: Left}
			s.TargetState = TitanState{ShieldsLost: 5}
			return s
		}, Options{ShieldDropOnZero: true}},
		{"haywire", func() ShotSetup {
			s := baseShot()
			s.Mount, s.Weapon, s.TargetState = "carapace", ws["support-missile-haywire"], TitanState{ShieldsDown: 2}
			return s
		}, Options{}},
		{"plasma missile", func() ShotSetup {
			s := baseShot()
			s.Mount, s.Weapon = "carapace", ws["support-missile-plasma"]
			return s
		}, Options{}},
	}
	for i, su := range setups {
		t.Run(su.name, func(t *testing.T) {
			sh := su.sh()
			so, err := OddsShot(sh, su.opts)
			if err != nil {
				t.Fatal(err)
			}
			d := newXor(uint64(100 + i))
			const n = 30000
			hits, down, titan := map[int]int{}, map[int]int{}, map[int]int{}
			loc := map[string]int{}
			res := map[string]map[Level]int{}
			first := 0
			for k := 0; k < n; k++ {
				r, err := ResolveShot(sh, su.opts, d)
				if err != nil {
					t.Fatal(err)
				}
				hits[r.Hits]++
				down[r.Outcome.ShieldsDown+r.Outcome.PartnerShieldsDown]++
				titan[r.Outcome.TitanHits()]++
				for _, h := range r.Outcome.Hits {
					if h.Shield {
						continue
					}
					first++
					loc[h.Loc]++
					if res[h.Loc] == nil {
						res[h.Loc] = map[Level]int{}
					}
					res[h.Loc][h.Result]++
					break
				}
			}
			compareDist(t, "hits", hits, n, so.Hits)
			compareDist(t, "shields down", down, n, so.ShieldsDown)
			compareDist(t, "titan hits", titan, n, so.TitanHits)
			if first > 500 {
				for _, lo := range so.PerHit {
					got := float64(loc[lo.Loc]) / float64(first)
					near(t, "P(location "+lo.Loc+")", got, lo.P, 5*sqrt(lo.P*(1-lo.P)/float64(first))+0.003)
					if loc[lo.Loc] < 300 {
						continue
					}
					for r := Undamaged; r <= Catastrophic; r++ {
						got := float64(res[lo.Loc][r]) / float64(loc[lo.Loc])
						p := lo.Result[r]
						near(t, fmt.Sprintf("P(%s %s)", lo.Loc, r), got, p, 5*sqrt(p*(1-p)/float64(loc[lo.Loc]))+0.003)
					}
				}
			}
		})
	}
}

// Point-blank fire (advanced): CCS to hit, ignores shields at a close
// combat opponent.
func TestPointBlank(t *testing.T) {
	sh := baseShot()
	sh.Attacker = fxReaver()
	sheet.Of(sh.Attacker).CCSkill = 3
	sh.FirerInCC, sh.TargetInCC, sh.CCOpponent, sh.PointBlank, sh.Range = true, true, true, true, 0
	opts := Options{PointBlank: true}
	th, err := ToHit(sh, opts)
	if err != nil || th.Base != 3 {
		t.Fatalf("point blank base %d err %v, want CCS 3", th.Base, err)
	}
	if !hitSpec(sh, opts).IgnoreShields {
		t.Errorf("point blank at an opponent should ignore shields")
	}
	sh.FirerInCC, sh.TargetInCC, sh.CCOpponent, sh.Range = false, false, false, 10
	if hitSpec(sh, opts).IgnoreShields {
		t.Errorf("point blank at a free target ignores shields by default")
	}
	if !hitSpec(sh, Options{PointBlank: true, PointBlankShieldsAlways: true}).IgnoreShields {
		t.Errorf("option %s not applied", OptPointBlankShieldsAlways)
	}
}

// Shooting into close combat (advanced): hits are randomised.
func TestShootIntoCloseCombat(t *testing.T) {
	got, err := SplitIntoCombat(5, 2, script(t, 1, 3, 4, 6, 2))
	if err != nil || got[0] != 3 || got[1] != 2 {
		t.Errorf("split %v err %v, want [3 2]", got, err)
	}
}

// Merging void shields (advanced): partner shields absorb hits after the
// target's own.
func TestMergeShields(t *testing.T) {
	u := fxWarhound()
	o, err := ResolveHits(u, "t", TitanState{ShieldsDown: 1}, 3, HitSpec{Str: 9, Source: "x"}, 1, HitContext{Direction: sheet.Front}, Options{MergeShields: true}, script(t, 6, 6, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if o.ShieldsDown != 1 || o.PartnerShieldsDown != 1 || o.TitanHits() != 1 {
		t.Errorf("merged: own %d partner %d titan %d", o.ShieldsDown, o.PartnerShieldsDown, o.TitanHits())
	}
}

// Overloading void shields (advanced): 3+ keeps the shield, 1-2 blows all.
func TestOverloadShields(t *testing.T) {
	u := fxReaver()
	spec := HitSpec{Str: 9, Source: "x", OverloadShields: true}
	o, _ := ResolveHits(u, "t", TitanState{}, 1, spec, 0, HitContext{Direction: sheet.Front}, Options{OverloadShields: true}, script(t, 6, 3))
	if o.ShieldsDown != 0 || o.State.ShieldsUp(u) != 4 {
		t.Errorf("overload 3: shield should stay up: %+v", o.State)
	}
	o, _ = ResolveHits(u, "t", TitanState{ShieldsDown: 1}, 1, spec, 0, HitContext{Direction: sheet.Front}, Options{OverloadShields: true}, script(t, 6, 2))
	if o.State.ShieldsLost != 4 || o.State.VSG != Catastrophic {
		t.Errorf("overload 2: all generators should blow: %+v", o.State)
	}
}

// ATII-SHT-4: the number Legal reads (toHitP, no texts) is ToHit's for
// every combination of the modifiers, weapons, ranges and point-blank: the
// same base, need, odds, out-of-range verdict and errors.
func TestToHitPMatchesToHit(t *testing.T) {
	ws := fxWeapons()
	n := 0
	for _, wname := range []string{"gatling-blaster", "inferno-gun", "rocket-launcher"} {
		for _, target := range []*catalog.Unit{fxReaver(), fxWarhound()} {
			for bits := 0; bits < 1<<7; bits++ {
				sh := baseShot()
				sh.Weapon, sh.Target = ws[wname], target
				sh.TargetMoved = bits&1 != 0
				sh.FirerMoved = bits&2 != 0
				sh.Cover = bits&4 != 0
				if bits&8 != 0 {
					sh.TargetMovedCM = RapidTarget
				}
				if bits&16 != 0 {
					sh.Range = sh.Weapon.Range + 5
				}
				sh.Visible = bits&32 == 0
				opts := Options{}
				if bits&64 != 0 {
					sh.Range, sh.PointBlank, opts.PointBlank = 3, true, true
				}
				want, werr := ToHit(sh, opts)
				got, gerr := toHitP(sh, opts)
				if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
					t.Fatalf("%s bits %b: errors %v and %v", wname, bits, werr, gerr)
				}
				if got.Base != want.Base || got.Need != want.Need || got.P != want.P || got.AutoMiss != want.AutoMiss || got.AutoHit != want.AutoHit {
					t.Fatalf("%s bits %b: toHitP %+v, ToHit %+v", wname, bits, got, want)
				}
				n++
			}
		}
	}
	if n != 3*2*128 {
		t.Fatalf("%d cases", n)
	}
}

// RerollMisses (E40K overwatch fire at a titan, seed 001 and seed 002):
// the to-hit dice that missed are rolled once more; the odds count it.
// The Gatling Blaster's four dice at 5+ roll 3, 4, 5, 5 (two hits), the
// two misses again 6, 1 (one more).
func TestRerollMissesE40KOverwatch(t *testing.T) {
	sh := baseShot()
	sh.Cover, sh.RerollMisses = true, true
	d := script(t, 3, 4, 5, 5, 6, 1)
	hr, err := RollHits(sh, Options{}, d)
	if err != nil {
		t.Fatal(err)
	}
	d.done()
	if hr.Hits != 3 || fmt.Sprint(hr.Rerolled) != "[6 1]" {
		t.Errorf("hits %d, re-rolled %v; want 3 and [6 1]", hr.Hits, hr.Rerolled)
	}
	so, err := OddsShot(sh, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := 2.0 / 6
	if m, want := so.Hits.Mean(), 4*(p+(1-p)*p); m < want-1e-9 || m > want+1e-9 {
		t.Errorf("mean hits %.4f, want %.4f", m, want)
	}
}
