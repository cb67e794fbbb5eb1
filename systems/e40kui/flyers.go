package e40kui

import (
	"fmt"
	"image/color"
	"math"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// Flyers on the table (digest 8.6; seed 001 movement step 1). Flyers live
// off the table, at their airfield; the window draws them where their
// mission takes them while it is flown: over the target detachment (a
// ground attack), at the landing point (a transport mission), and as top
// cover over their own table edge (interceptors, while they stay up). A
// flyer is a delta pointing the way it flies, in its side's colour,
// inside a dashed altitude ring; flyers declared but not yet arrived are
// drawn faint, with a dashed approach line from their table edge. While a
// mission is being declared the mission under the mouse is drawn as a
// ghost (a ground attack over the hovered enemy detachment; a landing at
// the pointer, green when the rules accept the point, red with the
// landing clearance when not).

// FlyerMark is one flyer as the table shows it.
type FlyerMark struct {
	// Unit is the flyer, Det its detachment, Side its side.
	Unit, Det, Side string
	// At is where it is drawn and Heading the way it points (unit
	// length).
	At, Heading world.Vec
	// From is where its approach line starts (its table edge); equal to
	// At for none.
	From world.Vec
	// State is "inbound" (declared, not arrived yet), "over" (flying its
	// mission now), "landed", "top cover" or "preview".
	State string
	// Text is the label of the detachment's first flyer ("" for the
	// others).
	Text string
	// Bad marks a preview the rules refuse (a landing point too near
	// the enemy, say).
	Bad bool
}

// Flyer mark states.
const (
	FlyerInbound  = "inbound"
	FlyerOver     = "over"
	FlyerLanded   = "landed"
	FlyerTopCover = "top cover"
	FlyerPreview  = "preview"
)

// airState reads the flyer step's state from st (zero when none).
func airState(st *rules.State) e40k.AirState {
	var a e40k.AirState
	_, _ = st.GetExt(e40k.ExtAir, &a)
	return a
}

// flyerUnits are a detachment's living flyers (off the table).
func (s *UI) flyerUnits(st *rules.State, det string) []*rules.Unit {
	var out []*rules.Unit
	for i := range st.Units {
		u := &st.Units[i]
		if u.Formation == det && !u.Destroyed && s.rs().IsFlyer(st, u) {
			out = append(out, u)
		}
	}
	return out
}

// centroid is the mean position of us (ok false when empty).
func centroid(us []*rules.Unit) (world.Vec, bool) {
	if len(us) == 0 {
		return world.Vec{}, false
	}
	var c world.Vec
	for _, u := range us {
		c = c.Add(u.Pos)
	}
	return c.Scale(1 / float64(len(us))), true
}

// homeEdge is the table edge side flies from: the edge nearest the
// middle of its stands on the table (the first side the north edge, the
// second the south when it has none). It returns the inward normal and
// a function placing a point on that edge, inset cm inside the table,
// level with p.
func (s *UI) homeEdge(st *rules.State, side string) (world.Vec, func(p world.Vec, inset float64) world.Vec) {
	tw, th := 0.0, 0.0
	if sc := s.G.Scenario; sc != nil && sc.World != nil {
		tw, th = sc.World.Table.W, sc.World.Table.H
	}
	var mine []*rules.Unit
	for i := range st.Units {
		if u := &st.Units[i]; u.Side == side && !u.Destroyed && !u.OffTable {
			mine = append(mine, u)
		}
	}
	c, ok := centroid(mine)
	if !ok {
		c = world.Vec{X: tw / 2}
		if len(st.Sides) == 2 && st.Sides[1].ID == side {
			c.Y = th
		}
	}
	d := []float64{c.Y, th - c.Y, c.X, tw - c.X} // north, south, west, east
	best := 0
	for i := range d {
		if d[i] < d[best] {
			best = i
		}
	}
	clampX := func(x float64) float64 { return min(max(x, 0), tw) }
	clampY := func(y float64) float64 { return min(max(y, 0), th) }
	switch best {
	case 0:
		return world.Vec{Y: 1}, func(p world.Vec, in float64) world.Vec { return world.Vec{X: clampX(p.X), Y: in} }
	case 1:
		return world.Vec{Y: -1}, func(p world.Vec, in float64) world.Vec { return world.Vec{X: clampX(p.X), Y: th - in} }
	case 2:
		return world.Vec{X: 1}, func(p world.Vec, in float64) world.Vec { return world.Vec{X: in, Y: clampY(p.Y)} }
	}
	return world.Vec{X: -1}, func(p world.Vec, in float64) world.Vec { return world.Vec{X: tw - in, Y: clampY(p.Y)} }
}

// FlyerMarks are the flyers the table shows now (see the file comment).
func (s *UI) FlyerMarks() []FlyerMark {
	if s.Mode() == play.ModeHandover {
		return nil
	}
	st := s.Shown()
	if st == nil || !s.anyFlyer(st) {
		return nil
	}
	a := airState(st)
	var out []FlyerMark
	inStep := st.Step == e40k.StepFlyers && !a.Done
	drawn := map[string]bool{}
	if inStep {
		for i, so := range a.Sorties {
			if so.Mission == e40k.MissionNone || so.Mission == e40k.MissionIntercept || i < a.Next {
				continue
			}
			state := FlyerInbound
			if i == a.Next && a.Stage > 0 {
				state = FlyerOver
			}
			var at world.Vec
			switch so.Mission {
			case e40k.MissionGroundAttack:
				c, ok := centroid(s.members(so.Target))
				if !ok {
					continue
				}
				at = c
			case e40k.MissionTransport:
				at = so.To
				if fr := st.Proc(); state == FlyerOver && fr != nil && fr.Proc == e40k.ProcLanding {
					state = FlyerLanded
				}
			}
			drawn[so.Detachment] = true
			out = append(out, s.flightOf(st, so.Detachment, so.Side, at, state, s.missionText(so))...)
		}
	}
	// Interceptors up (or declared and not yet up): over their table
	// edge, side by side.
	up := map[string]int{}
	for i := range st.Formations {
		f := &st.Formations[i]
		if drawn[f.ID] || f.Orders != e40k.MissionIntercept || len(s.flyerUnits(st, f.ID)) == 0 {
			continue
		}
		state := FlyerTopCover
		if inStep && f.Markers.Value(e40k.MarkAloft) == 0 {
			for k, so := range a.Sorties {
				if so.Detachment == f.ID && k >= a.Next {
					state = FlyerInbound
				}
			}
		}
		in, edge := s.homeEdge(st, f.Side)
		c, ok := centroid(s.sideStands(st, f.Side))
		if !ok {
			c = edge(world.Vec{}, 0)
		}
		along := world.Vec{X: -in.Y, Y: in.X}
		at := edge(c.Add(along.Scale(16*float64(up[f.Side])-8)), 4)
		up[f.Side]++
		ms := s.flightOf(st, f.ID, f.Side, at, state, s.detName(f.ID)+": intercept, top cover")
		for k := range ms {
			ms[k].From, ms[k].Heading = ms[k].At, in
		}
		out = append(out, ms...)
	}
	if p := s.ghost(st); p != nil {
		out = append(out, p...)
	}
	return out
}

// anyFlyer reports whether the game has a flyer.
func (s *UI) anyFlyer(st *rules.State) bool {
	for _, sd := range st.Sides {
		if len(s.rs().FlyerDetachments(st, sd.ID)) > 0 {
			return true
		}
	}
	return false
}

// sideStands are side's stands on the table.
func (s *UI) sideStands(st *rules.State, side string) []*rules.Unit {
	var out []*rules.Unit
	for i := range st.Units {
		if u := &st.Units[i]; u.Side == side && !u.Destroyed && !u.OffTable {
			out = append(out, u)
		}
	}
	return out
}

// missionText labels a sortie.
func (s *UI) missionText(so e40k.Sortie) string {
	switch so.Mission {
	case e40k.MissionGroundAttack:
		return fmt.Sprintf("%s: ground attack on %s", s.detName(so.Detachment), s.detName(so.Target))
	case e40k.MissionTransport:
		if n := s.carries(so.Detachment); n > 0 {
			return fmt.Sprintf("%s: transport, %d stand(s) aboard", s.detName(so.Detachment), n)
		}
		return s.detName(so.Detachment) + ": transport, to pick up"
	}
	return s.detName(so.Detachment) + ": " + so.Mission
}

// flightOf places a detachment's flyers around at, flying in from side's
// table edge, the first labelled text.
func (s *UI) flightOf(st *rules.State, det, side string, at world.Vec, state, text string) []FlyerMark {
	fs := s.flyerUnits(st, det)
	_, edge := s.homeEdge(st, side)
	from := edge(at, 0)
	h := at.Sub(from)
	if h.Len() < 1e-6 {
		h = world.Vec{Y: 1}
	}
	h = h.Scale(1 / h.Len())
	n := world.Vec{X: -h.Y, Y: h.X}
	var out []FlyerMark
	for i, u := range fs {
		off := (float64(i) - float64(len(fs)-1)/2) * 6
		m := FlyerMark{Unit: u.ID, Det: det, Side: side, At: at.Add(n.Scale(off)), Heading: h, State: state}
		m.From = from.Add(n.Scale(off))
		if i == 0 {
			m.Text = text
		}
		out = append(out, m)
	}
	return out
}

// ghost is the preview of the mission under the mouse while the decider
// tasks a flyer detachment (nil when none).
func (s *UI) ghost(st *rules.State) []FlyerMark {
	det := s.flyerDet()
	if det == "" {
		return nil
	}
	side := s.Decider()
	if u := st.Unit(s.Hover); u != nil && u.Side != side && !u.OffTable {
		c, ok := centroid(s.members(u.Formation))
		if !ok {
			return nil
		}
		return s.flightOf(st, det, side, c, FlyerPreview, s.detName(det)+": ground attack on "+s.detName(u.Formation)+"?")
	}
	if s.Hover != "" || !s.HasCursor || !s.canLand(det) {
		return nil
	}
	ms := s.flightOf(st, det, side, s.Cursor, FlyerPreview, s.detName(det)+": land here?")
	if c := s.missionCmd(e40k.MissionTransport, "", s.Cursor); c == nil || c.Validate(st) != nil {
		for i := range ms {
			ms[i].Bad = true
		}
		if len(ms) > 0 {
			ms[0].Text = s.detName(det) + ": cannot land here"
		}
	}
	return ms
}

// canLand reports whether detachment det may fly a transport mission
// (troops aboard, or room to pick some up).
func (s *UI) canLand(det string) bool {
	return s.carries(det) > 0 || s.room(det) > 0
}

// room is the room left aboard a detachment's transport flyers.
func (s *UI) room(det string) int {
	st := s.State()
	n := 0
	for _, u := range s.flyerUnits(st, det) {
		if p, err := s.rs().Profile(st, u); err == nil && p.Transport > 0 {
			n += p.Transport - len(e40k.Carried(st, u.ID))
		}
	}
	return n
}

// sideColour is a side's colour on the table (from its bases), a neutral
// grey when unknown.
func (s *UI) sideColour(side string) color.NRGBA {
	if c, ok := s.sideCol[side]; ok {
		return c
	}
	return color.NRGBA{200, 200, 200, 255}
}

// approachShown is how much of a flyer's approach line is drawn (cm).
const approachShown = 30.0

// drawFlyers adds the flyer marks to the scene: an approach line, the
// altitude ring, the delta, and the label.
func (s *UI) drawFlyers(add func(scene.Layer, scene.Prim), lbl func(string, world.Vec, float64), px float64) {
	for _, m := range s.FlyerMarks() {
		r := max(2.2, 9*px)
		col := s.sideColour(m.Side)
		edge := color.NRGBA{255, 255, 255, 235}
		ring := col
		ring.A = 230
		dash := []float64{5 * px, 3 * px}
		switch m.State {
		case FlyerInbound:
			col.A, edge.A, ring.A = 110, 150, 120
		case FlyerPreview:
			col.A, edge.A = 120, 200
			ring = colLegal
			if m.Bad {
				ring = colRefused
			}
		}
		if d := m.From.Dist(m.At); d > 2*r {
			// The last stretch of its approach from its table edge.
			from := m.At.Sub(m.Heading.Scale(min(d, approachShown)))
			add(scene.LayerMarkers, scene.Prim{Kind: scene.Polyline, Pts: []world.Vec{from, m.At.Sub(m.Heading.Scale(1.8 * r))}, Style: scene.Style{Stroke: ring, Width: 1.5 * px, Dash: []float64{2 * px, 4 * px}}})
		}
		if m.State == FlyerLanded {
			dash = nil // on the ground: a solid ring
		}
		add(scene.LayerMarkers, scene.Prim{Kind: scene.Circle, C: m.At, R: 1.7 * r, Style: scene.Style{Stroke: ring, Width: 2 * px, Dash: dash}})
		if m.State == FlyerPreview && m.Bad {
			add(scene.LayerMarkers, scene.Prim{Kind: scene.Circle, C: m.At, R: e40k.LandingClearance, Style: scene.Style{Stroke: colRefused, Width: 1 * px, Dash: []float64{3 * px, 3 * px}}})
		}
		h, n := m.Heading, world.Vec{X: -m.Heading.Y, Y: m.Heading.X}
		nose := m.At.Add(h.Scale(r))
		tail := m.At.Sub(h.Scale(0.6 * r))
		delta := []world.Vec{nose, tail.Add(n.Scale(0.85 * r)), m.At.Sub(h.Scale(0.25 * r)), tail.Sub(n.Scale(0.85 * r))}
		add(scene.LayerMarkers, scene.Prim{Kind: scene.Polygon, ID: "flyer:" + m.Unit, Pts: delta, Style: scene.Style{Fill: col, Stroke: edge, Width: 1.5 * px}})
		if m.Text != "" {
			lbl(m.Text, m.At, 1.7*r)
		}
	}
}

// flyerSig is the part of the UI signature the flyer overlays follow:
// the pointer while a landing is being placed.
func (s *UI) flyerSig() string {
	det := s.flyerDet()
	if det == "" || !s.HasCursor || s.Hover != "" || !s.canLand(det) {
		return ""
	}
	return fmt.Sprintf("%.0f,%.0f", math.Round(s.Cursor.X*2), math.Round(s.Cursor.Y*2))
}
