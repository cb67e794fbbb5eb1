package e40k

import (
	"reflect"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
)

// The progress storeProgress remembers is the one decoding its stored
// bytes gives (empty lists nil), and changing the value stored afterwards
// does not change what is remembered.
func TestStoredProgressIsTheDecodedOne(t *testing.T) {
	r := testRuleset(t)
	for _, g := range []Progress{
		{Init: -1, First: -1},
		{Higher: 1, Cup: Cup{Sides: [2]string{"a", "b"}, Left: [2]int{2, 1}}, Init: 1, First: 0, Sub: 1, Stage: "snap", ToAct: 1,
			Acted: []string{"x", "y"}, Assaulted: []string{"z"}, Reaction: "x", Start: [2]int{8, 9}, MoraleFailed: [2]bool{true, false},
			TimeUp: true, TitanOrder: []atii.OrderEntry{{ID: "t", Side: "a", Man: 2, Moved: true}}, TitanLast: "a"},
		{Init: 0, First: 1, Acted: []string{}},
	} {
		s := &rules.State{}
		if err := r.storeProgress(s, g); err != nil {
			t.Fatal(err)
		}
		if len(g.Acted) > 0 {
			g.Acted[0] = "changed"
		}
		got, err := r.progress(s)
		if err != nil {
			t.Fatal(err)
		}
		want := Progress{Init: -1, First: -1}
		if _, err := s.GetExt(ExtGame, &want); err != nil {
			t.Fatal(err)
		}
		want.Acted = append([]string(nil), want.Acted...)
		want.Assaulted = append([]string(nil), want.Assaulted...)
		want.TitanOrder = append([]atii.OrderEntry(nil), want.TitanOrder...)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("remembered %+v, decoded %+v", got, want)
		}
	}
}
