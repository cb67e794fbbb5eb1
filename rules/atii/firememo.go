package atii

import (
	"maps"
	"math"
	"slices"

	"github.com/auspex/auspex/rules"
)

// fireMemo remembers the fire choices legalFire drafted for each titan
// (fireChoices of shotsByMount) with what decided them, so that the next
// shooting decision of the phase drafts again only the titans whose
// choices may have changed: over a phase of n titans Legal lists the
// choices of every titan still to fire at each decision, n^2/2 drafts
// for n firings.
//
// What a titan's choices read (shotsByMount, setupOf, toHitP,
// fireChoices):
//   - the game's options;
//   - of every unit: its id, side, type (profile, base), position and
//     facing (arcs, range, sight, contacts), whether it is operational
//     (Destroyed, OffTable, the unplaced marker), Moved and MovedDist
//     (to-hit), and whether its titan state says destroyed (to-hit);
//   - of the firer: its loadout and its whole titan state (which mounts
//     may fire).
//
// The targets' other titan state (shields, damage) goes into a shot's
// setup (merged shields, the overload order) but neither decides
// whether a shot is offered nor its chance to hit, so a shot at one
// enemy that knocks its shields down leaves the others' choices as
// they were. Everything listed is compared by value; a unit whose titan
// state is not in its typed form makes the memo step aside.
//
// A memo lives in a call's pooled unitEnds: one call uses it at a time.
type fireMemo struct {
	opts  Options
	keys  []fireUnitKey
	ok    bool // keys and opts describe the entries
	byID  map[string]*fireMemoEntry
	spare []*fireMemoEntry
	// The entries' drafts, in lists shared by all of them (an entry
	// drafted again leaves its old part unused until the entries are
	// dropped).
	drafts []fireDraft
	shots  []Shot
	units  []string
	text   []byte
}

// fireUnitKey is what a unit contributes to every titan's choices.
type fireUnitKey struct {
	id, side, typ string
	// Position, facing and distance moved as bits, so that keys are
	// equal only for the same numbers (0 and -0 differ for atan2).
	x, y, facing uint64
	moved        bool
	movedDist    uint64
	destroyed    bool
	offTable     bool
	unplaced     int
	tsDestroyed  bool
}

// fireMemoEntry is one titan's drafted choices and what is particular to
// it: its loadout and titan state.
type fireMemoEntry struct {
	loadout rules.Labels
	ts      TitanState
	// Where its drafts are in the memo's lists, as fireChoices appended
	// them to a fireScratch: the spans in the drafts are relative to the
	// start of the entry's part of each list.
	drafts, shots, units, text [2]int
}

// fireUnitKeyOf returns u's key, false when u's titan state is stored in
// a form the memo does not read (then nothing is remembered).
func fireUnitKeyOf(u *rules.Unit) (fireUnitKey, bool) {
	k := fireUnitKey{id: u.ID, side: u.Side, typ: u.Type,
		x: math.Float64bits(u.Pos.X), y: math.Float64bits(u.Pos.Y), facing: math.Float64bits(u.Facing),
		moved: u.Moved, movedDist: math.Float64bits(u.MovedDist), destroyed: u.Destroyed, offTable: u.OffTable,
		unplaced: u.Markers.Value(MarkUnplaced)}
	if v, ok := u.Ext.Get(ExtTitan); ok {
		ts, ok := v.(*TitanState)
		if !ok || ts == nil {
			return k, false
		}
		k.tsDestroyed = ts.Destroyed
	}
	return k, true
}

// begin readies the memo for a Legal call on s: the entries are kept when
// s's units and options are what decided them, dropped otherwise. It
// reports whether the memo may be used for this call.
func (m *fireMemo) begin(s *rules.State, opts Options) bool {
	same := m.ok && m.opts == opts && len(m.keys) == len(s.Units)
	ok := true
	for i := range s.Units {
		k, kok := fireUnitKeyOf(&s.Units[i])
		if !kok {
			ok = false
			break
		}
		if same && m.keys[i] != k {
			same = false
		}
		if !same {
			if i < len(m.keys) {
				m.keys[i] = k
			} else {
				m.keys = append(m.keys, k)
			}
		}
	}
	if same {
		return true
	}
	m.drop()
	if !ok {
		m.keys = m.keys[:0]
		return false
	}
	m.keys = m.keys[:len(s.Units)]
	m.opts, m.ok = opts, true
	return true
}

