package e40k

import (
	"fmt"
	"sort"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// Titans inside Epic 40,000 battles (seed 002, "integrating Adeptus
// Titanicus into Epic 40,000"; digest section 1, "ATII inside E40K"):
// a catalogue unit of class titan (the ATII Warhound, Reaver, Warlord and
// any other titan profile) keeps its ATII damage state (atii.TitanState,
// stored on the unit under atii.ExtTitan exactly as in an ATII game) and
// acts on its own, never as a detachment: no orders, no blast markers, no
// command radius. A titan stands in a formation of titans only (one titan
// or a battle group); Setup refuses a formation mixing titans and other
// units.

// Unit markers the titan rules keep (rules.Unit.Markers).
const (
	// MarkCharged: the titan moved into base contact with an enemy this
	// assault phase (+1 improvised attack, ATII-CC-3).
	MarkCharged = atii.MarkCharged
	// MarkStomped: the titan used its improvised attacks stomping stands
	// this turn; they may not be used against a titan later (seed 002).
	MarkStomped = "stomped"
)

// titanRef is one titan looked up in a state.
type titanRef struct {
	u    *rules.Unit
	prof *catalog.Unit
	ts   atii.TitanState
}

// catalogTitan returns the catalogue profile of u when u is a titan.
func (r *Ruleset) catalogTitan(u *rules.Unit) (*catalog.Unit, bool) {
	cu, err := r.cat.Unit(u.Type)
	if err != nil || cu.Class != world.Titan {
		return nil, false
	}
	return cu, true
}

// IsTitan reports whether unit u is a titan fighting under the ATII rules
// (its catalogue class is titan).
func (r *Ruleset) IsTitan(u *rules.Unit) bool {
	_, ok := r.catalogTitan(u)
	return ok
}

// TitanOf returns the ATII damage state of titan unit u (the zero state,
// undamaged, before set-up stores one). Errors: u is not a titan, or its
// stored state does not decode.
func (r *Ruleset) TitanOf(u *rules.Unit) (atii.TitanState, error) {
	if !r.IsTitan(u) {
		return atii.TitanState{}, fmt.Errorf("unit %s is not a titan", u.ID)
	}
	return atii.TitanOf(u)
}

// titan looks up titan id. Errors: no such unit, not a titan, a bad
// stored state.
func (r *Ruleset) titan(s *rules.State, id string) (titanRef, error) {
	u := s.Unit(id)
	if u == nil {
		return titanRef{}, fmt.Errorf("no unit %q", id)
	}
	cu, ok := r.catalogTitan(u)
	if !ok {
		return titanRef{}, fmt.Errorf("unit %s is not a titan", id)
	}
	ts, err := atii.TitanOf(u)
	if err != nil {
		return titanRef{}, err
	}
	return titanRef{u: u, prof: cu, ts: ts}, nil
}

// put stores the titan's new state.
func (t *titanRef) put(ts atii.TitanState) error {
	t.ts = ts
	return atii.PutTitan(t.u, t.prof, ts)
}

// titanFormation reports whether formation f is made of titans.
func (r *Ruleset) titanFormation(s *rules.State, f string) bool {
	for i := range s.Units {
		u := &s.Units[i]
		if u.Formation == f {
			return r.IsTitan(u)
		}
	}
	return false
}

// operational reports whether a unit is on the table and not destroyed.
func operational(u *rules.Unit) bool { return !u.Destroyed && !u.OffTable }

// titanIDs returns the operational titans of side index si, in state
// order.
func (r *Ruleset) titanIDs(s *rules.State, si int) []string {
	var out []string
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == s.Sides[si].ID && operational(u) && r.IsTitan(u) {
			out = append(out, u.ID)
		}
	}
	return out
}

// titanWeapons returns the weapons fitted on a titan by mount id: the
// unit's loadout, else each mount's default weapon. Errors: a weapon the
// catalogue lacks.
func (r *Ruleset) titanWeapons(t titanRef) (map[string]*catalog.Weapon, error) {
	out := map[string]*catalog.Weapon{}
	for _, m := range sheet.Of(t.prof).Mounts {
		id, ok := t.u.Loadout.Get(m.ID)
		if !ok {
			id = m.Default
		}
		if id == "" {
			continue
		}
		w, err := r.cat.Weapon(id)
		if err != nil {
			return nil, fmt.Errorf("titan %s mount %s: %w", t.u.ID, m.ID, err)
		}
		out[m.ID] = w
	}
	return out, nil
}

// titanBase is a titan's base on the table.
func titanBase(t titanRef) world.Base {
	return world.Base{ID: t.u.ID, Pos: t.u.Pos, Facing: t.u.Facing, Foot: t.prof.Base}
}

