package play

import (
	"fmt"
	"image/color"
	"math"
	"sort"
	"strings"

	"github.com/auspex/auspex/render/adapt"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// Layout is the window area the play HUD may use, in device pixels.
type Layout struct {
	W, H float64
	// DSF is the device scale factor (UI sizes are multiplied by it).
	DSF float64
	// Top and Bottom are the heights taken by the window's toolbar and
	// status bar.
	Top, Bottom float64
	// Measure gives text widths (nil: scene.EstimateWidth).
	Measure scene.Measurer
}

func (l Layout) px(n float64) float64 {
	if l.DSF <= 0 {
		return n
	}
	return n * l.DSF
}

func (l Layout) measure(s string, size float64, bold bool) float64 {
	if l.Measure != nil {
		return l.Measure(s, size, bold)
	}
	return scene.EstimateWidth(s, size, bold)
}

// PanelW is the width of the play side panel.
func (l Layout) PanelW() float64 { return math.Min(l.px(360), l.W*0.4) }

// BannerH is the height of the phase banner.
func (l Layout) BannerH() float64 { return l.px(64) }

// LogH is the height of the dice log strip at the bottom left.
func (l Layout) LogH() float64 { return l.px(150) }

// Button is a clickable area of the play HUD.
type Button struct {
	Label string
	R     scene.Rect
	Do    func()
}

// HUD colours.
var (
	colBar    = color.NRGBA{24, 26, 30, 245}
	colText   = color.NRGBA{235, 235, 235, 255}
	colDim    = color.NRGBA{160, 165, 170, 255}
	colGold   = color.NRGBA{255, 200, 40, 255}
	colBad    = color.NRGBA{255, 110, 100, 255}
	colGood   = color.NRGBA{120, 220, 120, 255}
	colButton = color.NRGBA{60, 64, 72, 255}
	colEdge   = color.NRGBA{90, 95, 105, 255}
)

type hudb struct {
	l    Layout
	out  []scene.Prim
	btns []Button
}

func (h *hudb) rect(r scene.Rect, fill, stroke color.NRGBA, w float64) {
	h.out = append(h.out, scene.Prim{Layer: scene.LayerHUD, Kind: scene.Polygon,
		Pts:   []world.Vec{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}},
		Style: scene.Style{Fill: fill, Stroke: stroke, Width: w}})
}

func (h *hudb) text(x, y float64, s string, size float64, bold bool, c color.NRGBA) {
	h.out = append(h.out, scene.Prim{Layer: scene.LayerHUD, Kind: scene.Text, C: world.Vec{X: x, Y: y}, Text: s, Size: size, Bold: bold, Align: scene.AlignLeft, Style: scene.Style{Fill: c}})
}

func (h *hudb) button(x, y float64, label string, do func()) float64 {
	size := h.l.px(13)
	w := h.l.measure(label, size, true) + h.l.px(16)
	r := scene.Rect{Min: world.Vec{X: x, Y: y}, Max: world.Vec{X: x + w, Y: y + h.l.px(24)}}
	h.rect(r, colButton, colEdge, h.l.px(1))
	h.text(x+h.l.px(8), y+h.l.px(12), label, size, true, colText)
	h.btns = append(h.btns, Button{Label: label, R: r, Do: do})
	return w + h.l.px(6)
}

// wrap splits s into lines no wider than width (see scene.Wrap).
func (h *hudb) wrap(s string, size, width float64, bold bool) []string {
	return scene.Wrap(s, size, width, bold, h.l.measure)
}

// column writes wrapped lines downward from y, stopping at maxY.
type column struct {
	h          *hudb
	x, y, w    float64
	maxY       float64
	overflowed bool
}

func (c *column) line(s string, size float64, bold bool, col color.NRGBA) {
	for _, l := range c.h.wrap(s, size, c.w, bold) {
		if c.y+size > c.maxY {
			c.overflowed = true
			return
		}
		c.h.text(c.x, c.y+size*0.6, l, size, bold, col)
		c.y += size * 1.3
	}
}

func (c *column) gap(n float64) { c.y += c.h.l.px(n) }

