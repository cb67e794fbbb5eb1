package e40kui

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// DragMin is how far (table cm) the mouse must travel with the button
// held for a press to count as a drag rather than a click.
const DragMin = 0.8

// moving reports whether the decision is a move or an assault move of the
// selected detachment.
func (s *UI) moving() bool {
	k := s.kind()
	return (k == e40k.KindMove || k == e40k.KindAssault) && s.mine()
}

// firing reports whether the selected detachment may shoot now.
func (s *UI) firing() bool {
	switch s.kind() {
	case e40k.KindFire, e40k.KindBombard, e40k.KindOverwatch, e40k.KindSnapFire:
		// A titan fires through its listed choices (TitanFireCmd).
		return s.mine() && s.actor() == s.Detachment()
	}
	return false
}

// draftedAt is the stand of the selected detachment whose drafted
// destination is under p ("" for none).
func (s *UI) draftedAt(p world.Vec) string {
	best, bestD := "", 1e18
	for id, to := range s.Moves {
		u := s.State().Unit(id)
		if u == nil {
			continue
		}
		b := s.Base(u)
		b.Pos = to
		if d := b.PointDistance(p); d <= 0.5 && d < bestD {
			best, bestD = id, d
		}
	}
	return best
}

// PressTable is the left button going down on the table at p, on stand
// hit ("" for none). While the selected detachment moves, pressing one of
// its stands (where it stands or where its move is drafted to) starts a
// drag; pressing another of the decider's detachments that may move
// selects it and starts a drag. Anything else is a click (ClickTable).
func (s *UI) PressTable(p world.Vec, hit string) {
	if s.drag != nil {
		s.DragTo(p)
		return
	}
	if s.Mode() != play.ModeTurn {
		return
	}
	s.Cursor, s.HasCursor = p, true
	st := s.State()
	if id := s.draftedAt(p); id != "" && s.moving() {
		s.startDrag(id, p)
		return
	}
	if s.kind() == e40k.KindTitanMove && s.pendingHas(hit) {
		s.selectStand(hit)
		s.drag = &dragState{unit: hit, from: p, titan: true}
		return
	}
	if u := st.Unit(hit); u != nil && u.Side == s.Decider() && s.pendingHas(u.Formation) {
		k := s.kind()
		if k == e40k.KindMove || k == e40k.KindAssault {
			if u.Formation != s.Detachment() {
				s.SelectUnit(hit)
			} else {
				s.Selected = hit
			}
			s.startDrag(hit, p)
			return
		}
	}
	if hit == "" && s.flyerDet() == "" && s.pressFollows(p) {
		return
	}
	s.ClickTable(p, hit)
}

// pressFollows handles a press on the empty table while a titan or the
// selected stand moves: the move is drafted to p (as a click does) and,
// while the button stays down, keeps following the pointer, so the
// release is where the move ends. A window that notices a press late
// (a slow frame under load sees the button go down only once the pointer
// has left the stand) still ends the drafted move where the player lets
// go, as the table shows it, instead of at the point where the press was
// noticed. It reports whether the press was taken.
func (s *UI) pressFollows(p world.Vec) bool {
	switch {
	case s.titanMoving():
		s.draftTitan(p)
		s.drag = &dragState{unit: s.actor(), from: p, titan: true, moved: true}
		return true
	case s.moving() && s.Selected != "" && s.State().Unit(s.Selected) != nil:
		from := s.State().Unit(s.Selected).Pos
		if to, ok := s.Moves[s.Selected]; ok {
			from = to
		}
		s.startDrag(s.Selected, from)
		s.drag.moved = true
		s.DragTo(p)
		return true
	}
	return false
}

// startDrag starts dragging stand id from p.
func (s *UI) startDrag(id string, p world.Vec) {
	before := map[string]world.Vec{}
	for k, v := range s.Moves {
		before[k] = v
	}
	s.drag = &dragState{unit: id, from: p, before: before}
}

