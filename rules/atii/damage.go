package atii

import (
	"fmt"
	"sort"
	"strings"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
)

// Level is a location's damage on the damage table, in escalating order.
// The same scale names the result of one damage roll (ATII-SHT-6).
type Level int

// Damage levels.
const (
	Undamaged Level = iota
	ArmourCracked
	Superficial
	Major
	Catastrophic
)

var levelNames = [...]string{"none", "armour-cracked", "superficial", "major", "catastrophic"}

// String is the level's id ("none", "armour-cracked", "superficial",
// "major", "catastrophic").
func (l Level) String() string {
	if l < 0 || int(l) >= len(levelNames) {
		return fmt.Sprintf("level(%d)", int(l))
	}
	return levelNames[l]
}

// MarshalText stores the level by name.
func (l Level) MarshalText() ([]byte, error) {
	if l < 0 || int(l) >= len(levelNames) {
		return nil, fmt.Errorf("atii: invalid damage level %d", int(l))
	}
	return []byte(levelNames[l]), nil
}

// UnmarshalText reads a level name.
func (l *Level) UnmarshalText(b []byte) error {
	for i, n := range levelNames {
		if n == string(b) {
			*l = Level(i)
			return nil
		}
	}
	return fmt.Errorf("atii: unknown damage level %q (want one of %s)", b, strings.Join(levelNames[:], ", "))
}

// ResultFromMargin reads the damage table (ATII-SHT-6): the margin is
// D6 + Str - Armour; -1 or less no damage, 0 Armour Cracked, 1 Superficial,
// 2 Major, 3 or more Catastrophic.
func ResultFromMargin(m int) Level {
	switch {
	case m < 0:
		return Undamaged
	case m >= 3:
		return Catastrophic
	default:
		return Level(m + 1)
	}
}

// Escalate applies a damage result r to a location at level cur
// (ATII-SHT-6): a result below the current level changes nothing; a result
// equal to it steps up one level (Armour Cracked twice is Superficial,
// Superficial twice Major, Major twice Catastrophic); a higher result
// replaces it.
func Escalate(cur, r Level) Level {
	switch {
	case r == Undamaged || r < cur:
		return cur
	case r == cur:
		if cur >= Catastrophic {
			return Catastrophic
		}
		return cur + 1
	default:
		return r
	}
}

// Location names of a titan's fixed locations. Weapon locations are named
// by their mount id.
const (
	LocLegs    = "legs"
	LocHead    = "head"
	LocReactor = "reactor"
	LocVSG     = "vsg"
)

// TitanState is one titan's damage and per-battle state, stored by the
// engine as JSON. The zero value is an undamaged titan with every shield up.
type TitanState struct {
	Legs    Level `json:"legs,omitempty"`
	Head    Level `json:"head,omitempty"`
	Reactor Level `json:"reactor,omitempty"`
	// VSG is the void shield generators' damage level.
	VSG Level `json:"vsg,omitempty"`
	// Weapons holds the damage of each weapon mount, by mount id.
	Weapons map[string]Level `json:"weapons,omitempty"`

	// ShieldsDown are knocked down and repairable; ShieldsRepairing were
	// repaired this rally phase and come back up at the start of the next
	// turn; ShieldsLost are destroyed for the battle (generator damage).
	ShieldsDown      int `json:"shields_down,omitempty"`
	ShieldsRepairing int `json:"shields_repairing,omitempty"`
	ShieldsLost      int `json:"shields_lost,omitempty"`

	Destroyed bool   `json:"destroyed,omitempty"`
	Cause     string `json:"cause,omitempty"`

	// MissilesSpent lists mounts whose once-per-battle missile is fired.
	MissilesSpent []string `json:"missiles_spent,omitempty"`
	// WeaponsOffline lists mounts that failed this turn's reactor roll.
	WeaponsOffline []string `json:"weapons_offline,omitempty"`
	// Stalled is set when a Major-damaged reactor failed this phase's
	// 4+ roll to move.
	Stalled bool `json:"stalled,omitempty"`

	// Per-turn orders (advanced rules).
	Overcharged   bool `json:"overcharged,omitempty"`
	Overwatch     bool `json:"overwatch,omitempty"`
	DamageControl bool `json:"damage_control,omitempty"`
	Disengaging   bool `json:"disengaging,omitempty"`
	// OverloadOrder is the player's standing order to overload each of
	// this titan's void shields as it is knocked down (advanced rule,
	// OptOverloadShields; set with the shields command).
	OverloadOrder bool `json:"overload_order,omitempty"`
}