// HUD draws the play interface: the phase banner, the side panel (selected
// titan, actions, previews), the dice log, and over everything the
// handover screen. Secret information is drawn only for the viewer.
func (s *Session) HUD(l Layout) ([]scene.Prim, []Button) {
	h := &hudb{l: l}
	if s.mode == ModeHandover {
		s.handover(h)
		return h.out, h.btns
	}
	s.banner(h)
	s.panel(h)
	if s.mode == ModeDice && s.diceNeed != nil {
		prims, btns := DicePad(l, l.DicePadRect(), s.SideName(s.Decider())+": manual dice for "+s.diceNeed.Purpose, *s.diceNeed, s.diceTyped, s.TypeDie)
		h.out = append(h.out, prims...)
		h.btns = append(h.btns, btns...)
		return h.out, h.btns
	}
	if s.tray == nil {
		// The tray is drawn over the log strip (it shows the newest rolls
		// of the log): the backends draw text after shapes, so the log's
		// lines would show through the tray.
		s.logStrip(h)
	}
	s.drawTray(h)
	return h.out, h.btns
}

func (s *Session) banner(h *hudb) {
	l := h.l
	b := s.Banner()
	r := scene.Rect{Min: world.Vec{X: 0, Y: l.Top}, Max: world.Vec{X: l.W - l.PanelW(), Y: l.Top + l.BannerH()}}
	h.rect(r, colBar, colGold, l.px(1))
	x := l.px(12)
	y := l.Top + l.px(14)
	// End-step, undo (and in a hotseat game with secrets, show-objective)
	// buttons on the right of the banner.
	type bannerButton struct {
		label string
		do    func()
	}
	labels := []bannerButton{{"End step (E)", s.EndStep}, {"Undo (Ctrl+Z)", func() { _ = s.Undo() }}}
	if s.mode == ModeTurn && s.hotseatSecrets() {
		lb := "Show my objective (O)"
		if s.SecretsShown() {
			lb = "Hide my objective (O)"
		}
		labels = append(labels, bannerButton{lb, s.RevealSecrets})
	}
	if s.mode != ModeTurn {
		labels = labels[1:2]
	}
	if s.mode == ModeOver {
		labels = nil
	}
	bx := r.Max.X - l.px(8)
	for _, lb := range labels {
		w := l.measure(lb.label, l.px(13), true) + l.px(16)
		bx -= w + l.px(6)
		h.button(bx, l.Top+l.px(4), lb.label, lb.do)
	}
	h.text(x, y, b.Title, l.px(15), true, colGold)
	x2 := x + l.measure(b.Title, l.px(15), true) + l.px(16)
	if x2+l.measure(b.Who, l.px(15), true) < bx-l.px(8) {
		h.text(x2, y, b.Who, l.px(15), true, colText)
	} else {
		// No room beside the buttons: whose decision it is goes first in
		// the lines below.
		b.Lines = append([]string{b.Who}, b.Lines...)
	}
	c := &column{h: h, x: x, y: y + l.px(10), w: r.W() - l.px(24), maxY: r.Max.Y}
	for _, ln := range b.Lines {
		c.line(ln, l.px(12), false, colText)
	}
	if s.Msg != "" {
		col := colGood
		if s.MsgErr {
			col = colBad
		}
		// The message wraps inside the banner's width (at most four
		// lines), so a long reason never runs off the window's edge.
		size := l.px(12)
		ws := h.wrap(s.named(s.Msg), size, r.W()-l.px(24), true)
		if len(ws) > 4 {
			ws = append(ws[:3], ws[3]+" ...")
			for h.l.measure(ws[3], size, true) > r.W()-l.px(24) && len(ws[3]) > 5 {
				ws[3] = ws[3][:len(ws[3])-5] + " ..."
			}
		}
		rowH := size * 1.35
		mr := scene.Rect{Min: world.Vec{X: 0, Y: r.Max.Y}, Max: world.Vec{X: r.Max.X, Y: r.Max.Y + float64(len(ws))*rowH + l.px(8)}}
		h.rect(mr, color.NRGBA{20, 20, 24, 230}, color.NRGBA{}, 0)
		for i, ln := range ws {
			h.text(x, mr.Min.Y+l.px(4)+rowH*(float64(i)+0.5), ln, size, true, col)
		}
	}
}

// handover covers the whole window: nothing of the table or of either
// side's secrets is drawn.
func (s *Session) handover(h *hudb) {
	l := h.l
	h.rect(scene.Rect{Min: world.Vec{Y: l.Top}, Max: world.Vec{X: l.W, Y: l.H - l.Bottom}}, color.NRGBA{18, 20, 24, 255}, color.NRGBA{}, 0)
	b := s.Banner()
	y := l.H/2 - l.px(40)
	h.text(l.W/2-l.measure(b.Who, l.px(22), true)/2, y, b.Who, l.px(22), true, colGold)
	for _, ln := range b.Lines {
		y += l.px(30)
		h.text(l.W/2-l.measure(ln, l.px(14), false)/2, y, ln, l.px(14), false, colText)
	}
	lbl := "Continue (Enter)"
	h.button(l.W/2-l.measure(lbl, l.px(13), true)/2-l.px(8), y+l.px(30), lbl, s.Continue)
}

