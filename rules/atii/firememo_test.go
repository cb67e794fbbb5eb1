package atii_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
)

// TestLegalFireMemoGoesStale: Legal remembers each titan's fire choices
// from one shooting decision to the next (ATII-SHT-2: the shots a titan
// may declare depend on arcs, range, sight and its weapons). A change
// that alters them must not leave the remembered ones offered: after a
// Legal call on the position, each changed position is asked of the same
// engine and must be answered as an engine that never saw the position
// answers it, and differently from the unchanged position (so the change
// mattered).
func TestLegalFireMemoGoesStale(t *testing.T) {
	text := scenarioText(
		[]string{"{id: r1, type: reaver, position: {x: 50, y: 40}, facing: 180}",
			"{id: r2, type: warhound, position: {x: 75, y: 40}, facing: 180}"},
		[]string{"{id: b1, type: reaver, position: {x: 50, y: 80}, facing: 0}",
			"{id: b2, type: warhound, position: {x: 80, y: 85}, facing: 0}"}, "")
	g := newGame(t, text, 5)
	redToMove(t, g)
	holdUntil(t, g, atii.StepShooting)
	rs := g.Ruleset.(*atii.Ruleset)
	side := g.Engine.Decider()
	s := g.State()
	listed := func(e *rules.Engine, st *rules.State) []string {
		t.Helper()
		cs, err := e.LegalAt(st, side)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, c := range cs {
			b, err := json.Marshal(c.Cmd)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, c.Text+" "+string(b))
		}
		return out
	}
	base := listed(g.Engine, s)
	// The first fire choice names a firer, one of its mounts and a target.
	var fire *atii.FireCmd
	for _, c := range g.Engine.Legal(side) {
		if fc, ok := c.Cmd.(*atii.FireCmd); ok && len(fc.Shots) > 0 {
			fire = fc
			break
		}
	}
	if fire == nil {
		t.Fatalf("%s is offered no shot", side)
	}
	firer, mount, target := fire.Unit, fire.Shots[0].Mount, fire.Shots[0].Target
	editTitan := func(st *rules.State, id string, edit func(*atii.TitanState)) {
		u := st.Unit(id)
		prof, err := rs.Catalogue().Unit(u.Type)
		if err != nil {
			t.Fatal(err)
		}
		ts, err := atii.TitanOf(u)
		if err != nil {
			t.Fatal(err)
		}
		edit(&ts)
		if err := atii.PutTitan(u, prof, ts); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name string
		edit func(*rules.State)
	}{
		{"target destroyed", func(st *rules.State) {
			// Only its titan state says so (what to-hit reads).
			editTitan(st, target, func(ts *atii.TitanState) { ts.Destroyed = true })
			st.Unit(target).Destroyed = false
		}},
		{"target off the table", func(st *rules.State) { st.Unit(target).OffTable = true }},
		{"weapon disabled", func(st *rules.State) {
			editTitan(st, firer, func(ts *atii.TitanState) {
				ts.Weapons = map[string]atii.Level{mount: atii.Superficial}
			})
		}},
		{"firer turned about", func(st *rules.State) { st.Unit(firer).Facing += 180 }},
		{"target moved away", func(st *rules.State) { st.Unit(target).Pos.Y += 300 }},
		{"target moved", func(st *rules.State) { st.Unit(target).MovedDist, st.Unit(target).Moved = 20, true }},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := listed(g.Engine, s); !slices.Equal(got, base) {
				t.Fatalf("the unchanged position is answered differently the second time:\n%v\n%v", got, base)
			}
			st := s.Clone()
			c.edit(st)
			got := listed(g.Engine, st)
			if slices.Equal(got, base) {
				t.Errorf("Legal offers the same after the change: %v", got)
			}
			fresh := newGame(t, text, 5)
			if want := listed(fresh.Engine, st); !slices.Equal(got, want) {
				t.Errorf("Legal after the change offers\n%v\nan engine new to the position\n%v", got, want)
			}
		})
	}
}
