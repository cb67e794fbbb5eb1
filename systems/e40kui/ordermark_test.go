package e40kui

import (
	"math"
	"strings"
	"testing"

	"github.com/auspex/auspex/render/adapt"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/render/textfont"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// E40K-ORD-1: each detachment's order die or counter stands beside it.
// Once orders are given, the table shows a lettered marker by the HQ of
// every detachment of both sides (orders are given openly), with or
// without a selection: A for assault, M for march; none before orders.
func TestOrderMarkersOnTheTableE40KORD1(t *testing.T) {
	s := newUI(t, 3)
	for id, p := range tablePrims(s) {
		if len(id) > 6 && id[:6] == "order:" {
			t.Fatalf("an order marker %q before any order: %+v", id, p)
		}
	}
	for i := 0; i < 200 && s.State().Step != e40k.StepMovement; i++ {
		driveOrders(t, s, map[string]string{"marines": e40k.OrderMarch, "": e40k.OrderAssault})
	}
	if s.State().Step != e40k.StepMovement {
		t.Fatalf("never reached the movement (at %s)", s.State().Step)
	}
	s.selectStand("")
	prims := tablePrims(s)
	st := s.State()
	sides := map[string]int{}
	for _, f := range st.Formations {
		if f.Orders == "" && !f.Broken {
			continue
		}
		want := map[string]string{e40k.OrderMarch: "M", e40k.OrderAssault: "A", e40k.OrderHold: "H"}[f.Orders]
		if f.Broken {
			want = "B"
		}
		p, ok := prims["order:"+f.ID]
		if !ok {
			t.Errorf("no order marker by %s (%s orders)", f.ID, f.Orders)
			continue
		}
		if p.Kind != scene.Text || p.Text != want {
			t.Errorf("%s's marker reads %q (%v), want %q", f.ID, p.Text, p.Kind, want)
		}
		near := false
		for _, u := range s.members(f.ID) {
			b := s.Base(u)
			if d := u.Pos.Dist(p.C); d <= b.Foot.BoundRadius()+3 && u.Markers.Value(e40k.MarkHQ) > 0 {
				near = true
			}
		}
		if !near {
			t.Errorf("%s's marker at %v is not by its HQ", f.ID, p.C)
		}
		sides[f.Side]++
	}
	if sides["marines"] == 0 || sides["orks"] == 0 {
		t.Errorf("markers by side %v, want both sides' detachments marked", sides)
	}
}

// E40K-ART-1: artillery on special orders that goes on overwatch shows
// "SO". Each marker's letters must fit inside its disc (at most 1.5
// radii wide, measured with the window's font); at the single letters'
// size "SO" ran over both edges of the disc.
func TestOrderMarkerLettersFitTheDisc(t *testing.T) {
	s := newUI(t, 3)
	toStep(t, s, e40k.StepMovement, e40k.OrderAssault)
	st := s.State()
	letters := []string{e40k.OrderSpecialOverwatch, e40k.OrderAssault, e40k.OrderMarch, e40k.OrderOverwatch, e40k.OrderSpecial, e40k.OrderHold}
	n := 0
	for i := range st.Formations {
		if st.Formations[i].Orders == "" || st.Formations[i].Broken {
			continue
		}
		st.Formations[i].Orders = letters[n%len(letters)]
		n++
	}
	if n < len(letters) {
		t.Fatalf("only %d detachments with orders, want %d", n, len(letters))
	}
	fonts, err := textfont.Load()
	if err != nil {
		t.Fatal(err)
	}
	in := adapt.Input(s.G.Scenario)
	in.Bases = s.Bases(in.Bases)
	sc := scene.Build(in, scene.View{Scale: 10})
	s.Decorate(sc)
	discs := map[string]scene.Prim{}
	texts := map[string]scene.Prim{}
	for _, l := range sc.Layers {
		for _, p := range l {
			if !strings.HasPrefix(p.ID, "order:") {
				continue
			}
			if p.Kind == scene.Circle {
				discs[p.ID] = p
			} else if p.Kind == scene.Text {
				texts[p.ID] = p
			}
		}
	}
	seen := map[string]bool{}
	for id, tx := range texts {
		d, ok := discs[id]
		if !ok {
			t.Fatalf("%s has letters but no disc", id)
		}
		seen[tx.Text] = true
		if w := fonts.Measure(tx.Text, tx.Size, tx.Bold); w > 1.5*d.R {
			t.Errorf("%s: %q is %.2f wide, the disc's radius %.2f (want at most 1.5 radii)", id, tx.Text, w, d.R)
		}
	}
	if !seen["SO"] {
		t.Fatalf("no SO marker drawn: %v", seen)
	}
}

// An order marker never covers a stand: with every detachment of the
// bundled Combined Arms ordered, at the zooms the window fits the table at
// (3.5 px/cm) and closer, each marker's disc lies clear of every stand's
// base (its own HQ's too) and of the other markers, and stays by its HQ
// (within 4 radii of the HQ's edge, or joined to it by a leader line).
// Before, the disc sat on the HQ's upper right whatever stood there: over
// devastator-2 beside Sergeant Varro, over the tactical stand beside
// Captain Invictus (play-through).
func TestOrderMarkersClearOfStands(t *testing.T) {
	s := newUI(t, 3)
	toStep(t, s, e40k.StepMovement, e40k.OrderAssault)
	s.selectStand("")
	st := s.State()
	for _, scale := range []float64{3.5, 5, 8} {
		in := adapt.Input(s.G.Scenario)
		in.Bases = s.Bases(in.Bases)
		sc := scene.Build(in, scene.View{Scale: scale})
		s.Decorate(sc)
		var discs []scene.Prim
		leaders := map[string]bool{}
		for _, l := range sc.Layers {
			for _, p := range l {
				if !strings.HasPrefix(p.ID, "order:") {
					continue
				}
				switch p.Kind {
				case scene.Circle:
					discs = append(discs, p)
				case scene.Polyline:
					leaders[p.ID] = true
				}
			}
		}
		if len(discs) < 4 {
			t.Fatalf("scale %v: %d order markers, want one by each ordered detachment", scale, len(discs))
		}
		for i, d := range discs {
			for _, u := range st.Units {
				if !s.OnTable(&u) {
					continue
				}
				b := s.Base(&u)
				b.Pos = u.Pos
				if discHitsRect(d.C, d.R, b) {
					t.Errorf("scale %v: %s's marker at %v (radius %.2f) covers %s", scale, d.ID, d.C, d.R, u.ID)
				}
			}
			for _, e := range discs[i+1:] {
				if d.C.Dist(e.C) < d.R+e.R {
					t.Errorf("scale %v: markers %s and %s overlap", scale, d.ID, e.ID)
				}
			}
			f := st.Formation(strings.TrimPrefix(d.ID, "order:"))
			near := false
			for _, u := range s.members(f.ID) {
				if u.Markers.Value(e40k.MarkHQ) > 0 && u.Pos.Dist(d.C) <= s.Base(u).Foot.BoundRadius()+4*d.R {
					near = true
				}
			}
			if !near && !leaders[d.ID] {
				t.Errorf("scale %v: %s's marker at %v is neither by its HQ nor joined to it", scale, d.ID, d.C)
			}
		}
	}
}

// discHitsRect reports whether the disc at c of radius r overlaps the
// rectangle of base b.
func discHitsRect(c world.Vec, r float64, b world.Base) bool {
	p := c.Sub(b.Pos).Rotate(-b.Facing)
	hw, hh := b.Foot.W/2, b.Foot.H/2
	if b.Foot.Shape == world.Circle {
		return p.Len() < r+b.Foot.Radius-1e-9
	}
	q := world.Vec{X: math.Max(-hw, math.Min(hw, p.X)), Y: math.Max(-hh, math.Min(hh, p.Y))}
	return q.Dist(p) < r-1e-9
}