// PanelRect is the play side panel's area.
func (l Layout) PanelRect() scene.Rect {
	return scene.Rect{Min: world.Vec{X: l.W - l.PanelW(), Y: l.Top}, Max: world.Vec{X: l.W, Y: l.H - l.Bottom}}
}

func (s *Session) panel(h *hudb) {
	l := h.l
	r := l.PanelRect()
	h.rect(r, color.NRGBA{28, 30, 34, 255}, color.NRGBA{}, 0)
	c := &column{h: h, x: r.Min.X + l.px(12), y: r.Min.Y + l.px(8), w: r.W() - l.px(24), maxY: r.Max.Y - l.px(4)}
	big, norm, small := l.px(15), l.px(13), l.px(12)
	st := s.State()
	if s.mode == ModeOver {
		s.debrief(c)
		return
	}
	// How the game is won (the victory conditions, the objectives).
	c.line(s.TurnText()+": how to win", norm, true, colText)
	for _, ln := range s.MissionLines() {
		c.line(ln, small, false, colDim)
	}
	c.gap(6)
	// The viewer's secrets.
	for i, ln := range s.Secret(s.viewer) {
		col, size := colText, small
		switch {
		case i == 0:
			col = colGold
		case i > 1:
			col, size = colDim, l.px(11)
		}
		c.line(ln, size, i == 0, col)
	}
	if len(s.Secret(s.viewer)) > 0 {
		c.gap(6)
	}
	// At set-up, the force level (points limit) of a generated mission.
	if st.Step == atii.StepDeploy {
		if ln := s.ForceLimits(); ln != "" {
			c.line(ln, small, true, colGold)
			c.gap(6)
		}
	}
	// The last dangerous move: the rolled allowance against the path.
	if r := s.Result; r != nil {
		c.line("Last move ("+s.Name(r.Unit)+")", norm, true, colText)
		col := colGood
		if !r.Complete {
			col = colGold
		}
		c.line(r.Text(), small, true, col)
		c.gap(6)
	}
	// Actions.
	if s.mode == ModeTurn {
		s.actions(c)
	}
	// The selected titan.
	u, prof := s.profile(s.Selected)
	if u == nil || prof == nil {
		c.line("Click a titan for its profile, weapons and damage.", small, false, colDim)
		return
	}
	c.gap(6)
	c.line(fmt.Sprintf("%s (%s, %s)", s.Name(u.ID), prof.Name, s.SideName(u.Side)), big, true, colGold)
	ts, _ := atii.TitanOf(u)
	opts, _ := atii.ParseOptions(st.Options)
	c.line(fmt.Sprintf("Speed %.0f cm (now %.0f)  Man %d  Gunnery %d+  CC %d+  Repair %d dice", prof.Speed, atii.Speed(prof, ts, opts), prof.Man, prof.Gunnery, prof.CCSkill, prof.RepairDice), small, false, colText)
	c.line(fmt.Sprintf("Void shields: %d of %d up (%d down, %d repairing, %d lost)", ts.ShieldsUp(prof), prof.VoidShields, ts.ShieldsDown, ts.ShieldsRepairing, ts.ShieldsLost), small, false, colText)
	var dmg []string
	for _, loc := range atii.Locations(prof) {
		lv := ts.Level(loc)
		dmg = append(dmg, fmt.Sprintf("%s: %s", plainTerms(loc), lv))
	}
	c.line("Damage: "+strings.Join(dmg, ", "), small, false, colText)
	if ts.Destroyed {
		c.line("DESTROYED: "+ts.Cause, norm, true, colBad)
	}
	c.gap(4)
	c.line("Weapons", norm, true, colText)
	for i, w := range s.Weapons(u.ID) {
		col := colText
		mark := fmt.Sprintf("%d. ", i+1)
		if w.Mount == s.Weapon && s.canAct(u.ID) && st.Step == atii.StepShooting {
			col = colGold
			mark = "> " + mark
		}
		line := fmt.Sprintf("%s%s: %s (%s)", mark, mountName(w.Mount), w.Name, weaponStats(w.Weapon, w.Arc))
		c.line(line, small, false, col)
		if w.Usable != "" {
			c.line("   "+cannotFire(w.Usable), small, false, colDim)
		}
	}
}

