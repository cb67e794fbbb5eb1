package atii_test

import (
	"sync"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
)

// TestLookAheadOnGoroutines: a search explores clones of one game on
// several goroutines through one ruleset: Legal and Preview read the
// shared typed state (titan states, progress, set-up) and fill the
// ruleset's sight and path memos at once. Every goroutine sees the same
// answers, and the game itself is untouched (run with -race to check the
// sharing).
func TestLookAheadOnGoroutines(t *testing.T) {
	g := bundled(t, "titan-battlegroup", 3)
	s := g.State()
	winner := s.Pending.Side
	if _, err := g.Submit(&atii.OrderCmd{By: winner, First: true}); err != nil {
		t.Fatal(err)
	}
	s = g.State()
	side := s.Pending.Side
	before := s.Hash()
	u := s.Unit(s.Pending.Units[0])
	move := g.Ruleset.(*atii.Ruleset).Move(side, u.ID, atii.Waypoint{X: u.Pos.X, Y: u.Pos.Y, Facing: atii.Face(u.Facing + 30)})
	want, _, err := g.Engine.Preview(s, move, rules.NewSeededDice(5, 1))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for k := 0; k < 4; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := s.Clone()
			for i := 0; i < 20; i++ {
				if ch, err := g.Engine.LegalAt(c, side); err != nil || len(ch) == 0 {
					errs <- "no legal choices"
					return
				}
				n, _, err := g.Engine.Preview(c, move, rules.NewSeededDice(5, 1))
				if err != nil || n.PositionHash() != want.PositionHash() {
					errs <- "another preview"
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
	if g.State().Hash() != before {
		t.Fatal("look-ahead changed the game")
	}
}
