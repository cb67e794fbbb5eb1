package atii

import (
	"errors"
	"fmt"
	"maps"
	"sort"
	"strings"
	"sync"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// RulesetID is the id of the ATII ruleset in a rules.Registry and in saves.
const RulesetID = "atii"

// Keys of the ATII data kept in rules.State.Ext and rules.Unit.Ext.
const (
	// ExtSetup holds the GameSetup (fixed for the game).
	ExtSetup = "atii/setup"
	// ExtGame holds the GameProgress (changes every phase).
	ExtGame = "atii/game"
	// ExtTitan holds a unit's TitanState.
	ExtTitan = "atii/titan"
	// ExtResult holds the final rules.Outcome of a mission game once the
	// sides have declared their objectives.
	ExtResult = "atii/result"
)

// Unit markers the ruleset uses (rules.Unit.Markers).
const (
	// MarkUnplaced: the unit is still to be deployed.
	MarkUnplaced = "unplaced"
	// MarkCharged: the titan moved into base contact with an enemy titan in
	// this turn's assault phase (+1 improvised attack).
	MarkCharged = "charged"
	// MarkExploded: the titan's reactor explosion has been resolved.
	MarkExploded = "exploded"
)

// Side marker for victory points (rules.Side.Markers).
const MarkVP = "vp"

// Ruleset is the ATII game for the rules engine: the flow of a turn
// (initiative, movement, shooting, assault, close combat, rally, end), the
// commands players give, legal choices and the victory check. It holds
// read-only data (the unit catalogue, the ATII terrain table and the table
// the game is played on: a Ruleset is made per game, because moves and
// lines of sight are measured on that table's terrain) and memos of the
// sight lines and paths measured on that table (sightMemo, moveMemo: safe
// for concurrent use).
type Ruleset struct {
	cat     *catalog.Catalogue
	terrain world.TerrainRules
	w       *world.World
	sight   *sightMemo
	moves   *moveMemo
	// ends keeps Legal's unitEnds (*unitEnds) from one call to the next.
	ends *sync.Pool
	// texts holds the move templates' texts (moveTemplateText).
	texts *sync.Map
	// maxBase is the largest bounding radius of a catalogue unit's base
	// (the catalogue is not changed once a ruleset uses it): bases whose
	// centres are further apart than theirs plus this are not in contact.
	maxBase float64
	// zoneNames names deployment zones for the log and refusals
	// (SetZoneNames); an unnamed zone is called by its id.
	zoneNames map[string]string
}

// SetZoneNames gives the ruleset the players' names of deployment zones
// by zone id, for the texts it writes (log lines, refusals; the log keeps
// them, the hashes do not read them) and for ZoneName. No rule reads them.
// Call it before the ruleset is used: it is not safe alongside other
// calls.
func (r *Ruleset) SetZoneNames(names map[string]string) { r.zoneNames = maps.Clone(names) }

// ZoneName names a deployment zone for a player: the name SetZoneNames
// gave it, else its id.
func (r *Ruleset) ZoneName(zone string) string {
	if n := r.zoneNames[zone]; n != "" {
		return n
	}
	return zone
}

// NewRuleset returns the ATII ruleset for a game on table w. Errors: a
// missing catalogue or table.
func NewRuleset(cat *catalog.Catalogue, terrain world.TerrainRules, w *world.World) (*Ruleset, error) {
	switch {
	case cat == nil:
		return nil, errors.New("atii ruleset: no unit catalogue")
	case w == nil:
		return nil, errors.New("atii ruleset: no table")
	}
	maxBase := 0.0
	for _, p := range cat.Units {
		if p != nil {
			maxBase = max(maxBase, p.Base.BoundRadius())
		}
	}
	return &Ruleset{cat: cat, terrain: terrain, w: w, sight: &sightMemo{}, moves: &moveMemo{}, ends: &sync.Pool{}, texts: &sync.Map{}, maxBase: maxBase}, nil
}

// ID implements rules.Ruleset.
func (r *Ruleset) ID() string { return RulesetID }

// Name implements rules.Ruleset.
func (r *Ruleset) Name() string { return "Adeptus Titanicus II" }

// Options implements rules.Ruleset: the ATII named options (OptionList).
func (r *Ruleset) Options() []rules.Option { return RulesOptions() }

// Terrain implements rules.Ruleset: the ATII terrain table.
func (r *Ruleset) Terrain(*rules.State) world.TerrainRules { return r.terrain }

// World returns the table the ruleset measures on.
func (r *Ruleset) World() *world.World { return r.w }

// Catalogue returns the unit catalogue.
func (r *Ruleset) Catalogue() *catalog.Catalogue { return r.cat }

// Point is a position on the table in cm.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Vec converts p.
func (p Point) Vec() world.Vec { return world.Vec{X: p.X, Y: p.Y} }

// ObjectivePoint is an objective marker of the scenario.
type ObjectivePoint struct {
	ID    string `json:"id"`
	Label string `json:"label,omitempty"`
	Pos   Point  `json:"pos"`
}

// Trigger is a scenario trigger as the ruleset evaluates it (the
// scenario grammar's kinds; see docs/scenarios.md): the one every rule
// system shares.
type Trigger = rules.Trigger

// VictoryRule awards Result to Side ("" a draw) when When holds; AtEnd
// rules are only checked when the game ends.
type VictoryRule = rules.VictoryRule

// MissionSetup is the scenario's ATII mission generator set-up.
type MissionSetup struct {
	// Secret: each side draws a secret objective card at the start.
	Secret bool `json:"secret,omitempty"`
	// Objectives are objective types per side when known.
	Objectives map[string]string `json:"objectives,omitempty"`
	// ForceLevel is the points level (0 unset).
	ForceLevel int `json:"force_level,omitempty"`
}

// GameSetup is the fixed data of a game that the State must carry because
// the ruleset cannot read the scenario: turn limit, zones, objectives,
// victory conditions and the mission. The scenario loader stores it with
// SetSetup.
type GameSetup struct {
	TurnLimit int `json:"turn_limit,omitempty"`
	// Zones maps a zone id to filled polygons whose union is the zone.
	Zones map[string][][]Point `json:"zones,omitempty"`
	// SideZones maps a side id to its deployment zone id.
	SideZones  map[string]string `json:"side_zones,omitempty"`
	Objectives []ObjectivePoint  `json:"objectives,omitempty"`
	Victory    []VictoryRule     `json:"victory,omitempty"`
	Mission    *MissionSetup     `json:"mission,omitempty"`
	// Maps are the deployment maps (A-F) a generated mission may pick,
	// with their zones on this game's table; the mission step adopts the
	// one the objective cards give.
	Maps map[string]MapDeployment `json:"maps,omitempty"`
}

// MapDeployment is one deployment map of the mission generator as a game
// uses it: its zones (ids unique across maps) and its two deployment
// zones in the map's side order, each with the objective type that takes
// it ("" when either may: maps of two equal types).
type MapDeployment struct {
	Zones map[string][][]Point `json:"zones"`
	Slots []MapSlot            `json:"slots"`
}

// MapSlot is one side's deployment zone on a map.
type MapSlot struct {
	Zone string        `json:"zone"`
	Type ObjectiveType `json:"type,omitempty"`
}

// CCPair is one close combat between two titans in base contact.
type CCPair struct {
	A    string `json:"a"`
	B    string `json:"b"`
	Done bool   `json:"done,omitempty"`
}

// GameProgress is the ATII data that changes during play.
type GameProgress struct {
	// First and Second are this turn's player order (chosen by the
	// initiative winner); InitiativeWinner won the roll.
	First            string `json:"first,omitempty"`
	Second           string `json:"second,omitempty"`
	InitiativeWinner string `json:"initiative_winner,omitempty"`
	// Order is the current phase's activation order (deployment,
	// movement, shooting, assault); Last is the side that activated a
	// titan last.
	Order []OrderEntry `json:"order,omitempty"`
	Last  string       `json:"last,omitempty"`
	// DeployFirst is the side that won the deployment roll-off (the lower
	// roll sets up first).
	DeployFirst string `json:"deploy_first,omitempty"`
	// Combats are this turn's close combats.
	Combats []CCPair `json:"combats,omitempty"`
	// Cards are the secret objective cards by side.
	Cards map[string]ObjectiveCard `json:"cards,omitempty"`
	// Map is the deployment map a generated mission uses (A-F), Points
	// each side's points limit from its card's force level (secret with
	// the card: a user interface shows a side its own).
	Map    string         `json:"map,omitempty"`
	Points map[string]int `json:"points,omitempty"`
	// Result is the final outcome once decided.
	Result *rules.Outcome `json:"result,omitempty"`
	// OrdersDue are the sides still to give their end-of-turn orders
	// (overwatch, advanced rule).
	OrdersDue []string `json:"orders_due,omitempty"`
	// Homes are each side's home point (deployment zone or starting
	// position centroid), fixed at the start for the objective stand-ins:
	// set whole, never edited in place (copies of the progress share it).
	Homes map[string]Point `json:"homes,omitempty"`
	// Choosing: the initiative winner must choose again to go first or
	// second before the current phase's titans act (the assault phase;
	// every phase with OptInitiativeEachPhase).
	Choosing bool `json:"choosing,omitempty"`
	// Repair is a repair roll waiting for its player's allocation.
	Repair *PendingRepair `json:"repair,omitempty"`
}

// setup returns the game set-up (shared: callers only read it).
func (r *Ruleset) setup(s *rules.State) (GameSetup, error) { return getSetup(s) }

// progress returns a private copy of the game progress.
func (r *Ruleset) progress(s *rules.State) (GameProgress, error) { return getProgress(s) }

// progressView returns the game progress without copying its lists: for
// callers that only read it, or replace whole fields before storing it
// with putProgress (never edit its lists or maps in place).
func (r *Ruleset) progressView(s *rules.State) (GameProgress, error) { return progressView(s) }

// clone copies the progress for a caller that edits it: its lists and
// maps are copied, but for Homes, which is only ever set whole (fixed at
// the start of the game).
func (g GameProgress) clone() GameProgress {
	c := g
	c.Cards = maps.Clone(g.Cards)
	c.Points = maps.Clone(g.Points)
	c.Order = append([]OrderEntry(nil), g.Order...)
	c.Combats = append([]CCPair(nil), g.Combats...)
	if g.Result != nil {
		o := *g.Result
		c.Result = &o
	}
	c.OrdersDue = append([]string(nil), g.OrdersDue...)
	return c
}

// titanState returns a private copy of the unit's titan state.
func (r *Ruleset) titanState(u *rules.Unit) (TitanState, error) { return TitanOf(u) }

// titan is one titan looked up in a state.
type titan struct {
	u    *rules.Unit
	prof *catalog.Unit
	ts   TitanState
}

func (r *Ruleset) profile(u *rules.Unit) (*catalog.Unit, error) {
	p, err := r.cat.Unit(u.Type)
	if err != nil {
		return nil, fmt.Errorf("unit %s: %w", u.ID, err)
	}
	if p.System != catalog.ATII || p.Class != "titan" {
		return nil, fmt.Errorf("unit %s (%s) is not an ATII titan", u.ID, p.Name)
	}
	return p, nil
}

// titanRead is titan for a caller that only reads the titan's state: ts
// is the stored state itself (titanView), not a copy.
func (r *Ruleset) titanRead(s *rules.State, id string) (titan, error) {
	u := s.Unit(id)
	if u == nil {
		return titan{}, fmt.Errorf("no unit %q", id)
	}
	p, err := r.profile(u)
	if err != nil {
		return titan{}, err
	}
	ts, err := titanView(u)
	if err != nil {
		return titan{}, err
	}
	return titan{u: u, prof: p, ts: ts}, nil
}

// titan looks up a titan by id.
func (r *Ruleset) titan(s *rules.State, id string) (titan, error) {
	u := s.Unit(id)
	if u == nil {
		return titan{}, fmt.Errorf("no unit %q", id)
	}
	p, err := r.profile(u)
	if err != nil {
		return titan{}, err
	}
	ts, err := r.titanState(u)
	if err != nil {
		return titan{}, err
	}
	return titan{u: u, prof: p, ts: ts}, nil
}

// putTitan stores ts on the unit and mirrors it into the generic fields
// the UI reads: Damage (location -> level), Shields, Destroyed.
func putTitan(u *rules.Unit, prof *catalog.Unit, ts TitanState) error {
	return keepTitan(u, prof, ts.Clone())
}

// keepTitan is putTitan storing ts itself, without a copy: for a caller
// done with ts whose maps and lists are its own copy or shared read-only
// with a stored state (stored states are never edited in place).
func keepTitan(u *rules.Unit, prof *catalog.Unit, ts TitanState) error {
	u.Ext.Set(ExtTitan, &ts)
	var dmg rules.Labels
	mirror := func(loc string) {
		if lv := ts.Level(loc); lv != Undamaged {
			dmg.Set(loc, lv.String())
		}
	}
	// Locations' order, without building the list.
	for _, loc := range [...]string{LocLegs, LocHead, LocReactor, LocVSG} {
		mirror(loc)
	}
	for i := range sheet.Of(prof).Mounts {
		mirror(sheet.Of(prof).Mounts[i].ID)
	}
	u.Damage = dmg
	u.Shields = ts.ShieldsUp(prof)
	if ts.Destroyed {
		u.Destroyed = true
	}
	return nil
}

// InitTitan stores the starting ATII state of a titan unit (every shield
// up, no damage) and mirrors it into the generic fields.
func (r *Ruleset) InitTitan(u *rules.Unit) error {
	p, err := r.profile(u)
	if err != nil {
		return err
	}
	return putTitan(u, p, TitanState{})
}

// operational reports whether the unit still fights: on the table and not
// destroyed.
func operational(u *rules.Unit) bool {
	return !u.Destroyed && !u.OffTable && u.Markers.Value(MarkUnplaced) == 0
}

// base returns the unit's base on the table.
func (r *Ruleset) base(u *rules.Unit) world.Base {
	b := world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing}
	if p, err := r.cat.Unit(u.Type); err == nil {
		b.Foot = p.Base
	}
	return b
}

