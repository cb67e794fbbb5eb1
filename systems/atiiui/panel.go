package atiiui

import (
	"fmt"
	"sort"
	"strings"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/world"
)

// Panel writes the side panel: how to win, the viewer's secrets, the last
// dangerous move, the actions with their previews and the selected titan's
// profile; on the end screen the debrief.
func (s *UI) Panel(c *play.Column) {
	l := c.Layout()
	big, norm, small := l.Px(15), l.Px(13), l.Px(12)
	st := s.State()
	if s.Mode() == play.ModeOver {
		s.debrief(c)
		return
	}
	// How the game is won (the victory conditions, the objectives).
	c.Line(s.TurnText()+": how to win", norm, true, play.ColText)
	for _, ln := range s.MissionLines() {
		c.Line(ln, small, false, play.ColDim)
	}
	c.Gap(6)
	// The viewer's secrets.
	for i, ln := range s.Secret(s.Viewer()) {
		col, size := play.ColText, small
		switch {
		case i == 0:
			col = play.ColGold
		case i > 1:
			col, size = play.ColDim, l.Px(11)
		}
		c.Line(ln, size, i == 0, col)
	}
	if len(s.Secret(s.Viewer())) > 0 {
		c.Gap(6)
	}
	// At set-up, the force level (points limit) of a generated mission.
	if st.Step == atii.StepDeploy {
		if ln := s.ForceLimits(); ln != "" {
			c.Line(ln, small, true, play.ColGold)
			c.Gap(6)
		}
	}
	// The last dangerous move: the rolled allowance against the path.
	if r := s.Result; r != nil {
		c.Line("Last move ("+s.Name(r.Unit)+")", norm, true, play.ColText)
		col := play.ColGood
		if !r.Complete {
			col = play.ColGold
		}
		c.Line(r.Text(), small, true, col)
		c.Gap(6)
	}
	// Actions.
	if s.Mode() == play.ModeTurn {
		s.actions(c)
	}
	// The selected titan.
	u, prof := s.profile(s.Selected)
	if u == nil || prof == nil {
		c.Line("Click a titan for its profile, weapons and damage.", small, false, play.ColDim)
		return
	}
	c.Gap(6)
	c.Line(fmt.Sprintf("%s (%s, %s)", s.Name(u.ID), prof.Name, s.SideName(u.Side)), big, true, play.ColGold)
	ts, _ := atii.TitanOf(u)
	opts, _ := atii.ParseOptions(st.Options)
	c.Line(fmt.Sprintf("Speed %.0f cm (now %.0f)  Man %d  Gunnery %d+  CC %d+  Repair %d dice", prof.Speed, atii.Speed(prof, ts, opts), sheet.Of(prof).Man, sheet.Of(prof).Gunnery, sheet.Of(prof).CCSkill, sheet.Of(prof).RepairDice), small, false, play.ColText)
	c.Line(fmt.Sprintf("Void shields: %d of %d up (%d down, %d repairing, %d lost)", ts.ShieldsUp(prof), sheet.Of(prof).VoidShields, ts.ShieldsDown, ts.ShieldsRepairing, ts.ShieldsLost), small, false, play.ColText)
	var dmg []string
	for _, loc := range atii.Locations(prof) {
		lv := ts.Level(loc)
		dmg = append(dmg, fmt.Sprintf("%s: %s", plainTerms(loc), lv))
	}
	c.Line("Damage: "+strings.Join(dmg, ", "), small, false, play.ColText)
	if ts.Destroyed {
		c.Line("DESTROYED: "+ts.Cause, norm, true, play.ColBad)
	}
	c.Gap(4)
	c.Line("Weapons", norm, true, play.ColText)
	for i, w := range s.Weapons(u.ID) {
		col := play.ColText
		mark := fmt.Sprintf("%d. ", i+1)
		if w.Mount == s.Weapon && s.Playable(u.ID) && st.Step == atii.StepShooting {
			col = play.ColGold
			mark = "> " + mark
		}
		line := fmt.Sprintf("%s%s: %s (%s)", mark, mountName(w.Mount), w.Name, weaponStats(w.Weapon, w.Arc))
		c.Line(line, small, false, col)
		if w.Usable != "" {
			c.Line("   "+cannotFire(w.Usable), small, false, play.ColDim)
		}
	}
}

