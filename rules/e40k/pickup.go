package e40k

import (
	"fmt"
	"sort"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// Pick-up by transport flyers (seed 001 movement step 1: a transport
// mission; digest 8.6 and 8.3). A transport flyer on a transport mission
// lands at its landing point (the ProcLanding frame): first the stands it
// carries may get out (DisembarkCmd), then friendly infantry stands in
// reach may board it (PickUpCmd) up to its room, and it takes off with
// them. Stands picked up ride with the flyer to its airfield and stay
// aboard while it rearms (off the table, in reserve: not lost for army
// morale); they come back on the table when the flyer next flies a
// transport mission and sets them down. A transport mission may be
// declared with nobody aboard, to pick troops up.
//
// Reading: the seeds only name the transport mission. The pick-up follows
// the Evac mission of the Air Superiority article (White Dwarf 214, kept by
// Epic Remastered as an experimental mission: flyers evacuate valid cargo
// to save it or redeploy it in a later turn), folded into the transport
// mission's landing. Boarding is a stand's move (as EmbarkCmd): a stand
// may board when it has not moved or disembarked this turn, is in command
// (E40K-CMD-1), its detachment is not broken (E40K-BRK-1) and its base is
// within its move under its detachment's orders of the flyer's base (a
// detachment that failed its leadership test for orders, E40K-BM-1, or is
// on overwatch does not move and so cannot board).

// CmdPickUp names PickUpCmd; markPicked marks a landed flyer that has
// taken its pick-up (or declined it) this turn.
const (
	CmdPickUp  = "pick-up"
	markPicked = "picked-up"
)

// PickUpCmd boards friendly stands in a landed transport flyer of the
// landing detachment, after its own troops had the chance to get out;
// with no Units the flyer takes off without picking anyone up.
type PickUpCmd struct {
	r         *Ruleset
	By        string   `json:"by"`
	Transport string   `json:"transport"`
	Units     []string `json:"units,omitempty"`
}

// Name implements rules.Command.
func (*PickUpCmd) Name() string { return CmdPickUp }

// Actor implements rules.Command.
func (c *PickUpCmd) Actor() string { return c.By }

// Validate implements rules.Command.
func (c *PickUpCmd) Validate(s *rules.State) error {
	if _, err := c.r.pendingOf(s, c.By, KindLanding); err != nil {
		return err
	}
	t := s.Unit(c.Transport)
	if t == nil || t.Destroyed || t.Side != c.By {
		return fmt.Errorf("pick-up: %q is not a transport flyer of %s", c.Transport, c.By)
	}
	if !c.r.picking(s, t) {
		return fmt.Errorf("pick-up: %s is not waiting to pick troops up (its own troops get out first)", t.ID)
	}
	if room := c.r.spaceLeft(s, t); len(c.Units) > room {
		return fmt.Errorf("pick-up: %s has room for %d stand(s), not %d", t.ID, room, len(c.Units))
	}
	seen := map[string]bool{}
	for i, id := range c.Units {
		if seen[id] {
			return fmt.Errorf("pick-up %d: %s is named twice", i+1, id)
		}
		seen[id] = true
		if err := c.r.canPickUp(s, t, s.Unit(id)); err != nil {
			return fmt.Errorf("pick-up %d: %w", i+1, err)
		}
	}
	return nil
}

// Apply implements rules.Command.
func (c *PickUpCmd) Apply(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	t := s.Unit(c.Transport)
	if t == nil {
		return nil, fmt.Errorf("pick-up: no transport %q", c.Transport)
	}
	var evs []rules.Event
	for _, id := range c.Units {
		u := s.Unit(id)
		if u == nil {
			return nil, fmt.Errorf("pick-up: no unit %q", id)
		}
		if err := board(u, t); err != nil {
			return nil, err
		}
		u.Moved = true
		evs = append(evs, rules.Event{Kind: rules.EvMoved, Side: u.Side, Units: []string{u.ID, t.ID},
			Text: fmt.Sprintf("%s is picked up by %s", u.ID, t.ID)})
	}
	if len(c.Units) == 0 {
		evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: t.Side, Units: []string{t.ID}, Text: t.ID + " takes off without picking anyone up"})
	}
	t.Markers.Set(markPicked, 1)
	return evs, c.r.landingStep(s)
}

