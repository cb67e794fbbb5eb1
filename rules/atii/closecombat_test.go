package atii

import (
	"testing"

	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
)

// Two Reavers in base contact, each facing the other: a has a Chainfist
// (right arm) and a Powerfist (left arm), b a Power Saw (right arm) and a
// Wrecker Ball-free left arm with a gun.
func ccPair() (Combatant, Combatant) {
	ws := fxWeapons()
	a := Combatant{ID: "a", Unit: fxReaver(),
		Weapons: map[string]*catalog.Weapon{"right-arm": ws["chainfist"], "left-arm": ws["powerfist"], "carapace": ws["rocket-launcher"]},
		InArc:   map[string]bool{"right-arm": true, "left-arm": true, "carapace": true},
		Charged: true, Hit: HitContext{Direction: sheet.Front, Side: Left}}
	b := Combatant{ID: "b", Unit: fxReaver(),
		Weapons: map[string]*catalog.Weapon{"right-arm": ws["power-saw"], "left-arm": ws["gatling-blaster"], "carapace": ws["turbo-lasers"]},
		InArc:   map[string]bool{"right-arm": true, "left-arm": true, "carapace": true},
		Hit:     HitContext{Direction: sheet.Front, Side: Right}}
	return a, b
}

// ATII-CC-2 and ATII-CC-3: order by swiftness, CCS +/- accuracy, damage
// without high/low or shields, improvised attacks (+1 charging).
func TestCC2OrderAndHits(t *testing.T) {
	a, b := ccPair()
	ws, err := CCWeapons(a, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(ws) != 3 || ws[2].Mount != ImprovisedMount || ws[2].Attacks.String() != "D3+1" || ws[2].Str != 4 || ws[2].Swiftness != 1 {
		t.Fatalf("a's attacks %+v", ws)
	}
	// Script: chainfist (sw 6) 1 attack: to hit 3 (CCS 4 +1 acc -> 3+),
	// location 3 (head 13), damage 6 (6+7-13 = 0 cracked). Power saw
	// (sw 5): 1 attack, roll 2 misses. Powerfist (sw 3): roll 6 (tear,
	// D3 = 2), location 1 legs (10), damage 4: 4+9+2-10 = 5 catastrophic:
	// b crashes. b's improvised attacks (sw 1) never come: b is
	// destroyed before, and a's improvised attacks have nobody left to
	// strike.
	d := script(t, 3, 3, 6, 2, 6, 2, 1, 4)
	res, err := ResolveCloseCombat(a, b, Options{}, d)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Strikes) < 3 {
		t.Fatalf("strikes %+v", res.Strikes)
	}
	order := []string{}
	for _, s := range res.Strikes {
		order = append(order, s.Attacker+":"+s.Weapon.Name)
	}
	want := []string{"a:Chainfist", "b:Power Saw", "a:Powerfist"}
	if len(order) != len(want) {
		t.Fatalf("order %v, want %v", order, want)
	}
	for i := range want {
		if order[i] != want[i] {
			t.Errorf("order %v, want %v", order, want)
			break
		}
	}
	if res.Strikes[0].ToHit.Need != 3 || res.Strikes[0].Results[0].Result != ArmourCracked || res.Strikes[0].Results[0].Shield {
		t.Errorf("chainfist strike %+v (void shields must not protect)", res.Strikes[0])
	}
	if res.Strikes[2].ToHit.Need != 5 || len(res.Strikes[2].Tears) != 1 || !res.B.Destroyed {
		t.Errorf("powerfist tear: %+v, b %+v", res.Strikes[2], res.B)
	}
	d.done()
	// Close combat has no high/low: location roll 6 stays 6 (front carapace).
	for _, s := range res.Strikes {
		for _, h := range s.Results {
			if !h.Skipped && h.LocRoll > 6 {
				t.Errorf("location roll modified: %+v", h)
			}
		}
	}
	// Option: ignore CC accuracy.
	ws, _ = CCWeapons(a, Options{CCAccuracyNone: true})
	if ws[0].Acc != 0 || ccToHit(a.Unit, ws[0]).Need != 4 {
		t.Errorf("%s: chainfist acc %d", OptCCAccuracyNone, ws[0].Acc)
	}
}