// sideIDs returns the two side ids in state order; an error unless the
// game has exactly two sides.
func sideIDs(s *rules.State) (string, string, error) {
	if len(s.Sides) != 2 {
		return "", "", fmt.Errorf("ATII is played by two sides, this game has %d", len(s.Sides))
	}
	return s.Sides[0].ID, s.Sides[1].ID, nil
}

func otherSide(s *rules.State, side string) string {
	for _, sd := range s.Sides {
		if sd.ID != side {
			return sd.ID
		}
	}
	return ""
}

// contactSlack is the margin in cm of enemiesInContact's pre-check.
const contactSlack = 1e-3

// enemiesInContact lists the operational enemy titans in base contact with
// u, sorted by id.
func (r *Ruleset) enemiesInContact(s *rules.State, u *rules.Unit) []string {
	var out []string
	b := r.base(u)
	// Bases further apart than their bounding circles (with room for
	// rounding) are not in contact: no need to look the other's up.
	reach := b.Foot.BoundRadius() + r.maxBase + world.Eps + contactSlack
	for i := range s.Units {
		o := &s.Units[i]
		if o.Side == u.Side || !operational(o) {
			continue
		}
		if d := o.Pos.Sub(b.Pos); d.X*d.X+d.Y*d.Y > reach*reach {
			continue
		}
		if world.InContact(b, r.base(o)) {
			out = append(out, o.ID)
		}
	}
	sort.Strings(out)
	return out
}

