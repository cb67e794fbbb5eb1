package player

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/ai/search"
	"github.com/auspex/auspex/rules"
)

// Explain keeps the two numbers of a decision apart: the value looking
// ahead, and the value right after the choice whose parts are named (they
// add up to it, parts under a point left out); each candidate carries
// both.
func TestExplainSaysWhatThePartsAddUpTo(t *testing.T) {
	s := &rules.State{Units: []rules.Unit{{ID: "r1", Name: "Venator Rex"}}}
	res := search.Result{Depth: 2, Ranked: []search.Ranked{
		{Action: search.Action{Unit: "r1", Text: "r1 advances"}, Value: 168,
			Now: search.Score{Value: 53, Terms: []search.Term{{Name: "threat", Value: 29}, {Name: "objective", Value: 24}, {Name: "reach", Value: 0.2}}}},
		{Action: search.Action{Unit: "r1", Text: "r1 holds"}, Value: 20,
			Now: search.Score{Value: 21, Terms: []search.Term{{Name: "threat", Value: 21}}}},
	}}
	w := Explain(s, res)
	want := "Venator Rex: advances (value +168 looking 2 decisions ahead, 2 choices; right after it +53 = threat +29, objective +24)"
	if w.Line != want {
		t.Errorf("line\n got %q\nwant %q", w.Line, want)
	}
	if len(w.Considered) != 2 || w.Considered[0].Value != 168 || w.Considered[0].Now != 53 || w.Considered[1].Now != 21 {
		t.Errorf("candidates: %+v", w.Considered)
	}
	if strings.Contains(w.Line, "reach") {
		t.Error("a part under one point is named")
	}
}
