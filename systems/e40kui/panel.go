package e40kui

import (
	"fmt"
	"strings"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// StepName names a flow step for a player: the banner's title and the
// dice log's lines (play.SystemUI).
func (s *UI) StepName(step string) string { return stepName(step) }

// stepName names a flow step for the banner and the dice log.
func stepName(step string) string {
	switch step {
	case e40k.StepSetup:
		return "Set-up"
	case e40k.StepOrders:
		return "Orders phase"
	case e40k.StepMoveInit, e40k.StepShootInit, e40k.StepShootInit2, e40k.StepAssaultInit:
		return "Initiative"
	case e40k.StepTitanMove:
		return "Movement phase: titans"
	case e40k.StepFlyers:
		return "Movement phase: flyers"
	case e40k.StepMovement:
		return "Movement phase"
	case e40k.StepShooting:
		return "Shooting phase"
	case e40k.StepWarEngines:
		return "Shooting phase: war engines and titans"
	case e40k.StepTitanAssault:
		return "Assault phase: titans"
	case e40k.StepAssault:
		return "Assault phase"
	case e40k.StepRally:
		return "Rally phase"
	}
	return step
}

// setup is the scenario's E40K set-up (zero when unreadable), read once:
// it is fixed for the game.
func (s *UI) setup() e40k.Setup {
	if s.su == nil {
		var su e40k.Setup
		_, _ = s.State().GetExt(e40k.ExtSetup, &su)
		s.su = &su
	}
	return *s.su
}

// TurnText is "Turn 2 of 5" ("Before the battle" at set-up).
func (s *UI) TurnText() string {
	st := s.State()
	if st.Turn == 0 {
		return "Before the battle"
	}
	if n := s.setup().TurnLimit; n > 0 {
		return fmt.Sprintf("Turn %d of %d", st.Turn, n)
	}
	return fmt.Sprintf("Turn %d", st.Turn)
}

// DecisionBanner is the banner's title (turn and phase) and, for a
// human's decision and the end screen, its lines: what the decider may do
// and the keys that do it, or the result.
func (s *UI) DecisionBanner(m play.Mode) play.Banner {
	st := s.State()
	b := play.Banner{Title: s.TurnText() + " - " + stepName(st.Step)}
	switch m {
	case play.ModeOver:
		b.Title = "Game over"
		if r := st.Result; r != nil {
			b.Who = r.Kind
			if r.Winner != "" {
				b.Who = s.SideName(r.Winner) + ": " + r.Kind
			}
			if r.Text != "" {
				b.Lines = append(b.Lines, s.resultText(r))
			}
		}
		b.Lines = append(b.Lines, "Ctrl+S saves the finished game; Ctrl+N starts a new one.")
		return b
	case play.ModeHandover, play.ModeThinking, play.ModeTray, play.ModeDice:
		return b
	}
	b.Who = s.SideName(s.Decider()) + " to decide"
	p := st.Pending
	if p == nil {
		return b
	}
	if p.Prompt != "" {
		b.Lines = append(b.Lines, s.Named(p.Prompt))
	}
	switch p.Kind {
	case e40k.KindOrders:
		b.Lines = append(b.Lines, "Click a detachment, then its orders: 1 assault, 2 march, 3 overwatch, 4 (or S) special for artillery, or click one; Tab: next detachment.")
	case e40k.KindInitiative:
		b.Lines = append(b.Lines, "F (or 1) goes first, S (or 2) goes second.")
	case e40k.KindSpecialRest:
		b.Lines = append(b.Lines, "Special orders: the artillery bombards; the rest of the detachment 1 (or M) moves up to 5 cm and fires, 2 (or W) goes on overwatch (E40K-ART-1).")
	case e40k.KindMove, e40k.KindAssault:
		drag := "Drag a stand: its detachment moves with it (T: one stand at a time)"
		if s.Single {
			drag = "One stand at a time: drag a stand (T: the whole detachment)"
		}
		b.Lines = append(b.Lines, drag+"; 1 drafts the suggested move; Enter moves; H stays put; Tab: next detachment.")
	case e40k.KindFire:
		b.Lines = append(b.Lines, "Click an enemy stand to aim the selected detachment, then Enter (or click again) fires; H does not shoot.")
	case e40k.KindBombard:
		b.Lines = append(b.Lines, "Bombardment at the start or the end of the movement of "+s.enemyName()+" (E40K-ART-1): click an enemy stand to aim, Enter fires; H holds fire.")
	case e40k.KindOverwatch:
		b.Lines = append(b.Lines, "Click an enemy stand to aim, Enter fires; H holds fire.")
	case e40k.KindSnapFire:
		b.Lines = append(b.Lines, "Snap fire: click your detachment, then a stand that has just made assault moves to aim; Enter fires (unfired stands, out of command too, firepower only); H holds fire.")
	case e40k.KindRally:
		b.Lines = append(b.Lines, "Enter tests the selected detachment's rally; H leaves it broken.")
	case e40k.KindCounterattack:
		b.Lines = append(b.Lines, fmt.Sprintf("Counterattack card (REM-CC-1; you hold %d): C plays it and re-rolls your lower result die; H (or K) keeps it; or pick a choice.", s.rs().CardsLeft(st, p.Side)))
	case e40k.KindMission, e40k.KindIntercept, e40k.KindLanding:
		b.Lines = append(b.Lines, s.airBanner(p.Kind))
	case e40k.KindTitanMove:
		b.Lines = append(b.Lines, "Drag the titan where it should go (it turns to walk there), or pick a suggested move by its number; Enter moves; H holds.")
	default:
		b.Lines = append(b.Lines, "Pick a choice with its number key or its button; H passes.")
	}
	return b
}

// enemyName is the name of the decider's enemy (the other side).
func (s *UI) enemyName() string {
	for _, sd := range s.State().Sides {
		if sd.ID != s.Decider() {
			return s.SideName(sd.ID)
		}
	}
	return "the enemy"
}

// Panel writes the side panel: how to win, the previews, the choices and
// the selected detachment; on the end screen the debrief.
func (s *UI) Panel(c *play.Column) {
	l := c.Layout()
	norm, small := l.Px(13), l.Px(12)
	if s.Mode() == play.ModeOver {
		s.debrief(c)
		return
	}
	c.Line(s.TurnText()+" - "+stepName(s.State().Step)+": how to win", norm, true, play.ColText)
	for _, ln := range s.WinLines() {
		c.Line(ln, small, false, play.ColDim)
	}
	c.Gap(6)
	if mp := s.PreviewMove(); mp != nil {
		for i, ln := range mp.Lines(s.detOrName) {
			col := play.ColText
			if i == 0 {
				col = play.ColGood
				if mp.Err != nil {
					col = play.ColBad
				}
			}
			c.Line(ln, small, i == 0, col)
		}
		c.Gap(6)
	}
	if tp := s.PreviewTitan(); tp != nil {
		for i, ln := range tp.Lines(s.Name) {
			col := play.ColText
			if i == 0 {
				col = play.ColGood
				if tp.Err != nil {
					col = play.ColBad
				}
			}
			c.Line(ln, small, i == 0, col)
		}
		c.Gap(6)
	}
	if fp := s.FirePreview(); fp != nil {
		for i, ln := range fp.Lines(s.detOrName) {
			col := play.ColText
			if fp.Err != nil {
				col = play.ColBad
			} else if i == 0 {
				col = play.ColGold
			}
			c.Line(ln, small, i == 0, col)
		}
		c.Gap(6)
	}
	s.airPanel(c)
	s.lostPanel(c)
	if s.Mode() == play.ModeTurn {
		s.choiceButtons(c)
	}
	s.detachmentPanel(c)
}

// detOrName names a detachment or a unit.
func (s *UI) detOrName(id string) string {
	if s.State().Formation(id) != nil {
		return s.detName(id)
	}
	return s.Name(id)
}

// WinLines say how the game is won: army morale, the turn limit and the
// scenario's objectives.
func (s *UI) WinLines() []string {
	su := s.setup()
	out := []string{"An army that has lost half its stands loses at the end of a turn (army morale)."}
	if su.TurnLimit > 0 {
		out = append(out, fmt.Sprintf("After turn %d the side that destroyed the larger share of the enemy wins.", su.TurnLimit))
	}
	out = append(out, s.victoryLines()...)
	for _, o := range su.Objectives {
		out = append(out, fmt.Sprintf("Objective %s at (%.0f, %.0f).", s.objectiveLabel(o.ID), o.Pos.X, o.Pos.Y))
	}
	// While the dice tray runs, the counts are those before the dice.
	shown := s.Shown()
	for _, sd := range shown.Sides {
		n, left := 0, 0
		for _, u := range shown.Units {
			if u.Side == sd.ID {
				n++
				if !u.Destroyed {
					left++
				}
			}
		}
		out = append(out, fmt.Sprintf("%s: %d of %d stands left.", s.SideName(sd.ID), left, n))
	}
	return out
}

// choiceButtons lists the decision's discrete choices as buttons (the
// digit keys pick them too).
func (s *UI) choiceButtons(c *play.Column) {
	l := c.Layout()
	small := l.Px(12)
	cs := s.Choices()
	if len(cs) == 0 {
		return
	}
	c.Line("Choices (click or number key):", l.Px(13), true, play.ColText)
	for i, ch := range cs {
		i := i
		label := fmt.Sprintf("%d. %s", i+1, s.Named(ch.Text))
		lines := c.Wrap(label, small, c.W-l.Px(10), false)
		bh := float64(len(lines))*small*1.3 + l.Px(4)
		top := c.Y
		if top+bh > c.MaxY {
			break
		}
		br := scene.Rect{Min: world.Vec{X: c.X - l.Px(4), Y: top}, Max: world.Vec{X: c.X + c.W, Y: top + bh}}
		c.Rect(br, play.ColButton, play.ColEdge, l.Px(1))
		c.AddButton(play.Button{Label: label, R: br, Do: func() { s.Choose(i) }})
		c.Y += l.Px(2)
		for _, ln := range lines {
			c.Text(c.X, c.Y+small*0.6, ln, small, false, play.ColText)
			c.Y += small * 1.3
		}
		c.Y += l.Px(4)
	}
	c.Gap(6)
}

// DetachmentLines describe the selected detachment: orders, blast
// markers, broken, then each stand with its profile.
func (s *UI) DetachmentLines() []string {
	st := s.State()
	det := s.Detachment()
	f := st.Formation(det)
	if f == nil {
		return nil
	}
	orders := f.Orders
	if orders == "" {
		orders = "none yet"
	}
	head := fmt.Sprintf("%s (%s): orders %s, %d blast marker(s)", s.detName(det), s.SideName(f.Side), orders, f.Markers.Value(e40k.MarkBlast))
	if f.Broken {
		head += ", BROKEN"
	}
	titans := false
	for _, u := range s.members(det) {
		titans = titans || s.rs().IsTitan(u)
	}
	if titans {
		head = fmt.Sprintf("%s (%s): titans (ATII rules; no orders, no blast markers)", s.detName(det), s.SideName(f.Side))
	}
	out := []string{head}
	if s.mine() {
		out = append(out, "May act now.")
	}
	for _, u := range s.members(det) {
		p, err := s.rs().Profile(st, u)
		if err != nil {
			continue
		}
		if s.rs().IsTitan(u) {
			out = append(out, fmt.Sprintf("%s: %s, Speed %.0f, void shields %d of %d", s.Name(u.ID), p.Name, p.Speed, u.Shields, p.Shields))
			continue
		}
		ln := fmt.Sprintf("%s: %s, Speed %.0f, FP %d, range %.0f, CAF %d, armour %d+", s.Name(u.ID), p.Name, p.Speed, p.Firepower, p.Range, p.Assault, p.Armour)
		var notes []string
		if u.Markers.Value(e40k.MarkHQ) > 0 {
			notes = append(notes, "HQ")
		}
		if u.Markers.Value(e40k.MarkOutOfCommand) > 0 {
			notes = append(notes, "out of command")
		}
		if p.DC > 1 {
			notes = append(notes, fmt.Sprintf("DC %d of %d", p.DC-u.Markers.Value(e40k.MarkDamage), p.DC))
		}
		if p.Shields > 0 {
			notes = append(notes, fmt.Sprintf("shields %d of %d", u.Shields, p.Shields))
		}
		for _, w := range p.SuperHeavy {
			notes = append(notes, fmt.Sprintf("%s (%s, %.0f cm)", w.Name, w.Kind, w.Range))
		}
		notes = append(notes, e40k.CriticalNotes(&p, u)...) // critical damage (digest 8.5)
		if len(notes) > 0 {
			ln += " [" + strings.Join(notes, "; ") + "]"
		}
		out = append(out, ln)
	}
	return out
}

// detachmentPanel writes the selected detachment's lines.
func (s *UI) detachmentPanel(c *play.Column) {
	l := c.Layout()
	lines := s.DetachmentLines()
	if len(lines) == 0 {
		c.Line("Click a stand to select its detachment.", l.Px(12), false, play.ColDim)
		return
	}
	for i, ln := range lines {
		if i == 0 {
			c.Line(ln, l.Px(14), true, play.ColGold)
			continue
		}
		c.Line(ln, l.Px(11), false, play.ColText)
	}
}

// debrief is the end screen: the result and each side's losses.
func (s *UI) debrief(c *play.Column) {
	l := c.Layout()
	for _, ln := range s.DebriefLines() {
		c.Line(ln, l.Px(12), false, play.ColText)
	}
}

// DebriefLines are the end screen's texts: the result and why, each
// side's stands and detachments lost and broken, the points destroyed.
func (s *UI) DebriefLines() []string {
	st := s.State()
	var out []string
	if r := st.Result; r != nil {
		w := "a draw"
		if r.Winner != "" {
			w = s.SideName(r.Winner) + " wins"
		}
		out = append(out, fmt.Sprintf("Result: %s (%s)", r.Kind, w))
		if r.Text != "" {
			out = append(out, s.resultText(r))
		}
	}
	out = append(out, fmt.Sprintf("The battle lasted %d turn(s).", st.Turn))
	for _, sd := range st.Sides {
		lost, n, broken := 0, 0, 0
		for _, u := range st.Units {
			if u.Side == sd.ID {
				n++
				if u.Destroyed {
					lost++
				}
			}
		}
		for _, f := range st.Formations {
			if f.Side == sd.ID && f.Broken && len(s.members(f.ID)) > 0 {
				broken++
			}
		}
		ln := fmt.Sprintf("%s lost %d of %d stands; %d detachment(s) broken at the end", s.SideName(sd.ID), lost, n, broken)
		if vp := s.rs().Points(st, sd.ID); vp > 0 {
			ln += fmt.Sprintf("; %d victory points (enemy points destroyed)", vp)
		}
		out = append(out, ln+".")
		for _, f := range st.Formations {
			if f.Side != sd.ID {
				continue
			}
			all, left := 0, 0
			for _, u := range st.Units {
				if u.Formation == f.ID {
					all++
					if !u.Destroyed {
						left++ // flyers at their airfield and stands aboard count
					}
				}
			}
			fate := fmt.Sprintf("%d of %d stands left", left, all)
			switch {
			case left == 0:
				fate = "destroyed"
			case f.Broken:
				fate += ", broken"
			}
			out = append(out, fmt.Sprintf("  %s: %s", s.detName(f.ID), fate))
		}
	}
	return out
}

// objectiveLabel is an objective's label in the scenario, else its id.
func (s *UI) objectiveLabel(id string) string {
	if sc := s.G.Scenario; sc != nil {
		for _, o := range sc.Objectives {
			if o.ID == id && o.Label != "" {
				return o.Label
			}
		}
	}
	return id
}