// actions lists what the decider may do now in the panel, with the
// previews of the drafted move or declared shots.
func (s *UI) actions(c *play.Column) {
	l := c.Layout()
	small, norm := l.Px(12), l.Px(13)
	st := s.State()
	switch st.Step {
	case atii.StepMovement, atii.StepAssault:
		if mp := s.PreviewMove(); mp != nil {
			c.Line("Move preview ("+s.Name(s.Selected)+")", norm, true, play.ColText)
			v, warn := mp.Verdict()
			col := play.ColGood
			switch {
			case mp.Err != nil:
				col = play.ColBad
			case warn:
				col = play.ColGold
			}
			c.Line(v, small, true, col)
			for _, ln := range mp.Lines {
				c.Line(ln, small, false, play.ColText)
			}
			c.Gap(6)
		}
	case atii.StepShooting:
		if st.Pending != nil && st.Pending.Kind == "fire" && s.Playable(s.Selected) {
			if len(s.Shots) > 0 {
				c.Line("Declared, resolved weakest first (Enter fires):", norm, true, play.ColText)
				for _, sh := range s.resolvedShots() {
					c.Line(fmt.Sprintf("  %s at %s, aimed %s", s.weaponLabel(s.Selected, sh.Mount), s.Name(sh.Target), sh.Aim), small, false, play.ColGold)
				}
			}
			if s.Weapon == "" {
				c.Line("Pick a weapon (1-9) to see its targets; H holds fire.", norm, true, play.ColText)
				c.Gap(6)
				return
			}
			c.Line(fmt.Sprintf("Targets for %s (aim %s, T toggles):", s.weaponLabel(s.Selected, s.Weapon), s.chosenAim()), norm, true, play.ColText)
			for _, t := range s.Targets() {
				if t.Reason != "" {
					c.Line(fmt.Sprintf("  %s: cannot: %s", s.Name(t.ID), s.named(t.Reason)), small, false, play.ColBad)
					continue
				}
				c.Line(fmt.Sprintf("  %s: %s at %.1f cm, %s", s.Name(t.ID), t.ToHit.String(), t.Geo.Range, t.Geo.LOS), small, false, play.ColGood)
				for _, ln := range shotLines(t) {
					c.Line("    "+ln, small, false, play.ColText)
				}
			}
			c.Gap(6)
			return
		}
	case atii.StepRally:
		rp := s.RepairChoices()
		if !s.Allocating() && s.Playable(s.Selected) && len(rp) > 0 {
			c.Line("Can repair (Enter rolls, then you allocate):", norm, true, play.ColText)
			for _, r := range rp {
				c.Line("  "+r.Label, small, false, play.ColText)
			}
			c.Gap(6)
		}
	}
	cs := s.Choices()
	if len(cs) > 0 {
		c.Line("Choices (click or number key):", norm, true, play.ColText)
		for i, ch := range cs {
			i := i
			label := fmt.Sprintf("%d. %s", i+1, s.named(s.weaponsNamed(ch)))
			lines := c.Wrap(label, small, c.W-l.Px(10), false)
			top := c.Y
			if top+float64(len(lines))*small*1.3+l.Px(4) > c.MaxY {
				break
			}
			bh := float64(len(lines))*small*1.3 + l.Px(4)
			br := scene.Rect{Min: world.Vec{X: c.X - l.Px(4), Y: top}, Max: world.Vec{X: c.X + c.W, Y: top + bh}}
			c.Rect(br, play.ColButton, play.ColEdge, l.Px(1))
			c.AddButton(play.Button{Label: label, R: br, Do: func() { s.pickChoice(i) }})
			c.Y += l.Px(2)
			for _, ln := range lines {
				c.Text(c.X, c.Y+small*0.6, ln, small, false, play.ColText)
				c.Y += small * 1.3
			}
			c.Y += l.Px(4)
		}
	}
}

// pickChoice answers with discrete choice i, the same as its number key
// outside the shooting and rally steps.
func (s *UI) pickChoice(i int) { s.Choose(i) }

// debrief shows the result: VP per titan and location, objectives revealed.
func (s *UI) debrief(c *play.Column) {
	l := c.Layout()
	big, norm, small := l.Px(16), l.Px(13), l.Px(12)
	st := s.State()
	if st.Result != nil {
		c.Line("Result: "+play.Capitalize(st.Result.Kind), big, true, play.ColGold)
		if st.Result.Winner != "" {
			c.Line("Winner: "+s.SideName(st.Result.Winner), norm, true, play.ColText)
		}
		c.Line(s.ResultWhy(), small, false, play.ColText)
	}
	if vl := s.VictoryLines(); len(vl) > 0 {
		c.Gap(6)
		c.Line("Victory conditions at the end", norm, true, play.ColText)
		for _, ln := range vl {
			c.Line(ln, small, false, play.ColText)
		}
	}
	if ol := s.ObjectiveLines(); len(ol) > 0 {
		c.Gap(6)
		c.Line("Objective markers at the end", norm, true, play.ColText)
		for _, ln := range ol {
			c.Line(ln, small, false, play.ColText)
		}
	}
	if vp, err := s.rs().VictoryPoints(st); err == nil {
		c.Gap(6)
		c.Line("Victory points", norm, true, play.ColText)
		var sides []string
		for k := range vp {
			sides = append(sides, k)
		}
		sort.Strings(sides)
		for _, sd := range sides {
			c.Line(fmt.Sprintf("%s: %d VP", s.SideName(sd), vp[sd]), small, true, play.ColText)
		}
	}
	c.Gap(6)
	c.Line("Titans (damage by location)", norm, true, play.ColText)
	for i := range st.Units {
		u := &st.Units[i]
		_, prof := s.profile(u.ID)
		if prof == nil {
			continue
		}
		ts, _ := atii.TitanOf(u)
		var dmg []string
		for _, loc := range atii.Locations(prof) {
			if lv := ts.Level(loc); lv != atii.Undamaged {
				dmg = append(dmg, fmt.Sprintf("%s %s", plainTerms(loc), lv))
			}
		}
		state := "undamaged"
		if len(dmg) > 0 {
			state = strings.Join(dmg, ", ")
		}
		if ts.Destroyed {
			state = "DESTROYED (" + ts.Cause + ")"
		}
		vp := atii.TitanVictoryPoints(prof, prof.Points, ts, u.OffTable, false)
		c.Line(fmt.Sprintf("%s (%s, %d pts): %s; worth %d VP", s.Name(u.ID), s.SideName(u.Side), prof.Points, state, vp), small, false, play.ColText)
	}
	if cards := s.cards(); len(cards) > 0 {
		c.Gap(6)
		c.Line("Objectives revealed", norm, true, play.ColText)
		var sides []string
		for k := range cards {
			sides = append(sides, k)
		}
		sort.Strings(sides)
		for _, sd := range sides {
			cd := cards[sd]
			title, note := cardTitle(cd.Name)
			c.Line(fmt.Sprintf("%s: %s (%s) - %s", s.SideName(sd), title, cd.Type, cd.Text), small, false, play.ColText)
			if note != "" {
				c.Line(note, l.Px(11), false, play.ColDim)
			}
		}
	}
}