// DragTo moves the dragged stand (or its whole detachment) with the
// mouse: every stand moved keeps its offset from where the drag started.
func (s *UI) DragTo(p world.Vec) {
	s.Cursor, s.HasCursor = p, true
	d := s.drag
	if d == nil {
		return
	}
	if !d.moved && p.Sub(d.from).Len() < DragMin {
		return
	}
	d.moved = true
	if d.titan {
		s.draftTitan(p)
		return
	}
	off := p.Sub(d.from)
	moves := map[string]world.Vec{}
	for k, v := range d.before {
		moves[k] = v
	}
	ids := []string{d.unit}
	if !s.Single {
		ids = nil
		for _, u := range s.members(s.Detachment()) {
			if u.Markers.Value(e40k.MarkOutOfCommand) == 0 || u.ID == d.unit {
				ids = append(ids, u.ID)
			}
		}
	}
	fresh := true // no stand moved was drafted before this drag
	for _, id := range ids {
		start, ok := d.before[id]
		if !ok {
			start = s.State().Unit(id).Pos
		}
		fresh = fresh && !ok
		moves[id] = start.Add(off)
	}
	if s.kind() == e40k.KindAssault {
		moves[d.unit] = s.contactSnap(d.unit, moves[d.unit])
	}
	s.Moves = moves
	s.Target = ""
	if fresh && s.kind() == e40k.KindMove {
		s.clampToAllowance(moves, ids, off)
	}
}

// AllowanceSlack is how far past the shortest allowance of the stands it
// moves (cm) a drag may be let go and still be drafted at that
// allowance: the mouse moves by whole pixels, a fifth of a centimetre at
// the default zoom, so a drag to the edge of a move would otherwise land
// a hair over it and be refused ("10.0 of 10 cm - too far").
const AllowanceSlack = 0.5

// clampToAllowance pulls a drafted move of stands ids, each moved by off
// from where it stands, back to the shortest of their allowances when it
// is over by no more than AllowanceSlack (and the rules would refuse it:
// not a move on road).
func (s *UI) clampToAllowance(moves map[string]world.Vec, ids []string, off world.Vec) {
	mp := s.PreviewMove()
	if mp == nil {
		return
	}
	l := off.Len()
	least := math.Inf(1)
	over := false
	for _, sm := range mp.Stands {
		if !slices.Contains(ids, sm.Unit) || sm.Allowance <= 0 {
			continue
		}
		least = min(least, sm.Allowance)
		over = over || (sm.Over && !sm.Road)
	}
	if !over || l <= least || l > least+AllowanceSlack {
		return
	}
	k := (least - 1e-6) / l
	for _, id := range ids {
		moves[id] = s.State().Unit(id).Pos.Add(off.Scale(k))
	}
}

// SnapContact is how close (table cm, base edge to base edge) a stand
// dragged in an assault must be let go of an enemy base, short of it or
// over it, for the window to put it in base contact: a hand on a mouse
// cannot place a base exactly edge to edge, and only exact contact
// counts as contact for the rules (E40K-CC-1, REM-ASM-1).
const SnapContact = 1.0

// contactSnap is where the stand id dragged in an assault to `to` is
// drafted: when its base there touches, overlaps or comes within
// SnapContact of an enemy base, the first point along its straight move
// (from where it stands through `to`, at most SnapContact past it) at
// which it touches an enemy; otherwise `to` itself.
func (s *UI) contactSnap(id string, to world.Vec) world.Vec {
	st := s.State()
	u := st.Unit(id)
	if u == nil {
		return to
	}
	start := s.Base(u)
	l := u.Pos.Dist(to)
	if l < world.Eps {
		return to
	}
	dir := to.Sub(u.Pos).Scale(1 / l)
	// Only the enemies whose bases can come within SnapContact of the
	// stand's along its move (to SnapContact past its end) matter.
	far := l + SnapContact
	var enemies []world.Base
	for i := range st.Units {
		v := &st.Units[i]
		if v.Side == u.Side || !s.OnTable(v) {
			continue
		}
		e := s.Base(v)
		rel := e.Pos.Sub(u.Pos)
		along := min(max(rel.Dot(dir), 0), far)
		if rel.Sub(dir.Scale(along)).Len() <= start.Foot.BoundRadius()+e.Foot.BoundRadius()+SnapContact {
			enemies = append(enemies, e)
		}
	}
	if len(enemies) == 0 {
		return to
	}
	at := func(x float64) world.Base {
		b := start
		b.Pos = u.Pos.Add(dir.Scale(x))
		return b
	}
	gap := func(x float64) float64 {
		b, g := at(x), 1e18
		for _, e := range enemies {
			g = min(g, world.Distance(b, e))
		}
		return g
	}
	if gap(l) > SnapContact || gap(0) <= world.Eps {
		return to // not near an enemy, or in contact from the start
	}
	// The first touch along the move: a coarse walk finds the first step
	// that touches, halving then narrows it down to where the base edges
	// meet (within a fraction of world.Eps, without overlapping).
	const step = 0.1
	lo, hi := 0.0, -1.0
	for x := step; x < far+step; x += step {
		x = min(x, far)
		if gap(x) <= world.Eps/2 {
			hi = x
			break
		}
		lo = x
		if x >= far {
			break
		}
	}
	if hi < 0 {
		return to // the move passes the enemy by
	}
	for k := 0; k < 60; k++ {
		m := (lo + hi) / 2
		if gap(m) <= world.Eps/2 {
			hi = m
		} else {
			lo = m
		}
	}
	return at(hi).Pos
}

