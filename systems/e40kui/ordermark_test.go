package e40kui

import (
	"testing"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules/e40k"
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