// damageEvents turns resolved hits into log events.
func damageEvents(target string, hits []HitResult) []rules.Event {
	var evs []rules.Event
	for _, h := range hits {
		switch {
		case h.Skipped:
			continue
		case h.Shield && h.ShieldDown:
			who := target
			if h.Partner {
				who = "a merged partner of " + target
			}
			evs = append(evs, rules.Event{Kind: rules.EvShield, Units: []string{target}, Text: fmt.Sprintf("a void shield of %s goes down", who), Data: map[string]string{"shield": "down"}})
		case h.Shield:
			evs = append(evs, rules.Event{Kind: rules.EvMessage, Units: []string{target}, Text: fmt.Sprintf("a void shield of %s holds", target)})
		default:
			txt := fmt.Sprintf("%s hit on the %s: %s (now %s)", target, h.Loc, h.Result, h.After)
			if h.Result == Undamaged {
				txt = fmt.Sprintf("%s hit on the %s: no damage", target, h.Loc)
			}
			evs = append(evs, rules.Event{Kind: rules.EvDamaged, Units: []string{target}, Text: txt,
				Data: map[string]string{"location": h.Loc, "level": h.After.String(), "result": h.Result.String()}})
		}
		for _, e := range h.Effects {
			evs = append(evs, rules.Event{Kind: rules.EvMessage, Units: []string{target}, Text: target + ": " + e.Text})
		}
	}
	return evs
}