// drop forgets every entry (kept for reuse).
func (m *fireMemo) drop() {
	for id, e := range m.byID {
		*e = fireMemoEntry{}
		m.spare = append(m.spare, e)
		delete(m.byID, id)
	}
	clear(m.shots)
	clear(m.units)
	m.drafts, m.shots, m.units, m.text = m.drafts[:0], m.shots[:0], m.units[:0], m.text[:0]
	m.ok = false
}

// replay appends titan t's remembered drafts to sc and reports whether
// there were any to append.
func (m *fireMemo) replay(sc *fireScratch, t titan) bool {
	e := m.byID[t.u.ID]
	if e == nil || !slices.Equal(e.loadout, t.u.Loadout) || !titanStateEqual(&e.ts, &t.ts) {
		return false
	}
	s0, u0, t0 := len(sc.shots), len(sc.units), len(sc.text)
	sc.shots = append(sc.shots, m.shots[e.shots[0]:e.shots[1]]...)
	sc.units = append(sc.units, m.units[e.units[0]:e.units[1]]...)
	sc.text = append(sc.text, m.text[e.text[0]:e.text[1]]...)
	for _, d := range m.drafts[e.drafts[0]:e.drafts[1]] {
		d.shots[0], d.shots[1] = d.shots[0]+s0, d.shots[1]+s0
		d.units[0], d.units[1] = d.units[0]+u0, d.units[1]+u0
		d.text[0], d.text[1] = d.text[0]+t0, d.text[1]+t0
		sc.drafts = append(sc.drafts, d)
	}
	return true
}

// fireMark is where a titan's drafts start in a fireScratch.
type fireMark struct{ drafts, shots, units, text int }

func (sc *fireScratch) mark() fireMark {
	return fireMark{len(sc.drafts), len(sc.shots), len(sc.units), len(sc.text)}
}

// record remembers the drafts titan t added to sc since mk.
func (m *fireMemo) record(sc *fireScratch, mk fireMark, t titan) {
	e := m.byID[t.u.ID]
	if e == nil {
		if n := len(m.spare); n > 0 {
			e, m.spare = m.spare[n-1], m.spare[:n-1]
		} else {
			e = &fireMemoEntry{}
		}
		if m.byID == nil {
			m.byID = map[string]*fireMemoEntry{}
		}
		m.byID[t.u.ID] = e
	}
	// Both shared with the state, not copied: a unit's lists are
	// copy-on-write and its stored titan state is replaced, never edited
	// in place (rules.State's contract, keepTitan), so what they hold
	// stays what decided the drafts.
	e.loadout, e.ts = t.u.Loadout, t.ts
	e.shots[0], e.units[0], e.text[0], e.drafts[0] = len(m.shots), len(m.units), len(m.text), len(m.drafts)
	m.shots = append(m.shots, sc.shots[mk.shots:]...)
	m.units = append(m.units, sc.units[mk.units:]...)
	m.text = append(m.text, sc.text[mk.text:]...)
	for _, d := range sc.drafts[mk.drafts:] {
		d.shots[0], d.shots[1] = d.shots[0]-mk.shots, d.shots[1]-mk.shots
		d.units[0], d.units[1] = d.units[0]-mk.units, d.units[1]-mk.units
		d.text[0], d.text[1] = d.text[0]-mk.text, d.text[1]-mk.text
		m.drafts = append(m.drafts, d)
	}
	e.shots[1], e.units[1], e.text[1], e.drafts[1] = len(m.shots), len(m.units), len(m.text), len(m.drafts)
}

// titanStateEqual reports whether two titan states are equal field by
// field (TestTitanStateEqualReadsEveryField keeps it complete).
func titanStateEqual(a, b *TitanState) bool {
	return a.Legs == b.Legs && a.Head == b.Head && a.Reactor == b.Reactor && a.VSG == b.VSG &&
		maps.Equal(a.Weapons, b.Weapons) &&
		a.ShieldsDown == b.ShieldsDown && a.ShieldsRepairing == b.ShieldsRepairing && a.ShieldsLost == b.ShieldsLost &&
		a.Destroyed == b.Destroyed && a.Cause == b.Cause &&
		slices.Equal(a.MissilesSpent, b.MissilesSpent) && slices.Equal(a.WeaponsOffline, b.WeaponsOffline) &&
		a.Stalled == b.Stalled && a.Overcharged == b.Overcharged && a.Overwatch == b.Overwatch &&
		a.DamageControl == b.DamageControl && a.Disengaging == b.Disengaging && a.OverloadOrder == b.OverloadOrder
}