// actions lists what the decider may do now in the panel, with the
// previews of the drafted move or declared shots.
func (s *Session) actions(c *column) {
	l := c.h.l
	small, norm := l.px(12), l.px(13)
	st := s.State()
	switch st.Step {
	case atii.StepMovement, atii.StepAssault:
		if mp := s.PreviewMove(); mp != nil {
			c.line("Move preview ("+s.Name(s.Selected)+")", norm, true, colText)
			v, warn := mp.Verdict()
			col := colGood
			switch {
			case mp.Err != nil:
				col = colBad
			case warn:
				col = colGold
			}
			c.line(v, small, true, col)
			for _, ln := range mp.Lines {
				c.line(ln, small, false, colText)
			}
			c.gap(6)
		}
	case atii.StepShooting:
		if st.Pending != nil && st.Pending.Kind == "fire" && s.canAct(s.Selected) {
			if len(s.Shots) > 0 {
				c.line("Declared (Enter fires all):", norm, true, colText)
				for _, sh := range s.Shots {
					c.line(fmt.Sprintf("  %s at %s, aimed %s", s.weaponLabel(s.Selected, sh.Mount), s.Name(sh.Target), sh.Aim), small, false, colGold)
				}
			}
			if s.Weapon == "" {
				c.line("Pick a weapon (1-9) to see its targets; H holds fire.", norm, true, colText)
				c.gap(6)
				return
			}
			c.line(fmt.Sprintf("Targets for %s (aim %s, T toggles):", s.weaponLabel(s.Selected, s.Weapon), s.Aim), norm, true, colText)
			for _, t := range s.Targets() {
				if t.Reason != "" {
					c.line(fmt.Sprintf("  %s: cannot: %s", s.Name(t.ID), s.named(t.Reason)), small, false, colBad)
					continue
				}
				c.line(fmt.Sprintf("  %s: %s at %.1f cm, %s", s.Name(t.ID), t.ToHit.String(), t.Geo.Range, t.Geo.LOS), small, false, colGood)
				for _, ln := range shotLines(t) {
					c.line("    "+ln, small, false, colText)
				}
			}
			c.gap(6)
			return
		}
	case atii.StepRally:
		rp := s.RepairChoices()
		if !s.Allocating() && s.canAct(s.Selected) && len(rp) > 0 {
			c.line("Can repair (Enter rolls, then you allocate):", norm, true, colText)
			for _, r := range rp {
				c.line("  "+r.Label, small, false, colText)
			}
			c.gap(6)
		}
	}
	cs := s.Choices()
	if len(cs) > 0 {
		c.line("Choices (click or number key):", norm, true, colText)
		for i, ch := range cs {
			i := i
			label := fmt.Sprintf("%d. %s", i+1, s.named(s.weaponsNamed(ch)))
			lines := c.h.wrap(label, small, c.w-l.px(10), false)
			top := c.y
			if top+float64(len(lines))*small*1.3+l.px(4) > c.maxY {
				break
			}
			bh := float64(len(lines))*small*1.3 + l.px(4)
			br := scene.Rect{Min: world.Vec{X: c.x - l.px(4), Y: top}, Max: world.Vec{X: c.x + c.w, Y: top + bh}}
			c.h.rect(br, colButton, colEdge, l.px(1))
			c.h.btns = append(c.h.btns, Button{Label: label, R: br, Do: func() { s.pickChoice(i) }})
			c.y += l.px(2)
			for _, ln := range lines {
				c.h.text(c.x, c.y+small*0.6, ln, small, false, colText)
				c.y += small * 1.3
			}
			c.y += l.px(4)
		}
	}
}

// pickChoice answers with discrete choice i, the same as its number key
// outside the shooting and rally steps.
func (s *Session) pickChoice(i int) { s.Choose(i) }