// destroyedEvent reports a titan destroyed by the last damage.
func destroyedEvent(id string, ts TitanState) rules.Event {
	cause := ts.Cause
	if cause == "" {
		cause = "destroyed"
	}
	return rules.Event{Kind: rules.EvDestroyed, Units: []string{id}, Text: fmt.Sprintf("%s is destroyed: %s", id, cause)}
}

// applyHits resolves hits on a titan, stores the result and logs it,
// returning whether the titan was destroyed by them.
func (r *Ruleset) applyHits(s *rules.State, d rules.Dice, target string, n int, spec HitSpec, hc HitContext, opts Options) (bool, error) {
	t, err := r.titan(s, target)
	if err != nil {
		return false, err
	}
	was := t.ts.Destroyed
	// Overloading is the owner's standing order (ShieldsCmd).
	spec.OverloadShields = opts.OverloadShields && t.ts.OverloadOrder
	o, err := ResolveHits(t.prof, target, t.ts, n, spec, 0, hc, opts, d)
	if err != nil {
		return false, err
	}
	if err := putTitan(t.u, t.prof, o.State); err != nil {
		return false, err
	}
	if !rules.Quiet(d) {
		rules.LogEvents(d, damageEvents(target, o.Hits)...)
	}
	if !was && o.State.Destroyed {
		if !rules.Quiet(d) {
			rules.LogEvents(d, destroyedEvent(target, o.State))
		}
		return true, nil
	}
	return false, nil
}