// ReleaseTable is the left button going up at p: the drag's moves stay
// drafted (Enter plays them); a press that did not move is a click.
func (s *UI) ReleaseTable(p world.Vec) {
	d := s.drag
	if d == nil {
		return
	}
	s.DragTo(p)
	s.drag = nil
	if !d.moved {
		s.ClickTable(d.from, d.unit)
	}
}

// CancelDrag drops a drag in progress: the drafts are as before it.
func (s *UI) CancelDrag() {
	if d := s.drag; d != nil && d.titan {
		s.TitanTo = nil
	} else if d != nil {
		s.Moves = d.before
		if len(s.Moves) == 0 {
			s.Moves = nil
		}
	}
	s.drag = nil
}

// Dragging reports whether a press-and-drag is in progress.
func (s *UI) Dragging() bool { return s.drag != nil }

// Path is the dragged stand's (or titan's) straight move (nil when
// none).
func (s *UI) Path() []world.Vec {
	if u := s.State().Unit(s.actor()); s.TitanTo != nil && u != nil {
		return []world.Vec{u.Pos, *s.TitanTo}
	}
	id := s.Selected
	if s.drag != nil {
		id = s.drag.unit
	}
	to, ok := s.Moves[id]
	u := s.State().Unit(id)
	if !ok || u == nil {
		return nil
	}
	return []world.Vec{u.Pos, to}
}

// ClickTable is a click on the table at p on stand hit ("" for none):
// an enemy stand while the selected detachment may fire aims at its
// detachment (a second click on it fires); a stand selects its
// detachment; the empty table while the selected detachment moves drafts
// the selected stand's move there (the whole detachment's, same offset,
// unless single-stand moves are on).
func (s *UI) ClickTable(p world.Vec, hit string) {
	if s.Mode() != play.ModeTurn {
		if hit != "" {
			s.SelectUnit(hit)
		}
		return
	}
	if s.airClick(p, hit) {
		return
	}
	st := s.State()
	u := st.Unit(hit)
	if u != nil && u.Side != s.Decider() && s.firing() {
		s.aim(u)
		return
	}
	if u != nil {
		s.SelectUnit(hit)
		return
	}
	if s.titanMoving() {
		s.draftTitan(p)
		return
	}
	if s.moving() && s.Selected != "" {
		from := s.State().Unit(s.Selected).Pos
		if to, ok := s.Moves[s.Selected]; ok {
			from = to
		}
		s.startDrag(s.Selected, from)
		s.DragTo(p)
		s.drag = nil
	}
}

// aim points the selected detachment's fire at the enemy stand u's
// detachment (or u itself when it is a titan); aiming at the target
// already aimed at fires.
func (s *UI) aim(u *rules.Unit) {
	t := u.Formation
	if s.rs().IsTitan(u) {
		t = u.ID
	}
	if s.Target == t {
		s.Commit()
		return
	}
	s.Target = t
	s.Moves = nil
	if fp := s.FirePreview(); fp != nil && fp.Err != nil {
		s.Fail(fp.Err)
	} else {
		s.Note("")
	}
}

// newCmd is a fresh command of the ruleset by name (Attach checked that
// the ruleset makes each one the UI uses, with the type it fills in).
func (s *UI) newCmd(name string) rules.Command {
	for _, c := range s.rs().Commands() {
		if c.Name == name {
			return c.New()
		}
	}
	return nil
}