// debrief shows the result: VP per titan and location, objectives revealed.
func (s *Session) debrief(c *column) {
	l := c.h.l
	big, norm, small := l.px(16), l.px(13), l.px(12)
	st := s.State()
	if st.Result != nil {
		c.line("Result: "+capitalize(st.Result.Kind), big, true, colGold)
		if st.Result.Winner != "" {
			c.line("Winner: "+s.SideName(st.Result.Winner), norm, true, colText)
		}
		c.line(s.ResultWhy(), small, false, colText)
	}
	if vl := s.VictoryLines(); len(vl) > 0 {
		c.gap(6)
		c.line("Victory conditions at the end", norm, true, colText)
		for _, ln := range vl {
			c.line(ln, small, false, colText)
		}
	}
	if ol := s.ObjectiveLines(); len(ol) > 0 {
		c.gap(6)
		c.line("Objective markers at the end", norm, true, colText)
		for _, ln := range ol {
			c.line(ln, small, false, colText)
		}
	}
	if vp, err := s.rs().VictoryPoints(st); err == nil {
		c.gap(6)
		c.line("Victory points", norm, true, colText)
		var sides []string
		for k := range vp {
			sides = append(sides, k)
		}
		sort.Strings(sides)
		for _, sd := range sides {
			c.line(fmt.Sprintf("%s: %d VP", s.SideName(sd), vp[sd]), small, true, colText)
		}
	}
	c.gap(6)
	c.line("Titans (damage by location)", norm, true, colText)
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
		c.line(fmt.Sprintf("%s (%s, %d pts): %s; worth %d VP", s.Name(u.ID), s.SideName(u.Side), prof.Points, state, vp), small, false, colText)
	}
	if cards := s.cards(); len(cards) > 0 {
		c.gap(6)
		c.line("Objectives revealed", norm, true, colText)
		var sides []string
		for k := range cards {
			sides = append(sides, k)
		}
		sort.Strings(sides)
		for _, sd := range sides {
			cd := cards[sd]
			title, note := cardTitle(cd.Name)
			c.line(fmt.Sprintf("%s: %s (%s) - %s", s.SideName(sd), title, cd.Type, cd.Text), small, false, colText)
			if note != "" {
				c.line(note, l.px(11), false, colDim)
			}
		}
	}
}

// logStrip draws the last dice log entries at the bottom left; clicking an
// entry highlights its units.
func (s *Session) logStrip(h *hudb) {
	l := h.l
	r := scene.Rect{Min: world.Vec{X: 0, Y: l.H - l.Bottom - l.LogH()}, Max: world.Vec{X: l.W - l.PanelW(), Y: l.H - l.Bottom}}
	h.rect(r, color.NRGBA{20, 22, 26, 225}, colEdge, l.px(1))
	size := l.px(12)
	rowH := size * 1.3
	lg := s.Log()
	rows := int((r.H() - l.px(26)) / rowH)
	h.text(r.Min.X+l.px(10), r.Min.Y+l.px(10), "Dice log (click an entry to highlight its titans)", size, true, colGold)
	// The newest entries, each wrapped to the strip's width (never cut),
	// as many as fit with the newest at the bottom.
	type logRow struct {
		text string
		idx  int
		col  color.NRGBA
	}
	var shown []logRow
	for i := len(lg) - 1; i >= 0 && len(shown) < rows; i-- {
		e := lg[i]
		col := colDim
		if e.Roll != nil {
			col = colText
		}
		ws := h.wrap(fmt.Sprintf("T%d %s: %s", e.Turn, e.Step, s.named(trayLine(e.Text))), size, r.W()-l.px(20), false)
		if len(shown)+len(ws) > rows && len(shown) > 0 {
			break
		}
		for k := len(ws) - 1; k >= 0; k-- {
			shown = append(shown, logRow{ws[k], i, col})
		}
	}
	if len(shown) > rows {
		// One entry longer than the strip: its first lines.
		shown = shown[len(shown)-rows:]
	}
	y := r.Min.Y + l.px(22)
	for k := len(shown) - 1; k >= 0; k-- {
		row := scene.Rect{Min: world.Vec{X: r.Min.X, Y: y}, Max: world.Vec{X: r.Max.X, Y: y + rowH}}
		idx := shown[k].idx
		h.btns = append(h.btns, Button{Label: "log", R: row, Do: func() { s.ClickLog(idx) }})
		h.text(r.Min.X+l.px(10), y+rowH/2, shown[k].text, size, false, shown[k].col)
		y += rowH
	}
}