// Clone returns an independent copy.
func (s TitanState) Clone() TitanState {
	c := s
	if s.Weapons != nil {
		c.Weapons = make(map[string]Level, len(s.Weapons))
		for k, v := range s.Weapons {
			c.Weapons[k] = v
		}
	}
	c.MissilesSpent = append([]string(nil), s.MissilesSpent...)
	c.WeaponsOffline = append([]string(nil), s.WeaponsOffline...)
	return c
}

// Level returns the damage at a location (fixed name or mount id).
func (s *TitanState) Level(loc string) Level {
	switch loc {
	case LocLegs:
		return s.Legs
	case LocHead:
		return s.Head
	case LocReactor:
		return s.Reactor
	case LocVSG:
		return s.VSG
	}
	return s.Weapons[loc]
}

func (s *TitanState) setLevel(loc string, l Level) {
	switch loc {
	case LocLegs:
		s.Legs = l
	case LocHead:
		s.Head = l
	case LocReactor:
		s.Reactor = l
	case LocVSG:
		s.VSG = l
	default:
		if s.Weapons == nil {
			s.Weapons = map[string]Level{}
		}
		if l == Undamaged {
			delete(s.Weapons, loc)
		} else {
			s.Weapons[loc] = l
		}
	}
}

// Locations lists every location of unit u: legs, head, reactor, vsg, then
// the mounts in sheet order.
func Locations(u *catalog.Unit) []string {
	return appendLocations(make([]string, 0, 4+len(sheet.Of(u).Mounts)), u)
}

// appendLocations appends u's Locations to out: into a caller's buffer
// (a small array on its stack) instead of a new list.
func appendLocations(out []string, u *catalog.Unit) []string {
	out = append(out, LocLegs, LocHead, LocReactor, LocVSG)
	for _, m := range sheet.Of(u).Mounts {
		out = append(out, m.ID)
	}
	return out
}

// ShieldsUp is the number of working void shields.
func (s *TitanState) ShieldsUp(u *catalog.Unit) int {
	n := sheet.Of(u).VoidShields - s.ShieldsDown - s.ShieldsRepairing - s.ShieldsLost
	if n < 0 || s.Destroyed {
		return 0
	}
	return n
}