// moveCmd is the drafted move (or assault move) of the selected
// detachment: each drafted stand straight to its point, the leading
// stands first (nil when the decision is not a move).
func (s *UI) moveCmd() rules.Command {
	det := s.Detachment()
	var mv []e40k.UnitMove
	lead := map[string]float64{}
	for _, u := range s.members(det) {
		if to, ok := s.Moves[u.ID]; ok {
			mv = append(mv, e40k.UnitMove{Unit: u.ID, To: to})
			lead[u.ID] = u.Pos.Dot(to.Sub(u.Pos).Scale(1 / max(u.Pos.Dist(to), world.Eps)))
		}
	}
	// The stands of a drafted suggestion go in its order, which the rules
	// accepted; the others (all of them for a dragged move) after them,
	// those furthest along their moves first, so a block moving forward
	// does not bump into the stands ahead of it (the rules check each
	// move against the ones before it).
	rank := make(map[string]int, len(s.order))
	for i, id := range s.order {
		rank[id] = i + 1
	}
	sort.SliceStable(mv, func(i, j int) bool {
		ri, rj := rank[mv[i].Unit], rank[mv[j].Unit]
		switch {
		case ri > 0 && rj > 0:
			return ri < rj
		case ri > 0 || rj > 0:
			return ri > 0
		}
		return lead[mv[i].Unit] > lead[mv[j].Unit]
	})
	switch s.kind() {
	case e40k.KindMove:
		c, _ := s.newCmd(e40k.CmdMove).(*e40k.MoveCmd)
		c.By, c.Detachment, c.Moves = s.Decider(), det, mv
		return c
	case e40k.KindAssault:
		c, _ := s.newCmd(e40k.CmdAssault).(*e40k.AssaultCmd)
		c.By, c.Detachment, c.Moves = s.Decider(), det, mv
		return c
	}
	return nil
}

// fireCmd is the selected detachment's fire at the aimed target.
func (s *UI) fireCmd() *e40k.FireCmd {
	c, _ := s.newCmd(e40k.CmdFire).(*e40k.FireCmd)
	c.By, c.Detachment = s.Decider(), s.Detachment()
	if u := s.State().Unit(s.Target); u != nil && s.rs().IsTitan(u) {
		c.Titan = s.Target
	} else {
		c.Target = s.Target
	}
	return c
}

// Commit (Enter) plays what is drafted: the drafted moves, the fire at
// the aimed target; at a rally the selected detachment's rally test.
func (s *UI) Commit() {
	if s.Mode() != play.ModeTurn {
		return
	}
	switch {
	case s.titanMoving():
		if s.TitanTo == nil {
			s.Fail(fmt.Errorf("drag %s where it should go (or pick a suggested move; H holds)", s.Name(s.actor())))
			return
		}
		s.Play(s.titanMoveCmd())
	case s.moving():
		if len(s.Moves) == 0 {
			s.Fail(fmt.Errorf("drag a stand of %s first (A drafts the suggested move; H stays put)", s.detName(s.Detachment())))
			return
		}
		s.Play(s.moveCmd())
	case s.firing():
		if s.Target == "" {
			s.Fail(fmt.Errorf("click an enemy stand to aim %s's fire first", s.detName(s.Detachment())))
			return
		}
		s.Play(s.fireCmd())
	case s.kind() == e40k.KindRally && s.mine():
		c, _ := s.newCmd(e40k.CmdRally).(*e40k.RallyCmd)
		c.By, c.Detachment = s.Decider(), s.Detachment()
		s.Play(c)
	default:
		if cs := s.Choices(); len(cs) > 0 {
			s.Fail(fmt.Errorf("pick a choice: its number key or its button"))
		}
	}
}

// Hold (H) passes the selected detachment (it stays put, does not shoot,
// does not assault, stays broken), or declines an overwatch or a
// bombardment window.
func (s *UI) Hold() {
	if s.Mode() != play.ModeTurn {
		return
	}
	c, _ := s.newCmd(e40k.CmdPass).(*e40k.PassCmd)
	c.By = s.Decider()
	if s.airHold() {
		return
	}
	switch s.kind() {
	case e40k.KindCounterattack:
		s.counterattack(false) // H keeps the card
		return
	case e40k.KindBombard, e40k.KindOverwatch, e40k.KindSnapFire:
	case e40k.KindInitiative:
		s.Fail(fmt.Errorf("nothing to pass: choose the order, F (or 1) goes first, S (or 2) goes second"))
		return
	case e40k.KindOrders:
		s.Fail(fmt.Errorf("nothing to pass: every detachment takes orders, pick the orders of %s (a number key or a button)", s.detName(s.Detachment())))
		return
	case e40k.KindSpecialRest:
		s.Fail(fmt.Errorf("nothing to pass: pick what the rest of %s does (a number key or a button)", s.detName(s.Detachment())))
		return
	case "":
		s.Fail(fmt.Errorf("nothing to pass now: pick a choice"))
		return
	default:
		c.Detachment = s.actor()
		if !s.mine() {
			if p := s.State().Pending; p != nil && len(p.Units) > 0 {
				c.Detachment = p.Units[0]
			}
		}
	}
	s.Play(c)
}

