package atii

import (
	"encoding/json"
	"fmt"

	"github.com/auspex/auspex/rules"
)

// The ATII data in rules.State.Ext and rules.Unit.Ext is typed
// (rules.ExtValue): a unit's *TitanState under ExtTitan, the *GameProgress
// under ExtGame, the GameSetup (wrapped with its JSON, which is fixed for
// the game) under ExtSetup. Stored values are never edited in place: the
// accessors hand out copies and store copies.

// DecodeExt implements rules.ExtCodec: the typed value for an ATII key
// (other keys stay JSON). Errors: JSON that does not fit the key's type.
func (r *Ruleset) DecodeExt(key string, raw []byte) (rules.ExtValue, error) {
	switch key {
	case ExtTitan:
		t := new(TitanState)
		if err := json.Unmarshal(raw, t); err != nil {
			return nil, err
		}
		return t, nil
	case ExtGame:
		g := new(GameProgress)
		if err := json.Unmarshal(raw, g); err != nil {
			return nil, err
		}
		return g, nil
	case ExtSetup:
		var g GameSetup
		if err := json.Unmarshal(raw, &g); err != nil {
			return nil, err
		}
		return newSetupExt(g)
	}
	return rules.RawExt(raw), nil
}

// titanJSON and progressJSON are the stored types without their
// MarshalJSON methods, for encoding/json.
type (
	titanJSON    TitanState
	progressJSON GameProgress
)

// CloneExt implements rules.ExtValue.
func (s *TitanState) CloneExt() rules.ExtValue {
	c := s.Clone()
	return &c
}

// MarshalJSON implements rules.ExtValue (and json.Marshaler): the plain
// struct encoding.
func (s *TitanState) MarshalJSON() ([]byte, error) { return json.Marshal((*titanJSON)(s)) }

// HashExt implements rules.ExtValue: every field, the weapon map in any
// order. Small numbers and flags are packed a word at a time (a position
// hash is computed for every node of a search).
func (s *TitanState) HashExt(h *rules.PosHasher) {
	h.U64(uint64(uint16(s.Legs)) | uint64(uint16(s.Head))<<16 | uint64(uint16(s.Reactor))<<32 | uint64(uint16(s.VSG))<<48)
	h.U64(uint64(uint16(s.ShieldsDown)) | uint64(uint16(s.ShieldsRepairing))<<16 | uint64(uint16(s.ShieldsLost))<<32)
	var f uint64
	for i, b := range [...]bool{s.Destroyed, s.Stalled, s.Overcharged, s.Overwatch, s.DamageControl, s.Disengaging, s.OverloadOrder} {
		if b {
			f |= 1 << i
		}
	}
	h.U64(f | uint64(uint8(len(s.Weapons)))<<8 | uint64(uint8(len(s.MissilesSpent)))<<16 | uint64(uint8(len(s.WeaponsOffline)))<<24 |
		uint64(uint32(len(s.Cause)))<<32)
	if s.Cause != "" {
		h.Str(s.Cause)
	}
	if len(s.Weapons) > 0 {
		var sum uint64
		for k, v := range s.Weapons {
			e := rules.NewPosHasher()
			e.Str(k)
			e.Int(int(v))
			sum += e.Sum()
		}
		h.U64(sum)
	}
	for _, m := range s.MissilesSpent {
		h.Str(m)
	}
	for _, m := range s.WeaponsOffline {
		h.Str(m)
	}
}

// CloneExt implements rules.ExtValue.
func (g *GameProgress) CloneExt() rules.ExtValue {
	c := g.clone()
	return &c
}

// MarshalJSON implements rules.ExtValue (and json.Marshaler): the plain
// struct encoding.
func (g *GameProgress) MarshalJSON() ([]byte, error) { return json.Marshal((*progressJSON)(g)) }

// HashExt implements rules.ExtValue: every field, maps in any order.
func (g *GameProgress) HashExt(h *rules.PosHasher) {
	h.Str(g.First)
	h.Str(g.Second)
	h.Str(g.InitiativeWinner)
	h.Int(len(g.Order))
	for _, e := range g.Order {
		h.Str(e.ID)
		h.Str(e.Side)
		h.Int(e.Man)
		h.Bool(e.Moved)
		h.Bool(e.Forfeit)
	}
	h.Str(g.Last)
	h.Str(g.DeployFirst)
	h.Int(len(g.Combats))
	for _, c := range g.Combats {
		h.Str(c.A)
		h.Str(c.B)
		h.Bool(c.Done)
	}
	h.Int(len(g.Cards))
	var sum uint64
	for k, c := range g.Cards {
		e := rules.NewPosHasher()
		e.Str(k)
		e.Str(c.Name)
		e.Str(string(c.Type))
		e.Int(c.ForceLevel)
		e.Str(c.Text)
		e.Bool(c.StandIn)
		e.Str(c.Goal)
		sum += e.Sum()
	}
	h.U64(sum)
	h.Str(g.Map)
	h.Int(len(g.Points))
	sum = 0
	for k, v := range g.Points {
		e := rules.NewPosHasher()
		e.Str(k)
		e.Int(v)
		sum += e.Sum()
	}
	h.U64(sum)
	h.Bool(g.Result != nil)
	if g.Result != nil {
		h.Str(g.Result.Winner)
		h.Str(g.Result.Kind)
		h.Str(g.Result.Text)
	}
	h.Strs(g.OrdersDue)
	h.Int(len(g.Homes))
	sum = 0
	for k, p := range g.Homes {
		e := rules.NewPosHasher()
		e.Str(k)
		e.F64(p.X)
		e.F64(p.Y)
		sum += e.Sum()
	}
	h.U64(sum)
	h.Bool(g.Choosing)
	h.Bool(g.Repair != nil)
	if g.Repair != nil {
		h.Str(g.Repair.Side)
		h.Str(g.Repair.Unit)
		h.Int(g.Repair.Successes)
	}
}