// ATII-CC-2: equal swiftness strikes simultaneously: a titan wrecked by an
// equally swift blow still strikes.
func TestCC2Simultaneous(t *testing.T) {
	ws := fxWeapons()
	a := Combatant{ID: "a", Unit: fxReaver(), Weapons: map[string]*catalog.Weapon{"right-arm": ws["power-ram"]}, InArc: map[string]bool{"right-arm": true}, Hit: HitContext{Direction: sheet.Front}}
	b := Combatant{ID: "b", Unit: fxReaver(), Weapons: map[string]*catalog.Weapon{"right-arm": ws["power-ram"]}, InArc: map[string]bool{"right-arm": true}, Hit: HitContext{Direction: sheet.Front}}
	sheet.Of(a.Unit).ImprovisedAttacks, sheet.Of(b.Unit).ImprovisedAttacks = "0", "0"
	// a: 2 attacks: 6 and 1; hit: loc 1 legs, dmg 6 (6+7-10 = 3) -> b crashes.
	// b still strikes: 2 attacks 5, 1; hit: loc 3 head, dmg 1 (1+7-13 = -5) none.
	d := script(t, 6, 1, 1, 6, 5, 1, 3, 1)
	res, err := ResolveCloseCombat(a, b, Options{}, d)
	if err != nil {
		t.Fatal(err)
	}
	d.done()
	if !res.B.Destroyed || len(res.Strikes) != 2 || res.Strikes[1].Attacker != "b" || res.Strikes[1].Hits != 1 {
		t.Errorf("simultaneous strike: %+v", res.Strikes)
	}
	// Out of arc or damaged weapons do not strike.
	a.InArc["right-arm"] = false
	if ws, _ := CCWeapons(a, Options{}); len(ws) != 0 {
		t.Errorf("weapon out of arc strikes: %+v", ws)
	}
	a.InArc["right-arm"] = true
	a.State.Weapons = map[string]Level{"right-arm": Superficial}
	if ws, _ := CCWeapons(a, Options{}); len(ws) != 0 {
		t.Errorf("damaged weapon strikes: %+v", ws)
	}
}

// ATII-CC-3: improvised attacks by class.
func TestCC3Improvised(t *testing.T) {
	for class, want := range map[string]string{"emperor": "D3+2", "battle": "D3", "scout": "1"} {
		e, err := ImprovisedAttacks(class)
		if err != nil || e.String() != want {
			t.Errorf("%s: %v %v, want %s", class, e, err, want)
		}
	}
	for _, u := range fxCatalogue().Units {
		e, _ := ImprovisedAttacks(sheet.Of(u).TitanClass)
		if e.String() != sheet.Of(u).ImprovisedAttacks {
			t.Errorf("%s profile improvised %q, class rule %s", u.ID, sheet.Of(u).ImprovisedAttacks, e)
		}
	}
	h := Combatant{ID: "h", Unit: fxWarhound(), Charged: true}
	ws, _ := CCWeapons(h, Options{})
	if len(ws) != 1 || ws[0].Attacks.Plus != 2 {
		t.Errorf("charging Warhound: %+v, want 2 improvised attacks", ws)
	}
}