// EndStep (E) is Hold: E40K has no end-of-step command; the step ends
// when every detachment has acted or passed.
func (s *UI) EndStep() { s.Hold() }

// Cancel (Esc) drops the drafted moves and the aim.
func (s *UI) Cancel() {
	s.ClearDraft()
	s.Note("")
}

// UndoWaypoint (Backspace) takes back the selected stand's drafted move.
func (s *UI) UndoWaypoint() {
	if s.TitanTo != nil {
		s.TitanTo = nil
		return
	}
	if _, ok := s.Moves[s.Selected]; ok {
		delete(s.Moves, s.Selected)
		return
	}
	s.Target = ""
}

// Orders keys at the orders step.
var orderKeys = map[string]string{"A": e40k.OrderAssault, "M": e40k.OrderMarch, "O": e40k.OrderOverwatch, "W": e40k.OrderOverwatch, "S": e40k.OrderSpecial}

// Key: at the orders step A, M, W (or O where the window passes it), S
// give the selected detachment assault, march, overwatch or special
// orders (the digits pick the same orders from the list), and after
// special orders M or W (O) let the rest move 5 cm or set it on
// overwatch; at an
// initiative F and S go first or second; while moving A drafts the
// rules' suggested move (an advance, or a charge) and T (or D) toggles
// single-stand drags; the digits pick a listed choice.
func (s *UI) Key(k string) bool {
	if s.Mode() != play.ModeTurn {
		return false
	}
	if s.airKey(k) {
		return true
	}
	switch kind := s.kind(); {
	case kind == e40k.KindCounterattack && (k == "C" || k == "K"):
		s.counterattack(k == "C")
		return true
	case kind == e40k.KindOrders && orderKeys[k] != "":
		s.GiveOrders(orderKeys[k])
		return true
	case kind == e40k.KindSpecialRest && (k == "M" || k == "W" || k == "O"):
		s.setRest(k != "M")
		return true
	case kind == e40k.KindInitiative && (k == "F" || k == "S"):
		c, _ := s.newCmd(e40k.CmdInitiative).(*e40k.InitiativeCmd)
		c.By, c.First = s.Decider(), k == "F"
		s.Play(c)
		return true
	case k == "A" && s.moving():
		s.Suggest()
		return true
	case k == "T" || k == "D":
		s.Single = !s.Single
		return true
	case len(k) == 1 && k[0] >= '1' && k[0] <= '9':
		s.Choose(int(k[0] - '1'))
		return true
	}
	return false
}

// setRest answers the rest of a detachment on special orders: overwatch,
// or a 5 cm move (E40K-ART-1).
func (s *UI) setRest(overwatch bool) {
	for _, c := range s.legal() {
		if rc, ok := c.Cmd.(*e40k.RestCmd); ok && rc.Overwatch == overwatch {
			s.Play(c.Cmd)
			return
		}
	}
	s.Fail(fmt.Errorf("no such choice for the rest of the detachment"))
}

// GiveOrders gives the selected detachment its orders (or the first
// detachment waiting for them when the selected one is not).
func (s *UI) GiveOrders(order string) {
	det := s.Detachment()
	if !s.mine() {
		if p := s.State().Pending; p != nil && len(p.Units) > 0 {
			det = p.Units[0]
		}
	}
	c, _ := s.newCmd(e40k.CmdOrders).(*e40k.OrdersCmd)
	c.By, c.Detachment, c.Order = s.Decider(), det, order
	s.Play(c)
}