// picking reports whether t is a flyer of the landing on top of the
// stack whose own troops have had their chance to get out and that has
// not taken its pick-up yet.
func (r *Ruleset) picking(s *rules.State, t *rules.Unit) bool {
	f := s.Proc()
	if f == nil || f.Proc != ProcLanding || f.Params.Value("detachment") != t.Formation {
		return false
	}
	return t.Markers.Value(markLanded) > 0 && t.Markers.Value(markPicked) == 0
}

// canPickUp checks that stand u may board the landed flyer t (see the
// reading at the top of the file).
func (r *Ruleset) canPickUp(s *rules.State, t, u *rules.Unit) error {
	switch {
	case u == nil || u.Destroyed || u.OffTable || u.Side != t.Side:
		return fmt.Errorf("%s may pick up only friendly stands on the table", t.ID)
	case u.Moved || u.Markers.Value(MarkDisembarked) > 0:
		return fmt.Errorf("%s has already moved this turn", u.ID)
	case u.Markers.Value(MarkOutOfCommand) > 0:
		return fmt.Errorf("%s is out of command and may not move (E40K-CMD-1)", u.ID)
	}
	p, err := r.Profile(s, u)
	if err != nil {
		return err
	}
	if p.Class != world.Infantry || p.Flyer {
		return fmt.Errorf("%s is not infantry", u.ID)
	}
	f := s.Formation(u.Formation)
	switch {
	case f == nil:
		return fmt.Errorf("%s has no detachment", u.ID)
	case f.Broken:
		return fmt.Errorf("%s's detachment is broken and may only retreat (E40K-BRK-1)", u.ID)
	}
	ub, err := r.base(s, u)
	if err != nil {
		return err
	}
	tb, err := r.base(s, t)
	if err != nil {
		return err
	}
	allow := Allowance(&p, f.Orders, false)
	if d := world.Distance(ub, tb); d > allow+world.Eps {
		return fmt.Errorf("%s is %.1f cm from %s, its move allows %.1f cm (%s orders)", u.ID, d, t.ID, allow, ordersWord(f.Orders))
	}
	return nil
}

func ordersWord(o string) string {
	if o == "" {
		return "no"
	}
	return o
}

// PickUpCandidates lists the stands that may board the landed flyer t
// now, nearest first (for choices and the window).
func (r *Ruleset) PickUpCandidates(s *rules.State, t *rules.Unit) []*rules.Unit {
	tb, err := r.base(s, t)
	if err != nil {
		return nil
	}
	type cand struct {
		u *rules.Unit
		d float64
	}
	var cs []cand
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != t.Side || u.Destroyed || u.OffTable || u.Moved {
			continue
		}
		if r.canPickUp(s, t, u) != nil {
			continue
		}
		ub, err := r.base(s, u)
		if err != nil {
			continue
		}
		cs = append(cs, cand{u, world.Distance(ub, tb)})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].d < cs[j].d })
	out := make([]*rules.Unit, len(cs))
	for i, c := range cs {
		out[i] = c.u
	}
	return out
}

// landingBusy reports whether a flyer of the landing detachment det still
// has troops to set down, or room and stands in reach to pick up; flyers
// with nothing left to do are marked done.
func (r *Ruleset) landingBusy(s *rules.State, det string) bool {
	busy := false
	for _, t := range r.flyers(s, det) {
		if t.Markers.Value(markLanded) == 0 {
			busy = true
			continue
		}
		if t.Markers.Value(markPicked) > 0 {
			continue
		}
		if r.spaceLeft(s, t) > 0 && len(r.PickUpCandidates(s, t)) > 0 {
			busy = true
			continue
		}
		t.Markers.Set(markPicked, 1)
	}
	return busy
}

// landingStep returns the landing frame once no flyer of its detachment
// has anything left to do.
func (r *Ruleset) landingStep(s *rules.State) error {
	fr := s.Proc()
	if fr == nil || fr.Proc != ProcLanding {
		return fmt.Errorf("no landing under way")
	}
	if r.landingBusy(s, fr.Params.Value("detachment")) {
		return nil
	}
	_, err := s.Return()
	return err
}