// ATII-CC-1: close combat ordering in the assault phase is highest Man
// first (see TestMOV1Order); this checks the CC odds twin against a Monte
// Carlo run of each weapon's strike.
func TestCC1OddsMatchMonteCarlo(t *testing.T) {
	a, b := ccPair()
	b.State = TitanState{Legs: Superficial}
	odds, err := OddsCloseCombat(a, b, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ws, _ := CCWeapons(a, Options{})
	for i, w := range ws {
		o := odds[i]
		d := newXor(uint64(900 + i))
		const n = 30000
		hits := map[int]int{}
		loc := map[string]int{}
		res := map[string]map[Level]int{}
		first := 0
		for k := 0; k < n; k++ {
			ds := b.State.Clone()
			st, err := strikeCC(a, b, w, &ds, Options{}, d)
			if err != nil {
				t.Fatal(err)
			}
			hits[st.Hits]++
			if len(st.Results) > 0 {
				h := st.Results[0]
				first++
				loc[h.Loc]++
				if res[h.Loc] == nil {
					res[h.Loc] = map[Level]int{}
				}
				res[h.Loc][h.Result]++
			}
		}
		compareDist(t, w.Name+" hits", hits, n, o.Hits)
		for _, lo := range o.PerHit {
			got := float64(loc[lo.Loc]) / float64(first)
			near(t, w.Name+" P("+lo.Loc+")", got, lo.P, 5*sqrt(lo.P*(1-lo.P)/float64(first))+0.004)
			if loc[lo.Loc] < 400 {
				continue
			}
			for r := Undamaged; r <= Catastrophic; r++ {
				got := float64(res[lo.Loc][r]) / float64(loc[lo.Loc])
				p := lo.Result[r]
				near(t, w.Name+" "+lo.Loc+" "+r.String(), got, p, 5*sqrt(p*(1-p)/float64(loc[lo.Loc]))+0.004)
			}
		}
	}
}

// ATII-CC-1: assault moves go highest Man first; contact is base to base; a
// titan in combat at the start of its assault move may turn but not move
// away.
func TestCC1AssaultMoves(t *testing.T) {
	es := []OrderEntry{{ID: "warlord", Side: "a", Man: 1}, {ID: "hound", Side: "a", Man: 3}}
	if got := Movable(es, "a", true); got[0] != "hound" {
		t.Errorf("assault order %v, want the Warhound first", got)
	}
	es2, _ := StartMove(es, "warlord", true)
	if !es2[1].Forfeit {
		t.Errorf("moving the Warlord first in the assault phase should forfeit the Warhound")
	}
	turnOnly := MovePlan{Assault: true, InCloseCombat: true, Segments: []MoveSegment{{TurnBefore: 45}}, FinalTurn: 45}
	if _, err := CheckMove(fxReaver(), TitanState{}, turnOnly, Options{}); err != nil {
		t.Errorf("turns in combat refused: %v", err)
	}
	turnOnly.Segments[0].Length = 1
	if _, err := CheckMove(fxReaver(), TitanState{}, turnOnly, Options{}); err == nil {
		t.Errorf("moving away from combat in the assault phase accepted")
	}
}

// ATII inside E40K: weapons against titans and stomping.
func TestE40KIntegration(t *testing.T) {
	cases := map[string]E40KVsTitan{
		"4":                 {RoF: DiceExpr{Plus: 4}, Str: 3},
		"Anti-Tank":         {RoF: DiceExpr{Plus: 1}, Str: 5},
		"Heavy Barrage":     {RoF: DiceExpr{Plus: 2}, Str: 4},
		"Mega Cannon":       {RoF: DiceExpr{Plus: 1}, Str: 7, MinCracked: true},
		"Distortion Cannon": {RoF: DiceExpr{Plus: 1}, Str: 7, IgnoresShields: true},
		"Pulsar":            {RoF: DiceExpr{N: 1, Sides: 6}, Str: 6},
		"Disrupt":           {Useless: true},
		"Death Ray":         {RoF: DiceExpr{Plus: 1}, Str: 9},
		"Barrage":           {RoF: DiceExpr{Plus: 1}, Str: 4},
	}
	for fp, want := range cases {
		got, err := E40KWeaponVsTitan(fp)
		if err != nil || got != want {
			t.Errorf("%s: %+v %v, want %+v", fp, got, err, want)
		}
	}
	if _, err := E40KWeaponVsTitan("lots"); err == nil {
		t.Errorf("bad firepower accepted")
	}
	// ATII inside E40K: titans stomp with their improvised attacks
	// (ATII-CC-3: a Reaver rolls D3, +1 when charging), CCS to hit, one
	// stand per attack in the order given.
	got, err := Stomp(fxReaver(), "r", []string{"s1", "s2", "s3"}, true, script(t, 2, 4, 3, 6))
	if err != nil || !got[0] || got[1] || !got[2] {
		t.Errorf("stomp (D3 2 +1 charging = 3 attacks) %v %v", got, err)
	}
	got, err = Stomp(fxReaver(), "r", []string{"s1", "s2", "s3"}, false, script(t, 2, 6, 6))
	if err != nil || !got[0] || !got[1] || got[2] {
		t.Errorf("stomp (D3 2 = 2 attacks, the third stand is not attacked) %v %v", got, err)
	}
	got, err = Stomp(fxWarhound(), "w", []string{"s1", "s2"}, false, script(t, 6))
	if err != nil || !got[0] || got[1] {
		t.Errorf("stomp (a Warhound has 1 attack) %v %v", got, err)
	}
}
