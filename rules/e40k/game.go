package e40k

import (
	"errors"
	"fmt"
	"maps"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// RulesetID is the id of the E40K ruleset in a rules.Registry and in saves.
const RulesetID = "e40k"

// Keys of the E40K data kept in rules.State.Ext.
const (
	// ExtSetup holds the Setup (fixed for the game).
	ExtSetup = "e40k/setup"
	// ExtGame holds the Progress (changes through the turn).
	ExtGame = "e40k/game"
)

// Markers the ruleset keeps on units (rules.Unit.Markers).
const (
	// MarkHQ marks a detachment's HQ unit.
	MarkHQ = "hq"
	// MarkOutOfCommand marks a unit out of command this phase
	// (E40K-CMD-1).
	MarkOutOfCommand = "out-of-command"
	// MarkDamage is the DC a unit has lost (war engines; resilient units).
	MarkDamage = "damage"
	// MarkShieldsDown is the shields a war engine has lost.
	MarkShieldsDown = "shields-down"
)

// MarkBlast is the blast markers on a detachment (rules.Formation.Markers).
const MarkBlast = "blast"

// specialOrders reports whether orders are special orders, with the rest
// of the detachment moving 5 cm or on overwatch (E40K-ART-1).
func specialOrders(o string) bool { return o == OrderSpecial || o == OrderSpecialOverwatch }

// onOverwatch reports whether orders put units of the detachment on
// overwatch: overwatch orders, or special orders with the rest on
// overwatch (E40K-ART-1).
func onOverwatch(o string) bool { return o == OrderOverwatch || o == OrderSpecialOverwatch }

// Orders and states of a detachment (rules.Formation.Orders; E40K-ORD-1).
const (
	OrderAssault   = "assault"
	OrderMarch     = "march"
	OrderOverwatch = "overwatch"
	OrderSpecial   = "special"
	// OrderSpecialOverwatch is special orders with the rest of the
	// detachment on overwatch (E40K-ART-1: the artillery bombards, the
	// units that are not artillery do not move and may fire on overwatch
	// instead of moving 5 cm).
	OrderSpecialOverwatch = "special-overwatch"
	// OrderHold: the detachment failed its leadership test for its orders
	// and may not move this turn (it may still shoot).
	OrderHold = "hold"
	// OrderBroken marks a broken detachment.
	OrderBroken = "broken"
)

// Setup is the scenario's data for the game.
type Setup struct {
	// Ratings are the sides' strategy ratings, by side id (E40K-INI-1).
	Ratings map[string]int `json:"ratings,omitempty"`
	// TurnLimit ends the game after that many turns (0: DefaultTurnLimit).
	TurnLimit int `json:"turn_limit,omitempty"`
	// Objectives, Zones and Victory are the scenario's objective markers,
	// named areas (each a union of polygons) and victory conditions.
	Objectives []Objective              `json:"objectives,omitempty"`
	Zones      map[string][][]world.Vec `json:"zones,omitempty"`
	Victory    []VictoryRule            `json:"victory,omitempty"`
}

// SetSetup stores the scenario's data in the state.
func SetSetup(s *rules.State, su Setup) error { return s.SetExt(ExtSetup, su) }

// DefaultTurnLimit is the game length when the scenario gives none.
const DefaultTurnLimit = 6

// Ruleset is the Epic 40,000 game for the rules engine. It holds
// read-only data only: the unit catalogue, the terrain table and the table
// the game is played on.
type Ruleset struct {
	cat     *catalog.Catalogue
	terrain world.TerrainRules
	w       *world.World
	// profiles caches FromCatalog by unit type and options (a pure
	// function of read-only data; safe for concurrent use).
	profiles *profileCache
	memo     *progressMemo
	geo      *geoMemo // sight lines and moves measured (memo.go)
	checks   *checkPool
	tables   Tables
}

// profileCache holds the profiles by options, then unit type. Look-ups
// read last, an immutable copy of the table of the options asked for
// last (a game keeps its options), without locking; a miss adds the
// profile under mu and publishes a new copy.
type profileCache struct {
	mu   sync.Mutex
	m    map[Options]map[string]*cachedProfile
	last atomic.Pointer[profileTable]
}

// profileTable is one options' profiles by unit type, never changed once
// published.
type profileTable struct {
	o Options
	m map[string]*cachedProfile
}

type cachedProfile struct {
	p   Profile
	err error
}

// Tables are E40K data tables the terrain rules of the world package do not
// carry.
type Tables struct {
	// ArmourBonus is the armour an infantry unit standing in a terrain
	// kind adds (digest section 2: fortifications +2; buildings, ruins,
	// rubble, woods +1); the largest bonus under the unit's centre
	// applies. Nil: no bonus.
	ArmourBonus map[world.Kind]int
}

// NewRulesetWith is NewRuleset with the E40K data tables.
func NewRulesetWith(cat *catalog.Catalogue, terrain world.TerrainRules, w *world.World, t Tables) (*Ruleset, error) {
	r, err := NewRuleset(cat, terrain, w)
	if err != nil {
		return nil, err
	}
	r.tables = t
	return r, nil
}

// NewRuleset returns the E40K ruleset for a game on table w with the given
// terrain table. Errors: a missing catalogue or table.
func NewRuleset(cat *catalog.Catalogue, terrain world.TerrainRules, w *world.World) (*Ruleset, error) {
	switch {
	case cat == nil:
		return nil, errors.New("e40k ruleset: no unit catalogue")
	case w == nil:
		return nil, errors.New("e40k ruleset: no table")
	}
	return &Ruleset{cat: cat, terrain: terrain, w: w, profiles: &profileCache{m: map[Options]map[string]*cachedProfile{}},
		memo: &progressMemo{progs: map[extKey]Progress{}, setups: map[extKey]Setup{}}, geo: &geoMemo{}, checks: &checkPool{}}, nil
}

// ID implements rules.Ruleset.
func (r *Ruleset) ID() string { return RulesetID }

// Name implements rules.Ruleset.
func (r *Ruleset) Name() string { return "Epic 40,000" }

// Options implements rules.Ruleset.
func (r *Ruleset) Options() []rules.Option { return RulesOptions() }

// QuirkHaltHitUnmoved keeps the behaviour of saves before format 5: a unit
// halted where it entered dangerous terrain and then hit there stood at the
// entry point without being marked as moved (no Moved flag, no distance,
// no move event).
const QuirkHaltHitUnmoved = "e40k-halt-hit-unmoved"

// Quirks implements rules.QuirkRuleset: games saved before format 5 keep
// QuirkHaltHitUnmoved.
func (r *Ruleset) Quirks(version int) []string {
	if version < 5 {
		return []string{QuirkHaltHitUnmoved}
	}
	return nil
}

// ParseOptions implements rules.OptionParser.
func (r *Ruleset) ParseOptions(m map[string]string) (any, error) { return ParseOptions(m) }

// Terrain implements rules.Ruleset.
func (r *Ruleset) Terrain(*rules.State) world.TerrainRules { return r.terrain }

// options returns the state's typed options.
func (r *Ruleset) options(s *rules.State) (Options, error) {
	return r.GameOptions(s)
}

// GameOptions returns the game's options, parsed once per game (the
// engine keeps the parsed value with the state). Errors: an unknown
// option or value.
func (r *Ruleset) GameOptions(s *rules.State) (Options, error) {
	v, err := s.TypedOptions(func(m map[string]string) (any, error) { return ParseOptions(m) })
	if err != nil {
		return Options{}, err
	}
	o, ok := v.(Options)
	if !ok {
		return Options{}, fmt.Errorf("e40k: options of type %T", v)
	}
	return o, nil
}

// Profile returns the E40K profile of a unit on the table under the
// game's options. Errors: an unknown unit type.
func (r *Ruleset) Profile(s *rules.State, u *rules.Unit) (Profile, error) {
	p, err := r.profile(s, u)
	if err != nil {
		return Profile{}, err
	}
	return *p, nil
}

// profile is Profile without the copy: the cached profile, which the
// caller must not change.
func (r *Ruleset) profile(s *rules.State, u *rules.Unit) (*Profile, error) {
	o, err := r.options(s)
	if err != nil {
		return nil, err
	}
	return r.profileWith(o, u)
}

// profileWith is profile under the options o (the state's, read by the
// caller once for many units).
func (r *Ruleset) profileWith(o Options, u *rules.Unit) (*Profile, error) {
	c, ok := (*cachedProfile)(nil), false
	if t := r.profiles.last.Load(); t != nil && t.o == o {
		c, ok = t.m[u.Type]
	}
	if !ok {
		c = r.addProfile(o, u.Type)
	}
	if c.err != nil {
		return nil, fmt.Errorf("unit %s: %w", u.ID, c.err)
	}
	if c.p.Critical != nil && hasCritEffects(u) {
		q := CriticalProfile(c.p, u) // critical.go
		return &q, nil
	}
	return &c.p, nil
}

// addProfile looks a profile up under the lock, building it on a miss,
// and publishes its options' table as the last.
func (r *Ruleset) addProfile(o Options, typ string) *cachedProfile {
	pc := r.profiles
	pc.mu.Lock()
	defer pc.mu.Unlock()
	t := pc.m[o]
	if t == nil {
		t = map[string]*cachedProfile{}
		pc.m[o] = t
	}
	c := t[typ]
	if c == nil {
		c = &cachedProfile{}
		cu, err := r.cat.Unit(typ)
		if err != nil {
			c.err = err
		} else {
			c.p, c.err = FromCatalog(r.cat, cu, o)
		}
		t[typ] = c
	}
	pc.last.Store(&profileTable{o: o, m: maps.Clone(t)})
	return c
}

// Progress is where the game stands within the turn.
type Progress struct {
	// Higher is the index (0, 1) of the side counted as having the higher
	// strategy rating (settled by a roll-off on equal ratings).
	Higher int `json:"higher"`
	Cup    Cup `json:"cup"`
	// Init is the index of the side holding the initiative at this step,
	// First the side that goes first (-1: not chosen yet).
	Init  int `json:"init"`
	First int `json:"first"`
	// Sub is the part of a two-part step (movement, assault): 0 the first
	// player's, 1 the second's, 2 done. Stage is the stage within it.
	Sub   int    `json:"sub"`
	Stage string `json:"stage,omitempty"`
	// ToAct is the side whose turn it is to fire (alternate shooting).
	ToAct int `json:"to_act"`
	// Acted are the detachments done in this step.
	Acted []string `json:"acted,omitempty"`
	// Assaulted are the detachments that made assault moves this phase
	// and have yet to fight.
	Assaulted []string `json:"assaulted,omitempty"`
	// Reaction is the detachment that just moved (or, in the titan
	// movement step, the titan that just moved), which enemy detachments
	// on overwatch may fire at.
	Reaction string `json:"reaction,omitempty"`
	// Start counts each side's units at the start of the game (army
	// morale).
	Start [2]int `json:"start"`
	// MoraleFailed marks the sides whose army morale failed; TimeUp the
	// end of the last turn.
	MoraleFailed [2]bool `json:"morale_failed,omitempty"`
	TimeUp       bool    `json:"time_up,omitempty"`
	// TitanOrder is the titans' move order of the current titan step
	// (ATII-MOV-1) and TitanLast the side that moved the last titan.
	TitanOrder []atii.OrderEntry `json:"titan_order,omitempty"`
	TitanLast  string            `json:"titan_last,omitempty"`
	// Cards is the Counterattack card's bookkeeping under
	// OptCounterattackCard (counterattack.go): nil until it is needed, so
	// that states and saves without it hash as before, and one pointer
	// in a Progress the memo keeps thousands of.
	Cards *CardProgress `json:"cards,omitempty"`
	// RestFor is the detachment just put on special orders whose player
	// now chooses what the rest of it does (KindSpecialRest, E40K-ART-1).
	RestFor string `json:"rest_for,omitempty"`
}

func (g *Progress) acted(id string) bool {
	i := sort.SearchStrings(g.Acted, id)
	return i < len(g.Acted) && g.Acted[i] == id
}

func (g *Progress) markActed(id string) {
	if !g.acted(id) {
		g.Acted = append(g.Acted, id)
		sort.Strings(g.Acted)
	}
}

// progress returns the game's Progress, a copy the caller may change.
// Ext values are immutable and shared by clones, so a decoded value is
// remembered by the address and length of its bytes (a bounded memo, the
// pattern rules/atii uses).
func (r *Ruleset) progress(s *rules.State) (Progress, error) {
	v, ok := s.Ext.Get(ExtGame)
	if !ok || v == nil {
		return Progress{Init: -1, First: -1}, nil
	}
	raw, isRaw := v.(rules.RawExt)
	if !isRaw || len(raw) == 0 {
		// Stored typed, or empty: decode it as it is.
		g := Progress{Init: -1, First: -1}
		if _, err := s.GetExt(ExtGame, &g); err != nil {
			return g, err
		}
		g.Acted = append([]string(nil), g.Acted...)
		g.Assaulted = append([]string(nil), g.Assaulted...)
		g.TitanOrder = append([]atii.OrderEntry(nil), g.TitanOrder...)
		g.Cards = g.Cards.clone()
		return g, nil
	}
	k := extKey{p: &raw[0], n: len(raw)}
	r.memo.mu.Lock()
	g, hit := r.memo.progs[k]
	r.memo.mu.Unlock()
	if !hit {
		g = Progress{Init: -1, First: -1}
		if _, err := s.GetExt(ExtGame, &g); err != nil {
			return g, err
		}
		r.memo.mu.Lock()
		if len(r.memo.progs) >= maxProgressMemo {
			r.memo.progs = map[extKey]Progress{}
		}
		r.memo.progs[k] = g
		r.memo.mu.Unlock()
	}
	g.Acted = append([]string(nil), g.Acted...)
	g.Assaulted = append([]string(nil), g.Assaulted...)
	g.TitanOrder = append([]atii.OrderEntry(nil), g.TitanOrder...)
	g.Cards = g.Cards.clone()
	return g, nil
}

// extKey names a stored Ext value by its bytes' address and length.
// Holding the key keeps the bytes alive, so an address is never reused
// while it is a key.
type extKey struct {
	p *byte
	n int
}

// progressMemo remembers decoded Progress values (see progress).
type progressMemo struct {
	mu     sync.Mutex
	progs  map[extKey]Progress
	setups map[extKey]Setup
}

// maxProgressMemo bounds the decoded values a ruleset remembers.
const maxProgressMemo = 4096

func putProgress(s *rules.State, g Progress) error { return s.SetExt(ExtGame, g) }

// storeProgress is putProgress remembering g as the decoded value of the
// bytes stored, so that the next progress read (every victory check
// reads it) does not decode them again. The slices are copied (the
// caller may go on changing g); empty ones are nil, as decoding leaves
// them.
func (r *Ruleset) storeProgress(s *rules.State, g Progress) error {
	if err := putProgress(s, g); err != nil {
		return err
	}
	v, ok := s.Ext.Get(ExtGame)
	if !ok {
		return nil
	}
	raw, isRaw := v.(rules.RawExt)
	if !isRaw || len(raw) == 0 {
		return nil
	}
	g.Acted = append([]string(nil), g.Acted...)
	g.Assaulted = append([]string(nil), g.Assaulted...)
	g.TitanOrder = append([]atii.OrderEntry(nil), g.TitanOrder...)
	k := extKey{p: &raw[0], n: len(raw)}
	r.memo.mu.Lock()
	if len(r.memo.progs) >= maxProgressMemo {
		r.memo.progs = map[extKey]Progress{}
	}
	r.memo.progs[k] = g
	r.memo.mu.Unlock()
	return nil
}

// setup returns the scenario's Setup, remembered like progress (it is
// read on every victory check). The value is shared: callers must not
// change it.
func (r *Ruleset) setup(s *rules.State) (Setup, error) {
	v, ok := s.Ext.Get(ExtSetup)
	if !ok || v == nil {
		return Setup{}, nil
	}
	raw, isRaw := v.(rules.RawExt)
	if !isRaw || len(raw) == 0 {
		var su Setup
		_, err := s.GetExt(ExtSetup, &su)
		return su, err
	}
	k := extKey{p: &raw[0], n: len(raw)}
	r.memo.mu.Lock()
	su, hit := r.memo.setups[k]
	r.memo.mu.Unlock()
	if hit {
		return su, nil
	}
	if _, err := s.GetExt(ExtSetup, &su); err != nil {
		return Setup{}, err
	}
	r.memo.mu.Lock()
	if len(r.memo.setups) >= maxProgressMemo {
		r.memo.setups = map[extKey]Setup{}
	}
	r.memo.setups[k] = su
	r.memo.mu.Unlock()
	return su, nil
}

// sides returns the two side ids. Errors: not exactly two sides.
func sides(s *rules.State) ([2]string, error) {
	if len(s.Sides) != 2 {
		return [2]string{}, fmt.Errorf("e40k needs two sides, the game has %d", len(s.Sides))
	}
	return [2]string{s.Sides[0].ID, s.Sides[1].ID}, nil
}

func sideIndex(s *rules.State, id string) int {
	if len(s.Sides) > 1 && s.Sides[1].ID == id {
		return 1
	}
	return 0
}

// members returns the living units of detachment f.
func members(s *rules.State, f string) []*rules.Unit {
	var out []*rules.Unit
	for i := range s.Units {
		u := &s.Units[i]
		if u.Formation == f && !u.Destroyed && !u.OffTable {
			out = append(out, u)
		}
	}
	return out
}

// alive reports whether detachment f has a unit left.
func alive(s *rules.State, f string) bool {
	for i := range s.Units {
		u := &s.Units[i]
		if u.Formation == f && !u.Destroyed && !u.OffTable {
			return true
		}
	}
	return false
}

// base returns a unit's base on the table.
func (r *Ruleset) base(s *rules.State, u *rules.Unit) (world.Base, error) {
	p, err := r.profile(s, u)
	if err != nil {
		return world.Base{}, err
	}
	return world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing, Foot: p.Base}, nil
}