// loseShields destroys n shields for the battle, taking knocked-down ones
// first, then those being repaired, then working ones.
func (s *TitanState) loseShields(u *catalog.Unit, n int) int {
	lost := 0
	for lost < n && s.ShieldsLost < sheet.Of(u).VoidShields {
		switch {
		case s.ShieldsDown > 0:
			s.ShieldsDown--
		case s.ShieldsRepairing > 0:
			s.ShieldsRepairing--
		case s.ShieldsUp(u) == 0:
			return lost
		}
		s.ShieldsLost++
		lost++
	}
	return lost
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Effect is one consequence of damage, for the log and the UI.
type Effect struct {
	// Kind: shields-lost, weapon-unusable, weapon-lost, extra-damage,
	// cannot-move, cannot-move-or-shoot, speed-reduced, reactor-unstable,
	// reactor-stalling, crashed, reactor-explosion.
	Kind string `json:"kind"`
	Loc  string `json:"loc,omitempty"`
	N    int    `json:"n,omitempty"`
	Text string `json:"text"`
}

// Side is where the attacker stands relative to the target's facing: its
// left, its right, or dead ahead/behind (Centre).
type Side string

// Sides of an attack.
const (
	Left   Side = "left"
	Right  Side = "right"
	Centre Side = "centre"
)

// SideFromBearing turns the attacker's bearing relative to the target's
// facing (degrees, negative to the left, as world.RelDeg gives) into a Side.
// Bearings within 1e-6 of 0 or 180 are Centre.
func SideFromBearing(rel float64) Side {
	for rel > 180 {
		rel -= 360
	}
	for rel <= -180 {
		rel += 360
	}
	const eps = 1e-6
	switch {
	case rel > -eps && rel < eps, rel > 180-eps, rel < -180+eps:
		return Centre
	case rel < 0:
		return Left
	default:
		return Right
	}
}

// HitContext is where hits come from: the hit table direction and the
// attacker's side (for "weapon closest to the attacker").
type HitContext struct {
	Direction sheet.Direction
	Side      Side
}

// mountSide says which side of the titan a mount is on: by its id prefix
// ("left-", "right-"), else by its arc.
func mountSide(m *sheet.Mount) Side {
	switch {
	case strings.HasPrefix(m.ID, "left"):
		return Left
	case strings.HasPrefix(m.ID, "right"):
		return Right
	}
	switch m.Arc {
	case "LA", "LF":
		return Left
	case "RA", "RF":
		return Right
	}
	return Centre
}

// ClosestMounts returns the mounts of unit u at a location kind ("arm" or
// "carapace") nearest an attacker on side: one mount when the side decides
// it, both halves of a pair when the attacker is dead ahead or behind (the
// rules then pick one at random, 1-3 left, 4-6 right).
func ClosestMounts(u *catalog.Unit, kind string, side Side) ([]string, error) {
	var all, near []string
	for i := range sheet.Of(u).Mounts {
		m := &sheet.Of(u).Mounts[i]
		if m.Location != kind {
			continue
		}
		all = append(all, m.ID)
		if side != Centre && mountSide(m) == side {
			near = append(near, m.ID)
		}
	}
	if len(all) == 0 {
		return nil, fmt.Errorf("%s has no %s weapon mount", u.Name, kind)
	}
	if len(all) == 1 {
		return all, nil
	}
	if len(near) > 0 {
		return near[:1], nil
	}
	return all, nil
}

// resolveLocation turns a hit-table row's location into a concrete
// location: fixed names stay, "arm"/"carapace" become the closest mount,
// rolling a D6 when two are equally close.
func resolveLocation(u *catalog.Unit, row sheet.HitRow, hc HitContext, d rules.Dice, units []string) (string, error) {
	switch row.Location {
	case LocLegs, LocHead, LocReactor, LocVSG:
		return row.Location, nil
	case "arm", "carapace":
		ms, err := ClosestMounts(u, row.Location, hc.Side)
		if err != nil {
			return "", err
		}
		if len(ms) == 1 {
			return ms[0], nil
		}
		f, err := rollOne(d, rules.Roll{Purpose: "which " + row.Location + " weapon is hit (1-3 left, 4-6 right)", Sides: 6, Units: units})
		if err != nil {
			return "", err
		}
		want := Left
		if f >= 4 {
			want = Right
		}
		for _, id := range ms {
			m := mountByID(u, id)
			if mountSide(m) == want {
				return id, nil
			}
		}
		return ms[(f-1)*len(ms)/6], nil
	}
	return "", fmt.Errorf("%s hit table: unknown location %q", u.Name, row.Location)
}

func mountByID(u *catalog.Unit, id string) *sheet.Mount {
	for i := range sheet.Of(u).Mounts {
		if sheet.Of(u).Mounts[i].ID == id {
			return &sheet.Of(u).Mounts[i]
		}
	}
	return nil
}

// HitRowFor finds the hit-table row for a modified location roll
// (ATII-SHT-5), clamping the roll into the table's range.
func HitRowFor(u *catalog.Unit, dir sheet.Direction, roll int) (sheet.HitRow, error) {
	rows := sheet.Of(u).HitTables[dir]
	if len(rows) == 0 {
		return sheet.HitRow{}, fmt.Errorf("%s has no %s hit table", u.Name, dir)
	}
	lo, hi := rows[0].Min, rows[0].Max
	for _, r := range rows {
		lo, hi = min(lo, r.Min), max(hi, r.Max)
	}
	roll = max(lo, min(hi, roll))
	for _, r := range rows {
		if roll >= r.Min && roll <= r.Max {
			return r, nil
		}
	}
	return sheet.HitRow{}, fmt.Errorf("%s %s hit table has no row for %d", u.Name, dir, roll)
}

// ApplyDamage applies damage result r to location loc of titan u (state s
// is not modified; the new state is returned) with the damage effects of
// the Imperial titan damage table:
//   - Void shield generators: Superficial one shield lost for the battle,
//     Major D3 lost, Catastrophic all lost.
//   - Weapon: Superficial unusable until repaired, Major lost for the game,
//     Catastrophic as Major plus Superficial on one other random location
//     of the whole titan (randomOtherLocation).
//   - Head: Superficial cannot move until repaired, Major cannot move or
//     shoot, Catastrophic crashes (destroyed).
//   - Legs: Superficial -5 cm Speed (repairable), Major -5 cm for the
//     battle, Catastrophic crashes (destroyed).
//   - Plasma reactor: Superficial each weapon works on 4+ each turn, Major
//     also moves only on 4+, Catastrophic explodes (destroyed; the caller
//     then resolves ReactorExplosion with the distances to other titans).
//
// The effect of the new level happens when the location's level rises (so
// Superficial then Major generator damage loses 1 then D3 more shields).
// Hits on a destroyed titan do nothing.
func ApplyDamage(u *catalog.Unit, s TitanState, loc string, r Level, hc HitContext, d rules.Dice) (TitanState, []Effect, error) {
	s = s.Clone()
	var effs []Effect
	err := applyDamage(u, &s, loc, r, hc, d, &effs, 0)
	return s, effs, err
}

func applyDamage(u *catalog.Unit, s *TitanState, loc string, r Level, hc HitContext, d rules.Dice, effs *[]Effect, depth int) error {
	if s.Destroyed || r == Undamaged {
		return nil
	}
	isWeapon := mountByID(u, loc) != nil
	switch loc {
	case LocLegs, LocHead, LocReactor, LocVSG:
	default:
		if !isWeapon {
			return fmt.Errorf("%s has no location %q", u.Name, loc)
		}
	}
	old := s.Level(loc)
	nl := Escalate(old, r)
	s.setLevel(loc, nl)
	units := []string{u.ID}
	if nl > old && nl >= Superficial {
		lv := nl
		switch {
		case loc == LocVSG:
			n := 1
			switch lv {
			case Major:
				v, _, err := DiceExpr{N: 1, Sides: 3}.Roll(d, rules.Roll{Purpose: "void shields destroyed by Major generator damage", Units: units})
				if err != nil {
					return err
				}
				n = v
			case Catastrophic:
				n = sheet.Of(u).VoidShields
			}
			got := s.loseShields(u, n)
			*effs = append(*effs, Effect{Kind: "shields-lost", Loc: loc, N: got, Text: fmt.Sprintf("%d void shield(s) lost for the battle", got)})
		case isWeapon:
			switch lv {
			case Superficial:
				*effs = append(*effs, Effect{Kind: "weapon-unusable", Loc: loc, Text: "weapon unusable until repaired"})
			case Major:
				*effs = append(*effs, Effect{Kind: "weapon-lost", Loc: loc, Text: "weapon lost for the game"})
			case Catastrophic:
				*effs = append(*effs, Effect{Kind: "weapon-lost", Loc: loc, Text: "weapon lost for the game"})
				if depth > 4 {
					break
				}
				other, err := randomOtherLocation(u, loc, hc, d)
				if err != nil {
					return err
				}
				*effs = append(*effs, Effect{Kind: "extra-damage", Loc: other, Text: "catastrophic weapon damage: Superficial damage to " + other})
				if err := applyDamage(u, s, other, Superficial, hc, d, effs, depth+1); err != nil {
					return err
				}
			}
		case loc == LocHead:
			switch lv {
			case Superficial:
				*effs = append(*effs, Effect{Kind: "cannot-move", Loc: loc, Text: "cannot move until repaired"})
			case Major:
				*effs = append(*effs, Effect{Kind: "cannot-move-or-shoot", Loc: loc, Text: "cannot move or shoot; repair makes it Superficial"})
			case Catastrophic:
				s.Destroyed, s.Cause = true, "crashed (head)"
				*effs = append(*effs, Effect{Kind: "crashed", Loc: loc, Text: "titan crashes and is destroyed"})
			}
		case loc == LocLegs:
			switch lv {
			case Superficial:
				*effs = append(*effs, Effect{Kind: "speed-reduced", Loc: loc, N: 5, Text: "Speed -5 cm until repaired"})
			case Major:
				*effs = append(*effs, Effect{Kind: "speed-reduced", Loc: loc, N: 5, Text: "Speed -5 cm for the battle"})
			case Catastrophic:
				s.Destroyed, s.Cause = true, "crashed (legs)"
				*effs = append(*effs, Effect{Kind: "crashed", Loc: loc, Text: "titan crashes and is destroyed"})
			}
		case loc == LocReactor:
			switch lv {
			case Superficial:
				*effs = append(*effs, Effect{Kind: "reactor-unstable", Loc: loc, Text: "each weapon works on 4+ each turn"})
			case Major:
				*effs = append(*effs, Effect{Kind: "reactor-stalling", Loc: loc, Text: "moves only on 4+ (movement and assault)"})
			case Catastrophic:
				s.Destroyed, s.Cause = true, "reactor exploded"
				*effs = append(*effs, Effect{Kind: "reactor-explosion", Loc: loc, Text: "reactor explodes: D6 Str 7 hits on every titan within 4D6 cm"})
			}
		}
	}
	return nil
}

// randomOtherLocation picks the extra location of a Catastrophic weapon
// hit: one of the titan's other locations (legs, head, reactor, void
// shield generators and every other weapon mount, in Locations order),
// each equally likely, by one die with as many faces as there are
// candidates. The hit table is not used: it would name the arm closest to
// the attacker and never the far one. Errors: a titan with no other
// location.
func randomOtherLocation(u *catalog.Unit, weapon string, _ HitContext, d rules.Dice) (string, error) {
	var others []string
	for _, loc := range Locations(u) {
		if loc != weapon {
			others = append(others, loc)
		}
	}
	if len(others) == 0 {
		return "", fmt.Errorf("%s: no other location for catastrophic weapon damage", u.Name)
	}
	f, err := rollOne(d, rules.Roll{Purpose: fmt.Sprintf("random location for catastrophic weapon damage (1-%d: %s)", len(others), strings.Join(others, ", ")),
		Sides: len(others), Units: []string{u.ID}})
	if err != nil {
		return "", err
	}
	return others[f-1], nil
}

// Speed is the titan's movement allowance in cm this turn: profile Speed,
// -5 cm for Superficial or Major leg damage, doubled when overcharging
// (advanced rule) or disengaging.
func Speed(u *catalog.Unit, s TitanState, opts Options) float64 {
	sp := u.Speed
	if s.Legs == Superficial || s.Legs == Major {
		sp -= 5
	}
	if sp < 0 {
		sp = 0
	}
	if (s.Overcharged && opts.Overcharge) || s.Disengaging {
		sp *= 2
	}
	return sp
}

// CanMove reports why the titan may not move now, nil when it may:
// destroyed, head damage (Superficial or Major), a stalled reactor, or
// overwatch.
func CanMove(s TitanState) error {
	switch {
	case s.Destroyed:
		return fmt.Errorf("titan is destroyed")
	case s.Head == Superficial:
		return fmt.Errorf("head damage (Superficial): cannot move until repaired")
	case s.Head == Major:
		return fmt.Errorf("head damage (Major): cannot move")
	case s.Stalled:
		return fmt.Errorf("damaged reactor failed its 4+ roll: cannot move this phase")
	case s.Overwatch:
		return fmt.Errorf("on overwatch: cannot move or turn this turn")
	}
	return nil
}

// CanFire reports why the weapon on mount may not fire now, nil when it
// may: destroyed titan, Major head damage, overcharged engines or
// disengaging, weapon damaged (Superficial unusable until repaired, Major or
// worse lost), failed reactor roll this turn, or a spent once-per-battle
// missile.
func CanFire(u *catalog.Unit, s TitanState, mount string, w *catalog.Weapon) error {
	m, bar := fireBar(u, &s, mount, w)
	switch bar {
	case fireNoMount:
		return fmt.Errorf("%s has no mount %q", u.Name, mount)
	case fireDestroyed:
		return fmt.Errorf("titan is destroyed")
	case fireHead:
		return fmt.Errorf("head damage (Major): cannot shoot")
	case fireOvercharged:
		return fmt.Errorf("engines overcharged: no shooting this turn")
	case fireDisengaging:
		return fmt.Errorf("disengaging: no shooting")
	case fireMountDamaged:
		return fmt.Errorf("%s damaged (Superficial): unusable until repaired", m.Name)
	case fireMountDestroyed:
		return fmt.Errorf("%s destroyed (%s)", m.Name, s.Level(mount))
	case fireOffline:
		return fmt.Errorf("%s: reactor power failed this turn", m.Name)
	case fireSpent:
		return fmt.Errorf("%s: %s already fired this battle", m.Name, w.Name)
	}
	return nil
}

// canFire reports whether CanFire allows the shot, without its error.
func canFire(u *catalog.Unit, s *TitanState, mount string, w *catalog.Weapon) bool {
	_, bar := fireBar(u, s, mount, w)
	return bar == fireAllowed
}

// What stops a mount firing (CanFire's cases, in its order).
const (
	fireAllowed = iota
	fireNoMount
	fireDestroyed
	fireHead
	fireOvercharged
	fireDisengaging
	fireMountDamaged
	fireMountDestroyed
	fireOffline
	fireSpent
)

// fireBar is CanFire without the error text: the mount and fireAllowed,
// or what stops it.
func fireBar(u *catalog.Unit, s *TitanState, mount string, w *catalog.Weapon) (*sheet.Mount, int) {
	m := mountByID(u, mount)
	if m == nil {
		return nil, fireNoMount
	}
	switch {
	case s.Destroyed:
		return m, fireDestroyed
	case s.Head >= Major:
		return m, fireHead
	case s.Overcharged:
		return m, fireOvercharged
	case s.Disengaging:
		return m, fireDisengaging
	}
	switch lv := s.Level(mount); {
	case lv == Superficial:
		return m, fireMountDamaged
	case lv >= Major:
		return m, fireMountDestroyed
	}
	if hasString(s.WeaponsOffline, mount) {
		return m, fireOffline
	}
	if w != nil && w.HasSpecial("once-per-battle") && hasString(s.MissilesSpent, mount) {
		return m, fireSpent
	}
	return m, fireAllowed
}

// StartTurn applies the start-of-turn steps to a titan: shields repaired
// last rally phase come back up (ATII-REP-1), and with reactor damage each
// weapon mount rolls a D6, working this turn only on 4+. Orders from last
// turn (overcharge, damage control) are cleared; overwatch is kept (it was
// declared for this turn).
func StartTurn(u *catalog.Unit, s TitanState, d rules.Dice) (TitanState, error) {
	s = s.Clone()
	s.ShieldsRepairing = 0
	s.WeaponsOffline = nil
	s.Stalled = false
	s.Overcharged, s.DamageControl = false, false
	if s.Destroyed || s.Reactor < Superficial || len(sheet.Of(u).Mounts) == 0 {
		return s, nil
	}
	faces, err := rollDice(d, rules.Roll{Purpose: "damaged reactor: power to each weapon (4+)", Sides: 6, Target: 4, Units: []string{u.ID}}, len(sheet.Of(u).Mounts))
	if err != nil {
		return s, err
	}
	for i, f := range faces {
		if f < 4 {
			s.WeaponsOffline = append(s.WeaponsOffline, sheet.Of(u).Mounts[i].ID)
		}
	}
	sort.Strings(s.WeaponsOffline)
	return s, nil
}

// ReactorMoveCheck rolls the 4+ a titan with Major reactor damage needs to
// move, at the start of the movement phase and again in the assault phase.
// Titans without Major reactor damage need no roll (no die is rolled). The
// returned state has Stalled set on a failure.
func ReactorMoveCheck(u *catalog.Unit, s TitanState, d rules.Dice) (TitanState, error) {
	s = s.Clone()
	s.Stalled = false
	if s.Destroyed || s.Reactor != Major {
		return s, nil
	}
	f, err := rollOne(d, rules.Roll{Purpose: "damaged reactor: able to move (4+)", Sides: 6, Target: 4, Units: []string{u.ID}})
	if err != nil {
		return s, err
	}
	s.Stalled = f < 4
	return s, nil
}

// Explosion is the outcome of a reactor explosion.
type Explosion struct {
	// Radius is the 4D6 cm rolled.
	Radius int `json:"radius"`
	// Hits maps each titan within Radius to the number of Str 7 hits (D6
	// each) it suffers.
	Hits map[string]int `json:"hits"`
}

// ExplosionStr is the strength of reactor explosion hits.
const ExplosionStr = 7

// ReactorExplosion resolves a Catastrophic reactor result: roll 4D6 cm;
// every other titan within that distance (edge to edge, as measured by the
// caller in distances, keyed by titan id) suffers D6 Str 7 hits, rolled per
// titan in id order. The hits are then resolved with ResolveHits.
func ReactorExplosion(exploding string, distances map[string]float64, d rules.Dice) (Explosion, error) {
	r, _, err := DiceExpr{N: 4, Sides: 6}.Roll(d, rules.Roll{Purpose: "reactor explosion radius (4D6 cm)", Units: []string{exploding}})
	if err != nil {
		return Explosion{}, err
	}
	ex := Explosion{Radius: r, Hits: map[string]int{}}
	ids := make([]string, 0, len(distances))
	for id := range distances {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if id == exploding || distances[id] > float64(r)+1e-6 {
			continue
		}
		n, _, err := DiceExpr{N: 1, Sides: 6}.Roll(d, rules.Roll{Purpose: "reactor explosion hits on " + id, Units: []string{exploding, id}})
		if err != nil {
			return Explosion{}, err
		}
		ex.Hits[id] = n
	}
	return ex, nil
}

// ExplosionOdds is the exact chance that a titan at distance cm is caught
// by a reactor explosion (4D6 >= distance), and the distribution of hits it
// then takes (D6).
func ExplosionOdds(distance float64) (caught float64, hits Dist) {
	r := DiceExpr{N: 4, Sides: 6}.Dist()
	for v, p := range r {
		if float64(v)+1e-6 >= distance {
			caught += p
		}
	}
	return caught, DiceExpr{N: 1, Sides: 6}.Dist()
}

// OverwatchEligible reports whether a titan may go on overwatch for the
// next turn (advanced rule): the option must be on and the titan able to
// fire. On overwatch it may not move or turn next turn (CanMove) but may
// fire at any moment, even in the opponent's turn, though not in the
// middle of a roll.
func OverwatchEligible(u *catalog.Unit, s TitanState, opts Options) error {
	switch {
	case !opts.Overwatch:
		return fmt.Errorf("overwatch is an advanced rule (%s)", OptOverwatch)
	case s.Destroyed:
		return fmt.Errorf("titan is destroyed")
	case s.Head >= Major:
		return fmt.Errorf("head damage (Major): cannot shoot, so no overwatch")
	}
	return nil
}