// pickUpChoices lists a landed flyer's pick-ups: taking off with nobody
// (first: a cautious player keeps its troops where they fight), each
// friendly detachment's stands in reach (nearest first, as many as there
// is room for), and the nearest stands of any detachment.
func (r *Ruleset) pickUpChoices(s *rules.State, side string, t *rules.Unit) []rules.Choice {
	out := []rules.Choice{{Name: CmdPickUp, Text: t.ID + " takes off without picking anyone up", Units: []string{t.ID}, Cmd: &PickUpCmd{r: r, By: side, Transport: t.ID}}}
	room := r.spaceLeft(s, t)
	cands := r.PickUpCandidates(s, t)
	if room <= 0 || len(cands) == 0 {
		return out
	}
	seen := map[string]bool{}
	add := func(ids []string, text string) {
		key := fmt.Sprint(ids)
		if len(ids) == 0 || seen[key] {
			return
		}
		seen[key] = true
		c := &PickUpCmd{r: r, By: side, Transport: t.ID, Units: ids}
		if c.Validate(s) == nil {
			out = append(out, rules.Choice{Name: CmdPickUp, Text: text, Units: append([]string{t.ID}, ids...), Cmd: c})
		}
	}
	var order []string
	byDet := map[string][]string{}
	for _, u := range cands {
		if _, ok := byDet[u.Formation]; !ok {
			order = append(order, u.Formation)
		}
		if len(byDet[u.Formation]) < room {
			byDet[u.Formation] = append(byDet[u.Formation], u.ID)
		}
	}
	for _, det := range order {
		ids := byDet[det]
		add(ids, fmt.Sprintf("%s picks up %d stand(s) of %s", t.ID, len(ids), det))
	}
	var near []string
	for _, u := range cands[:min(room, len(cands))] {
		near = append(near, u.ID)
	}
	add(near, fmt.Sprintf("%s picks up the %d nearest stand(s)", t.ID, len(near)))
	return out
}

// hasRoom reports whether a flyer of detachment det has room for a
// stand (a transport mission may then pick troops up).
func (r *Ruleset) hasRoom(s *rules.State, det string) bool {
	for _, t := range r.flyers(s, det) {
		if r.spaceLeft(s, t) > 0 {
			return true
		}
	}
	return false
}

// CarriedBy counts the stands aboard a detachment's units.
func (r *Ruleset) CarriedBy(s *rules.State, det string) int {
	n := 0
	for i := range s.Units {
		if u := &s.Units[i]; u.Formation == det && !u.Destroyed {
			n += len(Carried(s, u.ID))
		}
	}
	return n
}

// pickUpPoints are landing points for a transport mission picking troops
// up: beside each friendly detachment with infantry on the table that
// could board (not broken, with orders that let it move), the first of a
// few places around its stands that is a valid landing point and free of
// other bases.
func (r *Ruleset) pickUpPoints(s *rules.State, side string) []struct {
	det string
	at  world.Vec
} {
	var out []struct {
		det string
		at  world.Vec
	}
	for i := range s.Formations {
		f := &s.Formations[i]
		if f.Side != side || f.Broken {
			continue
		}
		var inf []*rules.Unit
		for _, u := range members(s, f.ID) {
			if p, err := r.Profile(s, u); err == nil && p.Class == world.Infantry && !p.Flyer && !u.Moved && Allowance(&p, f.Orders, false) > 0 {
				inf = append(inf, u)
			}
		}
		if len(inf) == 0 {
			continue
		}
		var c world.Vec
		for _, u := range inf {
			c = c.Add(u.Pos)
		}
		c = c.Scale(1 / float64(len(inf)))
		for _, off := range []world.Vec{{X: 0, Y: 0}, {X: 0, Y: 6}, {X: 0, Y: -6}, {X: 6, Y: 0}, {X: -6, Y: 0}, {X: 8, Y: 8}, {X: -8, Y: -8}} {
			at := c.Add(off)
			if r.checkLanding(s, side, at) != nil || r.occupied(s, at, 3) {
				continue
			}
			out = append(out, struct {
				det string
				at  world.Vec
			}{f.ID, at})
			break
		}
	}
	return out
}

// occupied reports whether a base on the table lies within clear cm of p.
func (r *Ruleset) occupied(s *rules.State, p world.Vec, clear float64) bool {
	for i := range s.Units {
		u := &s.Units[i]
		if u.Destroyed || u.OffTable {
			continue
		}
		b, err := r.base(s, u)
		if err == nil && b.PointDistance(p) < clear {
			return true
		}
	}
	return false
}