// Suggest drafts the rules' suggested move for the selected detachment:
// each stand straight at its closest enemy (into contact in an assault).
// When the rules refuse it as drafted, the detachment's other listed
// moves are tried in turn; when they refuse every one nothing is
// drafted and the message says so.
func (s *UI) Suggest() {
	det := s.Detachment()
	cands := [][]e40k.UnitMove{s.rs().SuggestMoves(s.State(), det, s.kind() == e40k.KindAssault)}
	for _, c := range s.Choices() {
		if mv := choiceMoves(c.Cmd); len(mv) > 0 && e40k.ActingFor(c.Cmd) == det {
			cands = append(cands, mv)
		}
	}
	var refused error
	tried := false
	for _, mv := range cands {
		if len(mv) == 0 {
			continue
		}
		tried = true
		err := s.draft(mv)
		if err == nil {
			return
		}
		if refused == nil {
			refused = err
		}
	}
	if !tried {
		s.Fail(fmt.Errorf("no move to suggest for %s", s.detName(det)))
		return
	}
	s.Fail(fmt.Errorf("no legal suggested move for %s (%s)", s.detName(det), s.Named(s.Reason(refused))))
}

// draft drafts moves mv in their order when the rules accept them as
// Enter would play them; else it drafts nothing and returns the refusal.
func (s *UI) draft(mv []e40k.UnitMove) error {
	s.Moves = make(map[string]world.Vec, len(mv))
	s.order = make([]string, 0, len(mv))
	for _, m := range mv {
		s.Moves[m.Unit] = m.To
		s.order = append(s.order, m.Unit)
	}
	s.Target = ""
	if err := s.G.Engine.Check(s.moveCmd()); err != nil {
		s.Moves, s.order = nil, nil
		return err
	}
	return nil
}

// choiceMoves are the moves a move or assault choice drafts (nil for
// any other command, and for the empty template).
func choiceMoves(c rules.Command) []e40k.UnitMove {
	switch c := c.(type) {
	case *e40k.MoveCmd:
		return c.Moves
	case *e40k.AssaultCmd:
		return c.Moves
	}
	return nil
}

// Choices are the decision's discrete choices for the buttons and the
// digit keys: those of the selected detachment (or titan) when it may
// act, else every one; the side's own (initiative, holding fire). Moves
// and assault moves appear only as the rules' suggestion (choosing it
// drafts it, Enter plays it); fire is aimed on the table instead.
func (s *UI) Choices() []rules.Choice {
	st := s.State()
	p := st.Pending
	if p == nil || s.Mode() != play.ModeTurn {
		return nil
	}
	act := s.actor()
	var out []rules.Choice
	for k, c := range s.legal() {
		switch cmd := c.Cmd.(type) {
		case *e40k.MoveCmd:
			if len(cmd.Moves) == 0 || s.refused(k) {
				continue
			}
		case *e40k.AssaultCmd:
			if len(cmd.Moves) == 0 || s.refused(k) {
				continue
			}
		case *e40k.FireCmd:
			continue
		case *e40k.TitanMoveCmd:
			if len(cmd.Path) == 0 && len(cmd.Stomp) == 0 {
				continue // the template: the titan is dragged instead
			}
		}
		if keep, handled := s.airChoice(c.Cmd); handled {
			if keep {
				out = append(out, c)
			}
			continue
		}
		if who := e40k.ActingFor(c.Cmd); s.mine() && who != "" && who != act {
			continue
		}
		out = append(out, c)
	}
	return out
}

// Choose answers with choice i of Choices: a suggested move is drafted
// (Enter plays it), anything else is played. Choices lists no move the
// rules refuse; should one be refused as drafted all the same, nothing
// is drafted and the message says why.
func (s *UI) Choose(i int) {
	cs := s.Choices()
	if i < 0 || i >= len(cs) {
		return
	}
	mv := choiceMoves(cs[i].Cmd)
	if mv == nil {
		s.Play(cs[i].Cmd)
		return
	}
	who := e40k.ActingFor(cs[i].Cmd)
	if who != s.actor() {
		s.selectStand(s.firstStand(who))
	}
	if err := s.draft(mv); err != nil {
		s.Fail(fmt.Errorf("no legal suggested move for %s (%s)", s.detName(who), s.Named(s.Reason(err))))
		return
	}
	s.Note("suggested move drafted: Enter plays it")
}

// counterattack answers the Counterattack card decision (REM-CC-1): play
// the card (re-roll the lower result die) or keep it.
func (s *UI) counterattack(play bool) {
	for _, c := range s.legal() {
		if cc, ok := c.Cmd.(*e40k.CounterattackCmd); ok && cc.Play == play {
			s.Play(c.Cmd)
			return
		}
	}
	s.Fail(fmt.Errorf("no Counterattack card to play"))
}
