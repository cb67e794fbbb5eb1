package e40kui

import (
	"fmt"
	"strings"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// Flyers and transports in the window (digest 8.6, 8.3). Flyers are off
// the table: at the flyer step the decision names the next flyer
// detachment to task, and the player declares its mission by clicking an
// enemy stand (a ground attack on its detachment), clicking the table (a
// transport mission landing there, when it carries troops), I
// (intercept) or H / N (stay on the ground), or by the listed choices. An
// interception offer is answered by I (the first interceptor attacks),
// H / N (let it pass) or the choices; a landing by U (troops out toward
// the enemy), H (keep them aboard) or the choices, then its pick-up by a
// click on a friendly stand in reach (its detachment's stands board), P
// (the nearest stands board), H (take off) or the choices. A transport
// flyer with room may fly a transport mission with nobody aboard, to pick
// troops up. In the movement phase B boards the selected stand in the
// nearest friendly transport with room and U sets down the stands the
// selected detachment carries. Where the flyers are drawn: flyers.go.

// flyerDet is the flyer detachment whose mission is being declared (the
// first the decision lists), "" at other decisions.
func (s *UI) flyerDet() string {
	p := s.State().Pending
	if p == nil || p.Kind != e40k.KindMission || len(p.Units) == 0 || s.Mode() != play.ModeTurn {
		return ""
	}
	return p.Units[0]
}

// missionCmd builds a mission for the flyer detachment being tasked.
func (s *UI) missionCmd(mission, target string, to world.Vec) *e40k.MissionCmd {
	c, _ := s.newCmd(e40k.CmdMission).(*e40k.MissionCmd)
	if c == nil {
		return nil
	}
	c.By, c.Detachment, c.Mission, c.Target, c.To = s.Decider(), s.flyerDet(), mission, target, to
	return c
}

// carries counts the stands aboard a detachment's units (flyers
// included).
func (s *UI) carries(det string) int {
	st := s.State()
	n := 0
	for i := range st.Units {
		if u := &st.Units[i]; u.Formation == det && !u.Destroyed {
			n += len(e40k.Carried(st, u.ID))
		}
	}
	return n
}

// airClick handles a click on the table at the flyer step: an enemy stand
// orders a ground attack on its detachment, the empty table a transport
// mission landing there. It reports whether it handled the click.
func (s *UI) airClick(p world.Vec, hit string) bool {
	if s.kind() == e40k.KindLanding && s.pickingUp() {
		return s.pickUpClick(hit)
	}
	det := s.flyerDet()
	if det == "" {
		return false
	}
	st := s.State()
	if u := st.Unit(hit); u != nil {
		if u.Side == s.Decider() {
			return false // selecting a friendly stand
		}
		target := u.Formation
		if s.rs().IsTitan(u) {
			target = u.ID // a titan is attacked on its own (ATII rules)
		}
		s.play(s.missionCmd(e40k.MissionGroundAttack, target, world.Vec{}))
		return true
	}
	if !s.canLand(det) {
		s.Fail(fmt.Errorf("%s carries no troops and has no room for any: click an enemy stand for a ground attack, I intercepts, H stays on the ground", s.detName(det)))
		return true
	}
	s.play(s.missionCmd(e40k.MissionTransport, "", p))
	return true
}

// pickUps are the pick-ups the rules offer now (the first takes off with
// nobody).
func (s *UI) pickUps() []*e40k.PickUpCmd {
	var out []*e40k.PickUpCmd
	for _, c := range s.legal() {
		if pc, ok := c.Cmd.(*e40k.PickUpCmd); ok {
			out = append(out, pc)
		}
	}
	return out
}

// pickingUp reports whether a landed flyer of the decider waits to pick
// troops up.
func (s *UI) pickingUp() bool { return len(s.pickUps()) > 0 }

// pickUpClick boards the clicked friendly stand's detachment (the stands
// of it the rules offer, nearest first); it reports whether it handled
// the click.
func (s *UI) pickUpClick(hit string) bool {
	u := s.State().Unit(hit)
	if u == nil || u.Side != s.Decider() {
		return false
	}
	for _, pc := range s.pickUps() {
		for _, id := range pc.Units {
			if id == hit {
				s.Play(pc)
				return true
			}
		}
	}
	s.Fail(fmt.Errorf("%s cannot board: it must be infantry, unmoved, in command, not broken, and the flyer within its move", s.Name(hit)))
	return true
}

// play plays c when it was built.
func (s *UI) play(c rules.Command) {
	if c == nil {
		s.Fail(fmt.Errorf("the ruleset makes no such command"))
		return
	}
	s.Play(c)
}

// airKey handles the flyer and transport keys; it reports whether k was
// one.
func (s *UI) airKey(k string) bool {
	switch kind := s.kind(); {
	case kind == e40k.KindMission && k == "I":
		s.play(s.missionCmd(e40k.MissionIntercept, "", world.Vec{}))
	case kind == e40k.KindMission && k == "N":
		s.play(s.missionCmd(e40k.MissionNone, "", world.Vec{}))
	case kind == e40k.KindIntercept && (k == "I" || k == "N"):
		for _, c := range s.legal() {
			if ic, ok := c.Cmd.(*e40k.InterceptCmd); ok && (ic.Interceptor != "") == (k == "I") {
				s.Play(c.Cmd)
				return true
			}
		}
		s.Fail(fmt.Errorf("no interceptor can attack"))
	case kind == e40k.KindLanding && k == "P":
		for _, pc := range s.pickUps() {
			if len(pc.Units) > 0 {
				s.Play(pc)
				return true
			}
		}
		s.Fail(fmt.Errorf("no stand in reach can board"))
	case (kind == e40k.KindLanding || kind == e40k.KindMove) && k == "U":
		s.disembark()
	case kind == e40k.KindMove && k == "B":
		s.embark()
	default:
		return false
	}
	return true
}

// airHold is H at a flyer decision: stay on the ground, let the arrival
// pass, keep the troops aboard. It reports whether it handled it.
func (s *UI) airHold() bool {
	switch s.kind() {
	case e40k.KindMission:
		s.play(s.missionCmd(e40k.MissionNone, "", world.Vec{}))
	case e40k.KindIntercept:
		return s.airKey("N")
	case e40k.KindLanding:
		for _, pc := range s.pickUps() {
			if len(pc.Units) == 0 {
				s.Play(pc)
				return true
			}
		}
		for _, c := range s.legal() {
			if dc, ok := c.Cmd.(*e40k.DisembarkCmd); ok && len(dc.Moves) == 0 {
				s.Play(c.Cmd)
				return true
			}
		}
		return false
	default:
		return false
	}
	return true
}

// disembark plays the first disembarking the rules offer for the
// selected detachment's transports (at a landing: the landing flyer's),
// toward the enemy.
func (s *UI) disembark() {
	for _, c := range s.Choices() {
		if dc, ok := c.Cmd.(*e40k.DisembarkCmd); ok && len(dc.Moves) > 0 {
			s.Play(c.Cmd)
			return
		}
	}
	s.Fail(fmt.Errorf("no stands to set down here: select a detachment whose transport carries troops that have not moved"))
}

// embark boards the selected stand (else the first stand of the
// selected detachment that can) in a transport within its move.
func (s *UI) embark() {
	var first rules.Command
	for _, c := range s.Choices() {
		ec, ok := c.Cmd.(*e40k.EmbarkCmd)
		if !ok {
			continue
		}
		if ec.Unit == s.Selected {
			s.Play(c.Cmd)
			return
		}
		if first == nil {
			first = c.Cmd
		}
	}
	if first != nil {
		s.Play(first)
		return
	}
	s.Fail(fmt.Errorf("no stand of %s can reach a transport with room", s.detName(s.Detachment())))
}

// airChoice filters the transport and flyer choices: a mission only for
// the detachment being tasked; embarking and disembarking only for the
// selected detachment when it may act. It reports whether c is kept.
func (s *UI) airChoice(c rules.Command) (keep, handled bool) {
	st := s.State()
	switch x := c.(type) {
	case *e40k.MissionCmd:
		return x.Detachment == s.flyerDet(), true
	case *e40k.PickUpCmd:
		return true, true
	case *e40k.EmbarkCmd:
		u := st.Unit(x.Unit)
		return !s.mine() || (u != nil && u.Formation == s.actor()), true
	case *e40k.DisembarkCmd:
		if s.kind() != e40k.KindMove || !s.mine() {
			return true, true
		}
		if t := st.Unit(x.Transport); t != nil && t.Formation == s.actor() {
			return true, true
		}
		for _, m := range x.Moves {
			if u := st.Unit(m.Unit); u != nil && u.Formation == s.actor() {
				return true, true
			}
		}
		return false, true
	}
	return false, false
}

// AirLines are the side panel's flyer and transport lines: each flyer
// detachment's state (at its airfield, its mission, still up, rearming,
// troops aboard), the stands each transport carries, and at the flyer
// step how to task the detachment waiting and the odds of a ground
// attack on the enemy stand under the pointer.
func (s *UI) AirLines() []string {
	st := s.State()
	rs := s.rs()
	var out []string
	if det := s.flyerDet(); det != "" {
		ln := fmt.Sprintf("Task %s: click an enemy stand for a ground attack, I intercepts, H stays on the ground", s.detName(det))
		if n := s.carries(det); n > 0 {
			ln += fmt.Sprintf("; it carries %d stand(s): click the table where it should land", n)
		} else if n := s.room(det); n > 0 {
			ln += fmt.Sprintf("; it has room for %d stand(s): click the table beside friendly infantry to land and pick them up", n)
		}
		out = append(out, ln+".")
		if s.HasCursor && s.Hover == "" && s.canLand(det) {
			if c := s.missionCmd(e40k.MissionTransport, "", s.Cursor); c != nil {
				if err := c.Validate(st); err != nil {
					out = append(out, "Cannot land here: "+s.Named(err.Error()))
				} else {
					out = append(out, fmt.Sprintf("Landing at (%.0f, %.0f): click to send it there.", s.Cursor.X, s.Cursor.Y))
				}
			}
		}
		if u := st.Unit(s.Hover); u != nil && u.Side != s.Decider() && !u.OffTable && rs.IsTitan(u) {
			if v, err := rs.FlyerTitanPlan(st, det, u.ID); err == nil {
				ln := fmt.Sprintf("Ground attack on titan %s: %d ATII attack(s) at Gunnery 4+", s.Name(u.ID), len(v.Attacks))
				if od, err := v.Odds(); err == nil && len(od) > 0 {
					ln += fmt.Sprintf(", %.0f%% for a hit on the titan behind its shields (first attack)", 100*od[0].AtLeastOneTitanHit)
				}
				out = append(out, ln)
			}
		} else if u != nil && u.Side != s.Decider() && !u.OffTable {
			if plan, err := rs.GroundAttackPlan(st, det, u.Formation); err == nil {
				ln := fmt.Sprintf("Ground attack on %s: firepower %d (%s)", s.detName(u.Formation), plan.Firepower, plan.Situation)
				if od, err := plan.Odds(s.opts()); err == nil {
					ln += fmt.Sprintf(", %.1f hits expected, %.0f%% to destroy at least one stand", od.Hits.Mean(), 100*od.Destroyed.AtLeast(1))
				}
				out = append(out, ln)
			}
		}
	}
	if s.kind() == e40k.KindLanding && s.pickingUp() && s.Decider() == st.Pending.Side {
		ln := "Pick-up: click a friendly stand outlined in green (its detachment's stands in reach board), P boards the nearest, H takes off."
		if pcs := s.pickUps(); len(pcs) > 0 {
			if t := st.Unit(pcs[0].Transport); t != nil {
				ln = fmt.Sprintf("%s has landed with room for %d stand(s). ", s.Name(t.ID), s.room(t.Formation)) + ln
			}
		}
		out = append(out, ln)
	}
	for _, sd := range st.Sides {
		for _, det := range rs.FlyerDetachments(st, sd.ID) {
			out = append(out, s.flyerLine(det, sd.ID))
		}
	}
	for i := range st.Units {
		t := &st.Units[i]
		if t.Destroyed || t.OffTable {
			continue
		}
		if c := e40k.Carried(st, t.ID); len(c) > 0 {
			names := make([]string, len(c))
			for k, u := range c {
				names[k] = s.Name(u.ID)
			}
			out = append(out, fmt.Sprintf("%s carries %s", s.Name(t.ID), strings.Join(names, ", ")))
		}
	}
	if len(out) > 0 && s.kind() == e40k.KindMove && s.mine() {
		out = append(out, "B boards the selected stand in a transport within its move; U sets the selected detachment's carried stands down (their move less 5 cm).")
	}
	return out
}

// airPanel writes AirLines.
func (s *UI) airPanel(c *play.Column) {
	lines := s.AirLines()
	if len(lines) == 0 {
		return
	}
	l := c.Layout()
	for i, ln := range lines {
		col := play.ColDim
		if i == 0 && (s.flyerDet() != "" || s.kind() == e40k.KindLanding && s.pickingUp()) {
			col = play.ColGold
		}
		c.Line(ln, l.Px(12), false, col)
	}
	c.Gap(6)
}

// airBanner is the banner's key line at a flyer or landing decision ("" at
// others).
func (s *UI) airBanner(kind string) string {
	if kind == e40k.KindLanding && s.pickingUp() {
		return "Click a friendly stand in reach (outlined): its detachment's stands board; P boards the nearest; H takes off; or pick a choice."
	}
	switch kind {
	case e40k.KindMission:
		return "Click an enemy stand: ground attack on its detachment; click the table: land there (transport: set troops down, pick troops up); I intercepts; H (or N) stays on the ground; or pick a choice."
	case e40k.KindIntercept:
		return "I: the first interceptor attacks the arriving flyers (a dogfight); H (or N) lets them pass; or pick a choice."
	case e40k.KindLanding:
		return "U sets the troops down toward the enemy (each up to its move less 5 cm); H keeps them aboard; or pick a choice."
	}
	return ""
}

// airRollNote explains the flyer rolls in the dice tray ("" for others).
func airRollNote(p string) string {
	switch {
	case strings.HasPrefix(p, "dogfight:"):
		return "dogfight: each gunnery die at the target flyer's armour or more hits, and one hit shoots it down at once"
	case strings.HasPrefix(p, "flak:"):
		return "flak: a die per firepower point; each at the flyer's armour or more shoots one flyer down before it attacks"
	}
	return ""
}

// airRollHead is the tray heading a flyer roll opens ("" for others).
func (s *UI) airRollHead(purpose string) string {
	for _, pre := range []string{"dogfight: ", "flak: "} {
		if strings.HasPrefix(purpose, pre) {
			return s.Named(purpose)
		}
	}
	return ""
}

// decorateAir draws the flyer step's ground-attack targets (the enemy
// detachments on the table, outlined as fire targets, the one under the
// mouse labelled with its odds) and, while a detachment of the decider's
// moves, how many stands its transports carry.
func (s *UI) decorateAir(add func(scene.Layer, scene.Prim), lbl func(string, world.Vec, float64), px float64) {
	st := s.State()
	if det := s.flyerDet(); det != "" {
		seen := map[string]bool{}
		for _, c := range s.legal() {
			mc, ok := c.Cmd.(*e40k.MissionCmd)
			if !ok || mc.Detachment != det || mc.Mission != e40k.MissionGroundAttack || seen[mc.Target] {
				continue
			}
			seen[mc.Target] = true
			ms := s.members(mc.Target)
			if u := st.Unit(mc.Target); u != nil && s.rs().IsTitan(u) {
				add(scene.LayerLOS, outline(s.Base(u), colLegal, 3*px, nil))
				continue // a titan: its odds are in the panel
			}
			for _, u := range ms {
				add(scene.LayerLOS, outline(s.Base(u), colLegal, 3*px, nil))
			}
			if len(ms) == 0 || !s.hovered(mc.Target) {
				continue
			}
			if plan, err := s.rs().GroundAttackPlan(st, det, mc.Target); err == nil {
				if od, err := plan.Odds(s.opts()); err == nil {
					lbl(fmt.Sprintf("ground attack: %.2f hits, %.2f kills", od.Hits.Mean(), od.Destroyed.Mean()), ms[0].Pos, s.Base(ms[0]).Foot.BoundRadius())
				}
			}
		}
		return
	}
	if s.kind() == e40k.KindLanding {
		for _, pc := range s.pickUps() {
			for _, id := range pc.Units {
				if u := st.Unit(id); u != nil && !u.OffTable {
					add(scene.LayerLOS, outline(s.Base(u), colLegal, 3*px, nil))
				}
			}
		}
		return
	}
	if s.kind() != e40k.KindMove || !s.mine() {
		return
	}
	for _, u := range s.members(s.Detachment()) {
		if n := len(e40k.Carried(st, u.ID)); n > 0 {
			lbl(fmt.Sprintf("carries %d", n), u.Pos, s.Base(u).Foot.BoundRadius())
		}
	}
}

// flyerLine is a flyer detachment's line in the panel: off the table, and
// what it does (its mission, where, whether it has arrived), or rearming,
// or ready at its airfield; its flyers and the stands aboard.
func (s *UI) flyerLine(det, side string) string {
	st := s.State()
	f := st.Formation(det)
	a := airState(st)
	var so *e40k.Sortie
	idx := -1
	for i := range a.Sorties {
		if a.Sorties[i].Detachment == det {
			so, idx = &a.Sorties[i], i
		}
	}
	inStep := st.Step == e40k.StepFlyers && !a.Done
	when := ""
	if inStep && so != nil {
		switch {
		case idx > a.Next || idx == a.Next && a.Stage == 0:
			when = ", inbound"
		case idx == a.Next:
			when = ", arriving now"
		}
	}
	state := "ready at its airfield"
	switch {
	case f.Markers.Value(e40k.MarkAloft) > 0:
		state = "intercept mission: top cover over its table edge, still up"
	case f.Orders == e40k.MissionIntercept:
		state = "intercept mission" + when
	case f.Orders == e40k.MissionGroundAttack && so != nil:
		state = "ground attack on " + s.detName(so.Target) + when
	case f.Orders == e40k.MissionTransport && so != nil:
		state = fmt.Sprintf("transport mission, landing at (%.0f, %.0f)%s", so.To.X, so.To.Y, when)
	case f.Orders != "":
		state = f.Orders + " mission" + when
	case inStep && so != nil && so.Mission == e40k.MissionNone:
		state = "stays on the ground this turn"
	case f.Markers.Value(e40k.MarkRearm) > st.Turn:
		state = fmt.Sprintf("rearming at its airfield (ready on turn %d)", f.Markers.Value(e40k.MarkRearm))
	}
	n := len(s.flyerUnits(st, det))
	ln := fmt.Sprintf("Flyers %s (%s, %d off the table): %s", s.detName(det), s.SideName(side), n, state)
	if c := s.carries(det); c > 0 {
		ln += fmt.Sprintf("; %d stand(s) aboard", c)
	}
	return ln
}