// hitContext is where an attack from point from strikes titan tb.
func hitContext(tb world.Base, from world.Vec) HitContext {
	rel := world.RelDeg(world.Bearing(from.Sub(tb.Pos)) - tb.Facing)
	if from.Sub(tb.Pos).Len() < 1e-9 {
		rel = 0
	}
	return HitContext{Direction: sheet.Direction(world.Quadrant(tb, from)), Side: SideFromBearing(rel)}
}

// resolveExplosions resolves every reactor explosion not yet resolved:
// 4D6 cm radius, D6 Str 7 hits on each titan within it (shields protect,
// as against shooting), which may set off further explosions.
func (r *Ruleset) resolveExplosions(s *rules.State, d rules.Dice, opts Options) error {
	for guard := 0; guard < 64; guard++ {
		var boom *rules.Unit
		for i := range s.Units {
			u := &s.Units[i]
			if !u.Destroyed || u.Markers.Value(MarkExploded) > 0 {
				continue
			}
			ts, err := TitanOf(u)
			if err != nil {
				return err
			}
			if ts.Cause == "reactor exploded" {
				boom = u
				break
			}
		}
		if boom == nil {
			return nil
		}
		boom.Markers.Set(MarkExploded, 1)
		bb := r.base(boom)
		dist := map[string]float64{}
		for i := range s.Units {
			o := &s.Units[i]
			if o.ID == boom.ID || !operational(o) {
				continue
			}
			dist[o.ID] = world.Distance(bb, r.base(o))
		}
		ex, err := ReactorExplosion(boom.ID, dist, d)
		if err != nil {
			return err
		}
		rules.LogEvents(d, rules.Event{Kind: rules.EvMessage, Units: []string{boom.ID}, Text: fmt.Sprintf("%s's reactor explodes: radius %d cm", boom.ID, ex.Radius)})
		ids := make([]string, 0, len(ex.Hits))
		for id := range ex.Hits {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			v := s.Unit(id)
			hc := hitContext(r.base(v), bb.Pos)
			if _, err := r.applyHits(s, d, id, ex.Hits[id], HitSpec{Str: ExplosionStr, Source: "reactor explosion"}, hc, opts); err != nil {
				return err
			}
		}
	}
	return errors.New("reactor explosions did not settle")
}

// options returns the game's typed options: parsed once when the engine
// starts the game and carried by every state since (rules.TypedOptions).
func (r *Ruleset) options(s *rules.State) (Options, error) {
	v, err := s.TypedOptions(r.ParseOptions)
	if err != nil {
		return Options{}, err
	}
	return v.(Options), nil
}

// OptionsOf returns s's typed options (the ones the engine parsed when the
// game started; parsed now for a state that never met the engine).
// Errors: the options do not parse.
func (r *Ruleset) OptionsOf(s *rules.State) (Options, error) { return r.options(s) }

// ParseOptions implements rules.OptionParser: the engine parses a game's
// options once (ParseOptions, the package function).
func (r *Ruleset) ParseOptions(given map[string]string) (any, error) {
	return ParseOptions(given)
}

// weaponAt returns the weapon fitted on a mount of u.
func (r *Ruleset) weaponAt(u *rules.Unit, mount string) (*catalog.Weapon, error) {
	id, ok := u.Loadout.Get(mount)
	if !ok {
		return nil, fmt.Errorf("%s has no weapon on mount %q (mounts: %s)", u.ID, mount, strings.Join(u.Loadout.Keys(), ", "))
	}
	return r.cat.Weapon(id)
}
