package atii

import (
	"maps"
	"slices"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
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
	units []fireUnitKey
	ok    bool // units and opts describe the entries
	byID  map[string]*fireMemoEntry
	spare []*fireMemoEntry
}

// fireUnitKey is what a unit contributes to every titan's choices.
type fireUnitKey struct {
	id, side, typ string
	pos           world.Vec
	facing        float64
	moved         bool
	movedDist     float64
	destroyed     bool
	offTable      bool
	unplaced      int
	tsDestroyed   bool
}

// fireMemoEntry is one titan's drafted choices and what is particular to
// it: its loadout and titan state.
type fireMemoEntry struct {
	loadout rules.Labels
	ts      TitanState
	// The drafts as fireChoices appended them to a fireScratch, the
	// spans relative to the start of each list.
	drafts []fireDraft
	shots  []Shot
	units  []string
	text   []byte
}

// fireUnitKeyOf returns u's key, false when u's titan state is stored in
// a form the memo does not read (then nothing is remembered).
func fireUnitKeyOf(u *rules.Unit) (fireUnitKey, bool) {
	k := fireUnitKey{id: u.ID, side: u.Side, typ: u.Type, pos: u.Pos, facing: u.Facing,
		moved: u.Moved, movedDist: u.MovedDist, destroyed: u.Destroyed, offTable: u.OffTable,
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
	same := m.ok && m.opts == opts && len(m.units) == len(s.Units)
	ok := true
	for i := range s.Units {
		k, kok := fireUnitKeyOf(&s.Units[i])
		if !kok {
			ok = false
			break
		}
		if same && m.units[i] != k {
			same = false
		}
		if !same {
			if i < len(m.units) {
				m.units[i] = k
			} else {
				m.units = append(m.units, k)
			}
		}
	}
	if same {
		return true
	}
	m.drop()
	if !ok {
		m.units = m.units[:0]
		return false
	}
	m.units = m.units[:len(s.Units)]
	m.opts, m.ok = opts, true
	return true
}

// drop forgets every entry (kept for reuse).
func (m *fireMemo) drop() {
	for id, e := range m.byID {
		e.drafts, e.shots, e.units, e.text = e.drafts[:0], e.shots[:0], e.units[:0], e.text[:0]
		clear(e.shots[:cap(e.shots)])
		clear(e.units[:cap(e.units)])
		e.loadout, e.ts = nil, TitanState{}
		m.spare = append(m.spare, e)
		delete(m.byID, id)
	}
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
	sc.shots = append(sc.shots, e.shots...)
	sc.units = append(sc.units, e.units...)
	sc.text = append(sc.text, e.text...)
	for _, d := range e.drafts {
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
	e.shots = append(e.shots[:0], sc.shots[mk.shots:]...)
	e.units = append(e.units[:0], sc.units[mk.units:]...)
	e.text = append(e.text[:0], sc.text[mk.text:]...)
	e.drafts = e.drafts[:0]
	for _, d := range sc.drafts[mk.drafts:] {
		d.shots[0], d.shots[1] = d.shots[0]-mk.shots, d.shots[1]-mk.shots
		d.units[0], d.units[1] = d.units[0]-mk.units, d.units[1]-mk.units
		d.text[0], d.text[1] = d.text[0]-mk.text, d.text[1]-mk.text
		e.drafts = append(e.drafts, d)
	}
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