// Decorate adds the play overlays to a built scene in table cm: the
// drafted path coloured by legality with the chance of getting through
// dangerous terrain, each turn's Man cost, target lines for the chosen
// weapon, declared shots, and highlighted units.
func (s *Session) Decorate(sc *scene.Scene) {
	if sc == nil || s.mode == ModeHandover {
		return
	}
	add := func(l scene.Layer, p scene.Prim) { p.Layer = l; sc.Layers[l] = append(sc.Layers[l], p) }
	st := s.State()
	px := 1.0
	if sc.Scale > 0 {
		px = 1 / sc.Scale
	}
	// Labels go through the scene's label layout, ahead of the scenery's
	// (scene.PriorityPreview), and keep off the bases they talk about.
	var labels []scene.Label
	var keepOut []scene.Rect
	lbl := func(l scene.Layer, text string, anchor world.Vec, clear float64, box color.NRGBA, at ...world.Vec) {
		labels = append(labels, scene.Label{Layer: l, Text: text, Size: 12 * px, Bold: true, Fill: color.NRGBA{20, 20, 20, 255}, Box: box,
			Anchor: anchor, Clear: clear, At: at, Must: true, Leader: true, Priority: scene.PriorityPreview})
	}
	avoid := func(b world.Base) {
		if b.Foot.Validate() == nil {
			r := b.Foot.BoundRadius()
			keepOut = append(keepOut, scene.Rect{Min: b.Pos.Sub(world.Vec{X: r, Y: r}), Max: b.Pos.Add(world.Vec{X: r, Y: r})})
		}
	}
	// The drafted path too: a label never hides the line it explains.
	along := func(a, b world.Vec) { keepOut = appendAlong(keepOut, a, b, 3*px) }
	defer func() { sc.AddLabels(keepOut, labels...) }()
	if mp := s.PreviewMove(); mp != nil && mp.Report != nil {
		if mp.Charge != "" {
			// The titan charged is the other half of the decision: its
			// name outranks the scenery's labels (ATII-CC-1).
			sc.Promote("base:"+mp.Charge, scene.PrioritySelected)
		}
		ok := mp.Err == nil
		for _, sg := range mp.Report.Segments {
			col := color.NRGBA{40, 200, 60, 255}
			if !ok {
				col = color.NRGBA{220, 40, 30, 255}
			} else if sg.Dangerous {
				col = color.NRGBA{240, 150, 20, 255}
			}
			var dash []float64
			if sg.Backwards {
				dash = []float64{6 * px, 4 * px}
			}
			add(scene.LayerRulers, scene.Prim{Kind: scene.Polyline, Pts: []world.Vec{sg.From, sg.To}, Style: scene.Style{Stroke: col, Width: 4 * px, Dash: dash}})
			along(sg.From, sg.To)
		}
		for _, t := range mp.Report.Turns {
			lbl(scene.LayerRulers, fmt.Sprintf("%.0f deg, %d Man", math.Abs(t.Degrees), atii.TurnCost(t.Degrees)), t.At, 4*px, color.NRGBA{255, 255, 255, 220}, t.At.Add(world.Vec{X: 0, Y: -14 * px}))
		}
		// The end footprint outline.
		end := mp.Report.End
		avoid(end)
		add(scene.LayerRulers, footprintPrim(end, color.NRGBA{30, 30, 30, 200}, 2*px))
		if mp.Odds != nil {
			for _, sg := range mp.Report.Segments {
				for d := math.Ceil(sg.Start); d <= sg.End; d += 2 {
					p := sg.From.Lerp(sg.To, (d-sg.Start)/math.Max(sg.Length, 1e-9))
					pr := mp.ReachAt(d)
					col := color.NRGBA{uint8(255 * (1 - pr)), uint8(200 * pr), 40, 255}
					add(scene.LayerRulers, scene.Prim{Kind: scene.Circle, C: p, R: 3.5 * px, Style: scene.Style{Fill: col, Stroke: color.NRGBA{0, 0, 0, 255}, Width: 1 * px}})
				}
				if sg.Dangerous {
					lbl(scene.LayerRulers, fmt.Sprintf("%.0f%% gets here", 100*mp.ReachAt(sg.End)), sg.To, 4*px, color.NRGBA{255, 230, 180, 230}, sg.To.Add(world.Vec{Y: 16 * px}))
				}
			}
		}
	}
	if r := s.Result; r != nil {
		reached, unreached := r.Split()
		for _, line := range [][]world.Vec{reached, unreached} {
			for i := 1; i < len(line); i++ {
				along(line[i-1], line[i])
			}
		}
		if len(reached) > 1 {
			add(scene.LayerRulers, scene.Prim{Kind: scene.Polyline, Pts: reached, Style: scene.Style{Stroke: color.NRGBA{240, 150, 20, 255}, Width: 4 * px}})
		}
		if len(unreached) > 1 {
			// The part the allowance did not reach: dimmed and dashed.
			add(scene.LayerRulers, scene.Prim{Kind: scene.Polyline, Pts: unreached, Style: scene.Style{Stroke: color.NRGBA{30, 30, 30, 150}, Width: 5 * px}})
			add(scene.LayerRulers, scene.Prim{Kind: scene.Polyline, Pts: unreached, Style: scene.Style{Stroke: color.NRGBA{235, 235, 235, 220}, Width: 3 * px, Dash: []float64{6 * px, 5 * px}}})
			end := unreached[len(unreached)-1]
			add(scene.LayerRulers, scene.Prim{Kind: scene.Circle, C: end, R: 5 * px, Style: scene.Style{Stroke: color.NRGBA{235, 235, 235, 230}, Width: 2 * px}})
		}
		add(scene.LayerRulers, scene.Prim{Kind: scene.Circle, C: r.End, R: 6 * px, Style: scene.Style{Fill: color.NRGBA{240, 150, 20, 255}, Stroke: color.NRGBA{0, 0, 0, 255}, Width: 1.5 * px}})
		label := fmt.Sprintf("stopped: allowance %.0f cm used up", r.Allowance)
		if r.Reason != "" && !strings.HasPrefix(r.Reason, "dangerous terrain allowance") {
			label = fmt.Sprintf("stopped: %s (allowance %.0f cm)", r.Reason, r.Allowance)
		}
		if r.Complete {
			label = fmt.Sprintf("allowance %.0f cm: path completed", r.Allowance)
		}
		reach := 0.0
		if u := st.Unit(r.Unit); u != nil {
			b := s.base(u)
			avoid(b)
			reach = b.Foot.Radius
			if b.Foot.Shape != world.Circle {
				reach = math.Max(b.Foot.W, b.Foot.H) / 2
			}
		}
		// The label stands level with the titan, just beside its base, on
		// the side away from the part of the path not reached (so it
		// covers neither); with no such part it goes below the titan's own
		// name label.
		at := r.End.Add(world.Vec{Y: reach + 32*px})
		if len(unreached) > 1 {
			half := 0.5 * scene.EstimateWidth(label, 12*px, true)
			dx := reach + 10*px + half
			if unreached[len(unreached)-1].X > r.End.X {
				dx = -dx
			}
			at = r.End.Add(world.Vec{X: dx})
		}
		lbl(scene.LayerRulers, label, r.End, reach, color.NRGBA{255, 230, 180, 235}, at)
	}
	if st.Step == atii.StepShooting && s.canAct(s.Selected) {
		if u := st.Unit(s.Selected); u != nil {
			for _, t := range s.Targets() {
				tu := st.Unit(t.ID)
				if tu == nil {
					continue
				}
				col := color.NRGBA{40, 200, 60, 220}
				// The number alone on the table (the panel lists the
				// modifiers); the hovered target shows them all.
				label := t.ToHit.Short()
				if t.ID == s.Hover {
					label = t.ToHit.String()
				}
				if t.Reason != "" {
					col = color.NRGBA{220, 40, 30, 160}
					label = ""
					if t.ID == s.Hover {
						label = t.Reason
					}
				}
				add(scene.LayerLOS, scene.Prim{Kind: scene.Polyline, Pts: []world.Vec{u.Pos, tu.Pos}, Style: scene.Style{Stroke: col, Width: 2 * px, Dash: []float64{8 * px, 5 * px}}})
				tb := s.base(tu)
				add(scene.LayerLOS, footprintPrim(tb, col, 4*px))
				if label != "" {
					reach := tb.Foot.BoundRadius()
					avoid(tb)
					lbl(scene.LayerMarkers, label, tu.Pos, reach, color.NRGBA{255, 255, 255, 225}, tu.Pos.Add(world.Vec{Y: -(reach + 12*px)}))
				}
			}
			for _, sh := range s.Shots {
				if tu := st.Unit(sh.Target); tu != nil {
					add(scene.LayerLOS, scene.Prim{Kind: scene.Polyline, Pts: []world.Vec{u.Pos, tu.Pos}, Style: scene.Style{Stroke: color.NRGBA{255, 200, 40, 255}, Width: 4 * px}})
				}
			}
		}
	}
	if st.Step == atii.StepDeploy && s.mode == ModeTurn {
		for _, p := range scene.AreaPrims(s.DeployZonePolys(), scene.Style{Fill: color.NRGBA{255, 200, 40, 40}, Stroke: color.NRGBA{255, 200, 40, 255}, Width: 3 * px, Dash: []float64{10 * px, 6 * px}}) {
			add(scene.LayerMarkers, p)
		}
		if b, verdict, ok := s.DeployGhost(); ok {
			col := color.NRGBA{40, 200, 60, 255}
			if verdict != nil {
				col = color.NRGBA{220, 40, 30, 255}
			}
			add(scene.LayerMarkers, footprintPrim(b, col, 3*px))
			avoid(b)
			reach := b.Foot.Radius
			if b.Foot.Shape != world.Circle {
				reach = math.Max(b.Foot.W, b.Foot.H) / 2
			}
			tip := b.Pos.Add(world.Heading(b.Facing).Scale(reach + 30*px))
			add(scene.LayerMarkers, scene.Prim{Kind: scene.Polyline, Pts: []world.Vec{b.Pos, tip}, Style: scene.Style{Stroke: col, Width: 3 * px}})
			for _, side := range []float64{150, -150} {
				add(scene.LayerMarkers, scene.Prim{Kind: scene.Polyline, Pts: []world.Vec{tip, tip.Add(world.Heading(b.Facing + side).Scale(10 * px))}, Style: scene.Style{Stroke: col, Width: 3 * px}})
			}
			label := fmt.Sprintf("%s facing %.0f deg: press and drag to aim, or click", s.Name(s.deployUnit()), b.Facing)
			if s.drag != nil {
				label = fmt.Sprintf("%s facing %.0f deg: release to deploy", s.Name(s.deployUnit()), b.Facing)
			}
			if verdict != nil {
				label = "cannot deploy here: " + Reason(verdict)
			}
			lbl(scene.LayerMarkers, label, b.Pos, reach, color.NRGBA{255, 255, 255, 230}, b.Pos.Add(world.Vec{Y: reach + 18*px}))
		}
	}
	for _, id := range s.Highlight {
		if u := st.Unit(id); u != nil && OnTable(u) {
			add(scene.LayerMarkers, footprintPrim(s.base(u), color.NRGBA{255, 0, 255, 255}, 4*px))
		}
	}
	if p := st.Pending; p != nil && s.mode == ModeTurn {
		for _, id := range p.Units {
			if u := st.Unit(id); u != nil && OnTable(u) && id != s.Selected {
				add(scene.LayerBases, footprintPrim(s.base(u), color.NRGBA{255, 220, 60, 200}, 2*px))
			}
		}
	}
}

