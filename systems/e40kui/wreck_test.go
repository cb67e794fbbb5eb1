package e40kui

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
)

// A transport destroyed with stands aboard (docs/rules/e40k.md, "Troops
// lost with their transport": the stands aboard are destroyed with it)
// is told on the table, by the wreck, and in the side panel, not only in
// the dice log: the rules' events for the passengers name the transport
// (e40k.DataTransport, checked in rules/e40k's
// TestEmbarkRideDisembarkE40K); here the state after such a loss is set
// up by hand with those events. A loss in an earlier turn is not shown.
func TestLostTransportShownE40K(t *testing.T) {
	s := newUI(t, 3)
	st := s.State()
	rh, m1, m2 := st.Unit("rhino-1"), st.Unit("tactical-1"), st.Unit("tactical-2")
	if rh == nil || m1 == nil || m2 == nil {
		t.Fatal("the combined-arms battle has no rhino-1, tactical-1, tactical-2")
	}
	if strings.Contains(tableTexts(s), "aboard lost") {
		t.Fatal("a lost transport shown before any was lost")
	}
	rh.Destroyed = true
	st.Log = append(st.Log, rules.Event{Kind: rules.EvDestroyed, Turn: st.Turn, Side: rh.Side, Units: []string{rh.ID}, Text: rh.ID + " is destroyed"})
	for _, u := range []*rules.Unit{m1, m2} {
		u.Destroyed, u.OffTable = true, true
		st.Log = append(st.Log, rules.Event{Kind: rules.EvDestroyed, Turn: st.Turn, Side: u.Side, Units: []string{u.ID},
			Text: u.ID + " is destroyed with its transport " + rh.ID, Data: map[string]string{e40k.DataTransport: rh.ID}})
	}
	lts := s.LostTransports()
	if len(lts) != 1 || lts[0].Transport != rh.ID || len(lts[0].Lost) != 2 || lts[0].At != rh.Pos {
		t.Fatalf("lost transports %+v, want rhino-1 with two stands lost where it stood", lts)
	}
	want := s.Name(rh.ID) + " destroyed: 2 stands aboard lost with it"
	if tt := tableTexts(s); !strings.Contains(tt, want) {
		t.Errorf("the table does not say %q: %s", want, tt)
	}
	hud := hudText(s)
	for _, w := range []string{"destroyed with troops aboard", s.Name(m1.ID), s.Name(m2.ID), "lost with it"} {
		if !strings.Contains(hud, w) {
			t.Errorf("the panel does not say %q: %s", w, hud)
		}
	}
	// The next turn the label is gone.
	st.Turn++
	if tt := tableTexts(s); strings.Contains(tt, "aboard lost") {
		t.Errorf("a loss of the turn before still shown: %s", tt)
	}
}