// enemyBases returns the bases of every living unit not of side.
func (r *Ruleset) enemyBases(s *rules.State, side string) ([]world.Base, []*rules.Unit, error) {
	n := 0
	for i := range s.Units {
		if u := &s.Units[i]; u.Side != side && !u.Destroyed && !u.OffTable {
			n++
		}
	}
	bs := make([]world.Base, 0, n)
	us := make([]*rules.Unit, 0, n)
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side || u.Destroyed || u.OffTable {
			continue
		}
		b, err := r.base(s, u)
		if err != nil {
			return nil, nil, err
		}
		bs = append(bs, b)
		us = append(us, u)
	}
	return bs, us, nil
}

// blast returns a detachment's blast markers.
func blast(f *rules.Formation) int { return f.Markers.Value(MarkBlast) }

// addBlast adds n blast markers to a detachment.
func addBlast(f *rules.Formation, n int) {
	if n != 0 {
		v := rules.AddCount(&f.Markers, MarkBlast, n)
		if v <= 0 {
			f.Markers.Delete(MarkBlast)
		}
	}
}

// destroy removes a unit from play and passes command on if it was the
// HQ (E40K-CMD-1).
func (r *Ruleset) destroy(s *rules.State, u *rules.Unit) []rules.Event {
	u.Destroyed = true
	r.markCatastrophe(s, u) // wedamage.go
	evs := []rules.Event{{Kind: rules.EvDestroyed, Side: u.Side, Units: []string{u.ID}, Text: u.ID + " is destroyed"}}
	evs = append(evs, r.destroyCarried(s, u)...)
	if u.Markers.Value(MarkHQ) > 0 {
		u.Markers.Delete(MarkHQ)
		evs = append(evs, r.passCommand(s, u)...)
	}
	return evs
}