// titansInContact lists the operational enemy titans in base contact with
// unit u (sorted): a titan so engaged is in close combat (ATII-SHT-1).
func (r *Ruleset) titansInContact(s *rules.State, u *rules.Unit) []string {
	ub, err := r.base(s, u)
	if err != nil {
		return nil
	}
	var out []string
	for i := range s.Units {
		o := &s.Units[i]
		if o.Side == u.Side || !operational(o) || !r.IsTitan(o) {
			continue
		}
		if ob, err := r.base(s, o); err == nil && world.InContact(ub, ob) {
			out = append(out, o.ID)
		}
	}
	sort.Strings(out)
	return out
}

// titanProfile is the E40K view of a titan: its class, speed, shields,
// points and base. Its firepower lives in its weapons, read mount by
// mount (TitanFirepower), so the profile carries none and the detachment
// rules never fire a titan.
func titanProfile(u *catalog.Unit) Profile {
	return Profile{ID: u.ID, Name: u.Name, Class: world.Titan, Speed: u.Speed, DC: 1, Shields: sheet.Of(u).VoidShields,
		Points: u.Points, Base: u.Base, Specials: append([]string(nil), u.Specials...)}
}

// checkTitanFormations refuses a formation mixing titans and other units.
func (r *Ruleset) checkTitanFormations(s *rules.State) error {
	kind := map[string]bool{}
	seen := map[string]bool{}
	for i := range s.Units {
		u := &s.Units[i]
		t := r.IsTitan(u)
		if seen[u.Formation] && kind[u.Formation] != t {
			return fmt.Errorf("formation %s mixes titans and other units: titans stand in formations of their own (seed 002)", u.Formation)
		}
		seen[u.Formation], kind[u.Formation] = true, t
	}
	return nil
}

// setupTitans stores every titan's starting ATII state (every shield up,
// no damage) unless the scenario gave one.
func (r *Ruleset) setupTitans(s *rules.State) error {
	if err := r.checkTitanFormations(s); err != nil {
		return err
	}
	for i := range s.Units {
		u := &s.Units[i]
		cu, ok := r.catalogTitan(u)
		if !ok {
			continue
		}
		ts, err := atii.TitanOf(u)
		if err != nil {
			return err
		}
		if err := atii.PutTitan(u, cu, ts); err != nil {
			return err
		}
	}
	return nil
}

// startTitans applies ATII's start of turn to every titan (atii.StartTurn:
// shields repaired last turn come back, a damaged reactor powers each
// weapon on 4+) and clears the per-turn markers.
func (r *Ruleset) startTitans(s *rules.State, d rules.Dice) error {
	for i := range s.Units {
		u := &s.Units[i]
		if !operational(u) || !r.IsTitan(u) {
			continue
		}
		t, err := r.titan(s, u.ID)
		if err != nil {
			return err
		}
		u.Markers.Delete(MarkCharged)
		u.Markers.Delete(MarkChargedWE)
		u.Markers.Delete(MarkStomped)
		ts, err := atii.StartTurn(t.prof, t.ts, d)
		if err != nil {
			return err
		}
		if err := t.put(ts); err != nil {
			return err
		}
	}
	return nil
}

// TitanFirepower is a titan's E40K firepower and super-heavy weapons for
// shooting at detachments and for firefights (seed 002: titans shoot at
// vehicles and infantry with the E40K rules, each weapon's Firepower
// value from the titan gun table): the numeric firepower of every weapon
// able to fire now (atii.CanFire) and the weapons whose entry is a
// super-heavy type (Death Ray, Heavy Barrage, Mega Cannon...). Support
// missiles and close combat weapons give none.
func (r *Ruleset) TitanFirepower(s *rules.State, id string) (int, []Weapon, error) {
	t, err := r.titan(s, id)
	if err != nil {
		return 0, nil, err
	}
	ws, err := r.titanWeapons(t)
	if err != nil {
		return 0, nil, err
	}
	fp := 0
	var shw []Weapon
	for _, m := range sheet.Of(t.prof).Mounts {
		w := ws[m.ID]
		if w == nil || atii.CanFire(t.prof, t.ts, m.ID, w) != nil {
			continue
		}
		n, sw, ok := weaponFirepower(w)
		if !ok {
			continue
		}
		fp += n
		if sw != nil {
			shw = append(shw, *sw)
		}
	}
	return fp, shw, nil
}

// weaponFirepower reads one titan weapon's E40K firepower entry: a number,
// or a super-heavy type. ok is false for weapons with no E40K effect
// (close combat weapons, support missiles, unreadable entries).
func weaponFirepower(w *catalog.Weapon) (int, *Weapon, bool) {
	if w.Kind != catalog.Gun && w.Kind != "" {
		return 0, nil, false
	}
	kind, numeric, err := shotKind(w)
	if err != nil {
		return 0, nil, false
	}
	ws := WeaponSheetOf(w)
	if numeric {
		n := 0
		if _, err := fmt.Sscan(ws.FP, &n); err != nil || n <= 0 {
			return 0, nil, false
		}
		return n, nil, true
	}
	return 0, &Weapon{Name: w.Name, Kind: kind, Range: w.Range, FP: ws.FP, Template: ws.Template, Indirect: w.HasSpecial("indirect")}, true
}