// appendAlong appends to rs small squares of half side h every 2h along the
// segment a-b (at most 512 of them), so the label layout keeps off a line.
func appendAlong(rs []scene.Rect, a, b world.Vec, h float64) []scene.Rect {
	if !(h > 0) {
		return rs
	}
	n := int(math.Min(512, math.Ceil(a.Dist(b)/(2*h))))
	for i := 0; i <= n; i++ {
		p := a
		if n > 0 {
			p = a.Lerp(b, float64(i)/float64(n))
		}
		rs = append(rs, scene.Rect{Min: p.Sub(world.Vec{X: h, Y: h}), Max: p.Add(world.Vec{X: h, Y: h})})
	}
	return rs
}

// footprintPrim outlines a base.
func footprintPrim(b world.Base, col color.NRGBA, w float64) scene.Prim {
	if b.Foot.Shape == world.Circle {
		return scene.Prim{Kind: scene.Circle, C: b.Pos, R: b.Foot.Radius, Style: scene.Style{Stroke: col, Width: w}}
	}
	pts := b.Corners()
	return scene.Prim{Kind: scene.Polygon, Pts: pts, Style: scene.Style{Stroke: col, Width: w}}
}

// Bases returns the scenario's bases moved to where the game has them:
// titans still to deploy and titans off the table are left out, destroyed
// titans are marked broken, shields and damage are shown.
func (s *Session) Bases(in []scene.Base) []scene.Base {
	st := s.State()
	var out []scene.Base
	// Titans deployed in play have no base in the scenario: add theirs.
	have := map[string]bool{}
	for _, b := range in {
		have[b.ID] = true
	}
	if sc := s.G.Scenario; sc != nil {
		for _, sd := range sc.Sides {
			for _, f := range sd.Formations {
				for _, su := range f.Units {
					if have[su.ID] || st.Unit(su.ID) == nil {
						continue
					}
					c := sd.Colour
					b := scene.Base{Base: s.base(st.Unit(su.ID)), Label: adapt.TableLabel(su), Side: sd.ID, Color: color.NRGBA{c.R, c.G, c.B, 255}, Shields: -1}
					in = append(in, b)
				}
			}
		}
	}
	// While the dice tray has not reached its last dice, the titans stand
	// as before the command: the table does not give the dice away.
	shown := st
	if s.traySuspense() {
		shown = s.pre
	}
	for _, b := range in {
		u := st.Unit(b.ID)
		if u == nil {
			out = append(out, b)
			continue
		}
		if pu := shown.Unit(b.ID); pu != nil && OnTable(pu) {
			u = pu
		}
		if !OnTable(u) {
			continue
		}
		b.Pos, b.Facing = u.Pos, u.Facing
		if _, prof := s.profile(u.ID); prof != nil {
			ts, _ := atii.TitanOf(u)
			b.Shields = ts.ShieldsUp(prof)
			n := 0
			for _, loc := range atii.Locations(prof) {
				n += int(ts.Level(loc))
			}
			b.Damage = n
			b.Broken = ts.Destroyed
		}
		b.Selected = b.ID == s.Selected
		out = append(out, b)
	}
	return out
}