// setupExt is the stored GameSetup with its canonical JSON and digest,
// computed once when it is stored: the set-up is fixed for the game (the
// mission step replaces it once), and the replay hash reads it at every
// command.
type setupExt struct {
	g      GameSetup
	raw    []byte
	digest uint64
}

func newSetupExt(g GameSetup) (*setupExt, error) {
	raw, err := json.Marshal(g)
	if err != nil {
		return nil, fmt.Errorf("game set-up: %w", err)
	}
	h := rules.NewPosHasher()
	h.Bytes(raw)
	return &setupExt{g: g, raw: raw, digest: h.Sum()}, nil
}

// CloneExt implements rules.ExtValue: a set-up is immutable once stored.
func (x *setupExt) CloneExt() rules.ExtValue { return x }

// MarshalJSON implements rules.ExtValue.
func (x *setupExt) MarshalJSON() ([]byte, error) { return x.raw, nil }

// HashExt implements rules.ExtValue.
func (x *setupExt) HashExt(h *rules.PosHasher) { h.U64(x.digest) }

// SetSetup stores the game set-up in the state.
func SetSetup(s *rules.State, g GameSetup) error {
	x, err := newSetupExt(g)
	if err != nil {
		return err
	}
	s.Ext.Set(ExtSetup, x)
	return nil
}

// getSetup returns the game set-up (the stored value: callers only read
// it), the zero set-up when none is stored.
func getSetup(s *rules.State) (GameSetup, error) {
	v, ok := s.Ext.Get(ExtSetup)
	if !ok {
		return GameSetup{}, nil
	}
	if x, ok := v.(*setupExt); ok {
		return x.g, nil
	}
	var g GameSetup
	_, err := s.GetExt(ExtSetup, &g)
	return g, err
}

// setupRef is getSetup returning the stored set-up itself, not a copy:
// the caller only reads it.
func setupRef(s *rules.State) (*GameSetup, error) {
	if v, ok := s.Ext.Get(ExtSetup); ok {
		if x, ok := v.(*setupExt); ok {
			return &x.g, nil
		}
	}
	g, err := getSetup(s)
	return &g, err
}

// progressView returns the stored game progress without copying it: the
// caller must not modify it (progress returns a private copy).
func progressView(s *rules.State) (GameProgress, error) {
	v, ok := s.Ext.Get(ExtGame)
	if !ok {
		return GameProgress{}, nil
	}
	if g, ok := v.(*GameProgress); ok {
		return *g, nil
	}
	var g GameProgress
	_, err := s.GetExt(ExtGame, &g)
	return g, err
}

// getProgress returns a private copy of the game progress.
func getProgress(s *rules.State) (GameProgress, error) {
	g, err := progressView(s)
	if err != nil {
		return g, err
	}
	return g.clone(), nil
}

// putProgress stores a copy of g (the caller may go on editing its own).
func putProgress(s *rules.State, g GameProgress) error {
	c := g.clone()
	s.Ext.Set(ExtGame, &c)
	return nil
}

// keepProgress stores g itself, without the copy putProgress makes: for
// a caller that is done with g (its last use), whose lists are either its
// own (getProgress, or built afresh) or shared read-only with a stored
// progress (progressView), never edited in place; stored values are never
// edited in place either (getProgress copies them first).
func keepProgress(s *rules.State, g GameProgress) error {
	s.Ext.Set(ExtGame, &g)
	return nil
}

// titanView returns the titan state stored on a unit without copying it
// (the zero state when none is stored): the caller must not modify it.
func titanView(u *rules.Unit) (TitanState, error) {
	v, ok := u.Ext.Get(ExtTitan)
	if !ok {
		return TitanState{}, nil
	}
	if t, ok := v.(*TitanState); ok {
		return *t, nil
	}
	var t TitanState
	if _, err := u.GetExt(ExtTitan, &t); err != nil {
		return t, fmt.Errorf("unit %s: %w", u.ID, err)
	}
	return t, nil
}

// TitanOf returns a copy of the ATII state stored on a unit (the zero
// state when none is stored yet). Errors: stored JSON that is not a titan
// state, naming the unit.
func TitanOf(u *rules.Unit) (TitanState, error) {
	t, err := titanView(u)
	if err != nil {
		return t, err
	}
	return t.Clone(), nil
}
