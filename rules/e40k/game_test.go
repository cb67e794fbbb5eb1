package e40k

import (
	"errors"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// nearestEnemy returns the closest living enemy base to b.
func nearestEnemy(t testing.TB, r *Ruleset, s *rules.State, u *rules.Unit, b world.Base) (world.Base, bool) {
	enemies, _, err := r.enemyBases(s, u.Side)
	if err != nil {
		t.Fatal(err)
	}
	i, _ := closestEnemy(b, enemies, nil)
	if i < 0 {
		return world.Base{}, false
	}
	return enemies[i], true
}

// fillMoves gives a move or assault template unit moves toward the enemy,
// keeping each that the engine accepts.
func fillMoves(t testing.TB, e *rules.Engine, r *Ruleset, rng *rules.PCG32, cmd rules.Command) {
	s := e.State()
	var det string
	var moves *[]UnitMove
	assault := false
	switch c := cmd.(type) {
	case *MoveCmd:
		det, moves = c.Detachment, &c.Moves
	case *AssaultCmd:
		det, moves, assault = c.Detachment, &c.Moves, true
	default:
		return
	}
	f := s.Formation(det)
	for _, u := range members(s, det) {
		p, err := r.Profile(s, u)
		if err != nil {
			t.Fatal(err)
		}
		b := world.Base{Pos: u.Pos, Facing: u.Facing, Foot: p.Base}
		en, ok := nearestEnemy(t, r, s, u, b)
		if !ok {
			return
		}
		dir := en.Pos.Sub(u.Pos)
		l := dir.Len()
		if l < world.Eps {
			continue
		}
		dir = dir.Scale(1 / l)
		gap := world.Distance(b, en)
		allow := Allowance(&p, f.Orders, assault)
		var tries []float64
		if assault {
			tries = []float64{gap, min(allow, gap-0.5), allow / 2, 5}
		} else {
			frac := float64(1+rng.Uint32n(4)) / 4
			tries = []float64{min(allow*frac, gap-1), allow / 3}
		}
		for _, d := range tries {
			if d <= 0.1 {
				continue
			}
			*moves = append(*moves, UnitMove{Unit: u.ID, To: u.Pos.Add(dir.Scale(d))})
			if e.Check(cmd) == nil {
				break
			}
			*moves = (*moves)[:len(*moves)-1]
		}
	}
}

// playRandom plays a game to the end with a seeded random driver: every
// Legal choice must validate, the game must never stall or panic.
func playRandom(t *testing.T, seed uint64, opts map[string]string) *rules.Engine {
	t.Helper()
	return playRandomOn(t, testRuleset(t), smallBattle(seed, opts), seed)
}

// playRandomOn is playRandom on any ruleset and starting state.
func playRandomOn(t *testing.T, r *Ruleset, st *rules.State, seed uint64) *rules.Engine {
	t.Helper()
	e, err := rules.New(r, st, rules.Config{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rules.NewStream(seed, 77)
	for n := 0; n < 4000 && !e.State().Over; n++ {
		st := e.State()
		p := st.Pending
		if p == nil {
			t.Fatalf("seed %d: stalled at %s with no decision", seed, st.Step)
		}
		ch := e.Legal(p.Side)
		if len(ch) == 0 {
			t.Fatalf("seed %d: no legal choice for %s at %s (%s)", seed, p.Side, st.Step, p.Kind)
		}
		for _, c := range ch {
			if err := e.Check(c.Cmd); err != nil {
				t.Fatalf("seed %d: legal choice %q does not validate at %s: %v", seed, c.Text, st.Step, err)
			}
		}
		c := ch[rng.Uint32n(uint32(len(ch)))].Cmd
		fillMoves(t, e, r, rng, c)
		if _, err := e.Submit(c); err != nil {
			t.Fatalf("seed %d: submit %s at %s: %v", seed, c.Name(), st.Step, err)
		}
	}
	if !e.State().Over {
		t.Fatalf("seed %d: the game did not end (turn %d, step %s)", seed, e.State().Turn, e.State().Step)
	}
	return e
}

// The whole sequence of play (seed 001) with two small detachments a side,
// played to the end by a seeded random driver, default options and with
// every Remastered option on.
func TestRandomPlayoutE40K(t *testing.T) {
	all := map[string]string{}
	for _, o := range OptionList() {
		all[o.ID] = "on"
	}
	all[OptNoArmyMorale] = "off"
	for seed := uint64(1); seed <= 12; seed++ {
		e := playRandom(t, seed, nil)
		if e.State().Result == nil {
			t.Errorf("seed %d: no result", seed)
		}
		playRandom(t, seed, all)
	}
}

// The flow visits every step of the sequence of play in order, including
// the second initiative before war engines shoot (E40K-INI-1, seed 001).
func TestSequenceOfPlayE40K(t *testing.T) {
	e := playRandom(t, 3, map[string]string{OptNoArmyMorale: "on"})
	var steps []string
	for _, ev := range e.State().Log {
		if ev.Kind == rules.EvPhase && ev.Turn == 1 {
			steps = append(steps, ev.Step)
		}
	}
	want := []string{StepOrders, StepMoveInit, StepMovement, StepShootInit, StepShooting, StepShootInit2, StepWarEngines, StepAssaultInit, StepAssault, StepRally}
	got := map[string]int{}
	for i, s := range steps {
		if _, seen := got[s]; !seen {
			got[s] = i
		}
	}
	prev := -1
	for _, w := range want {
		i, ok := got[w]
		if !ok {
			t.Fatalf("turn 1 never entered %s (steps %v)", w, steps)
		}
		if i < prev {
			t.Errorf("%s came out of order (steps %v)", w, steps)
		}
		prev = i
	}
	// Four initiative draws per turn from a cup of 5 counters.
	draws := 0
	for _, ev := range e.State().Log {
		if ev.Kind == rules.EvRoll && ev.Turn == 1 && ev.Roll != nil && len(ev.Roll.Purpose) > 18 && ev.Roll.Purpose[:18] == "initiative counter" {
			draws++
		}
	}
	if draws != 4 {
		t.Errorf("turn 1 drew %d initiative counters, want 4", draws)
	}
}

// A played game saves and replays to the same state: commands decode from
// JSON and every roll comes from the seeded stream.
func TestSaveReplayE40K(t *testing.T) {
	opts := map[string]string{OptResilient: "on", OptCC2D6: "on"}
	saveReplay(t, testRuleset(t), 5, opts, smallBattle)
	// Titans inside the battle (seed 002) replay too.
	saveReplay(t, testTitanRuleset(t), 5, opts, titanBattle)
}

func saveReplay(t *testing.T, r *Ruleset, seed uint64, opts map[string]string, battle func(uint64, map[string]string) *rules.State) {
	t.Helper()
	e := playRandomOn(t, r, battle(seed, opts), seed)
	data, err := e.Save()
	if err != nil {
		t.Fatal(err)
	}
	reg, err := rules.NewRegistry(r)
	if err != nil {
		t.Fatal(err)
	}
	build := func(su rules.Setup) (*rules.State, error) { return battle(su.Seed, su.Options), nil }
	back, err := rules.Load(data, reg, build, rules.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if back.State().Hash() != e.State().Hash() || !back.State().Over {
		t.Errorf("replayed game differs: over=%v", back.State().Over)
	}
	if back.State().Result.Winner != e.State().Result.Winner {
		t.Errorf("winner %q, replay %q", e.State().Result.Winner, back.State().Result.Winner)
	}
}

// With manual dice that always show 1 (every attack misses, every
// leadership test fails, every tie repeats) the game still plays to the
// end: no loop runs away on a fixed die.
// The same with a titan a side (seed 002's integration rules).
func TestFixedDiceTerminateE40K(t *testing.T) {
	fixedDiceGame(t, testRuleset(t), smallBattle(9, map[string]string{OptCC2D6: "on"}))
	fixedDiceGame(t, testTitanRuleset(t), titanBattle(9, map[string]string{OptCC2D6: "on"}))
}

func fixedDiceGame(t *testing.T, r *Ruleset, st *rules.State) {
	t.Helper()
	e, err := rules.New(r, st, rules.Config{ManualDice: true})
	if err != nil {
		t.Fatal(err)
	}
	rng := rules.NewStream(9, 1)
	ones := make([]int, 400)
	for i := range ones {
		ones[i] = 1
	}
	for n := 0; n < 3000 && !e.State().Over; n++ {
		p := e.State().Pending
		if p == nil {
			t.Fatalf("stalled at %s", e.State().Step)
		}
		ch := e.Legal(p.Side)
		c := ch[rng.Uint32n(uint32(len(ch)))].Cmd
		fillMoves(t, e, r, rng, c)
		e.ClearDice()
		if err := e.ProvideDice(ones...); err != nil {
			t.Fatal(err)
		}
		if _, err := e.Submit(c); err != nil {
			t.Fatalf("submit %s at %s: %v", c.Name(), e.State().Step, err)
		}
	}
	if !e.State().Over {
		t.Fatal("the game did not end")
	}
}

// Bad commands are refused with errors, never a panic.
func TestBadCommandsRefusedE40K(t *testing.T) {
	r := testRuleset(t)
	e, err := rules.New(r, smallBattle(2, nil), rules.Config{})
	if err != nil {
		t.Fatal(err)
	}
	side := e.State().Pending.Side
	bad := []rules.Command{
		&OrdersCmd{r: r, By: side, Detachment: "nope", Order: OrderAssault},
		&OrdersCmd{r: r, By: "nobody", Detachment: "marines", Order: OrderAssault},
		&MoveCmd{r: r, By: side, Detachment: "marines", Moves: []UnitMove{{Unit: "zz"}}},
		&FireCmd{r: r, By: side, Detachment: "marines", Target: "marines"},
		&AssaultCmd{r: r, By: side},
		&RallyCmd{r: r, By: side, Detachment: "boyz"},
		&PassCmd{r: r, By: side},
		&InitiativeCmd{r: r, By: side},
	}
	for _, c := range bad {
		_, err := e.Submit(c)
		if err == nil {
			t.Errorf("%s %+v accepted at %s", c.Name(), c, e.State().Step)
			continue
		}
		if errors.Is(err, rules.ErrRulesetPanic) {
			t.Errorf("%s panicked: %v", c.Name(), err)
		}
	}
}

// Legal and Check may run on several goroutines at once over the same
// published state (the AI explores in parallel): the ruleset's caches are
// safe for that. Run with -race to check.
func TestConcurrentLegalE40K(t *testing.T) {
	r := testRuleset(t)
	e, err := rules.New(r, smallBattle(4, nil), rules.Config{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rules.NewStream(4, 3)
	for n := 0; n < 40 && !e.State().Over; n++ {
		s := e.State()
		side := s.Pending.Side
		done := make(chan int, 4)
		for k := 0; k < 4; k++ {
			go func() {
				done <- len(r.Legal(s, side))
			}()
		}
		want := len(r.Legal(s, side))
		for k := 0; k < 4; k++ {
			if got := <-done; got != want {
				t.Errorf("concurrent Legal gave %d choices, want %d", got, want)
			}
		}
		ch := e.Legal(side)
		if _, err := e.Submit(ch[rng.Uint32n(uint32(len(ch)))].Cmd); err != nil {
			t.Fatal(err)
		}
	}
}