// passCommand makes the next unit HQ of the fallen HQ's detachment
// (NextHQ: the owner's choice, made for them).
func (r *Ruleset) passCommand(s *rules.State, old *rules.Unit) []rules.Event {
	ms := members(s, old.Formation)
	if len(ms) == 0 {
		return nil
	}
	stands := make([]Stand, 0, len(ms))
	for _, m := range ms {
		b, err := r.base(s, m)
		if err != nil {
			continue
		}
		stands = append(stands, Stand{ID: m.ID, Base: b})
	}
	ob, err := r.base(s, old)
	if err != nil {
		return nil
	}
	id, err := NextHQ(ob, stands)
	if err != nil {
		return nil
	}
	if u := s.Unit(id); u != nil {
		u.Markers.Set(MarkHQ, 1)
	}
	return []rules.Event{{Kind: rules.EvMessage, Side: old.Side, Units: []string{id}, Text: id + " takes command of " + old.Formation}}
}

// commandCheck marks the units out of command in every detachment
// (E40K-CMD-1), at the start of each phase.
func (r *Ruleset) commandCheck(s *rules.State) ([]rules.Event, error) {
	var evs []rules.Event
	for fi := range s.Formations {
		f := &s.Formations[fi]
		ms := members(s, f.ID)
		if len(ms) == 0 || r.titanFormation(s, f.ID) {
			continue // titans have no command radius (seed 002)
		}
		var hq *rules.Unit
		for _, m := range ms {
			m.Markers.Delete(MarkOutOfCommand)
			if m.Markers.Value(MarkHQ) > 0 {
				hq = m
			}
		}
		if hq == nil {
			// A detachment without an HQ (a fallen HQ's successor is
			// chosen when it falls): its first unit takes command.
			hq = ms[0]
			hq.Markers.Set(MarkHQ, 1)
		}
		hb, err := r.base(s, hq)
		if err != nil {
			return nil, err
		}
		stands := make([]Stand, 0, len(ms))
		for _, m := range ms {
			b, err := r.base(s, m)
			if err != nil {
				return nil, err
			}
			stands = append(stands, Stand{ID: m.ID, Base: b})
		}
		out := OutOfCommand(Stand{ID: hq.ID, Base: hb}, stands)
		for _, id := range out {
			if u := s.Unit(id); u != nil {
				u.Markers.Set(MarkOutOfCommand, 1)
			}
		}
		if len(out) > 0 {
			evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: f.Side, Units: out,
				Text: fmt.Sprintf("%s: %d unit(s) more than 30 cm from the HQ are out of command", f.ID, len(out))})
		}
	}
	return evs, nil
}

// damageLeft is a unit's remaining DC.
func damageLeft(p *Profile, u *rules.Unit) int { return max(0, p.DC-u.Markers.Value(MarkDamage)) }

// shieldsLeft is a war engine's remaining shields.
func shieldsLeft(p *Profile, u *rules.Unit) int {
	return max(0, p.Shields-u.Markers.Value(MarkShieldsDown))
}
