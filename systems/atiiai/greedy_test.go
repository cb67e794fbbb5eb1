package atiiai_test

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/systems/atiiai"
	"github.com/auspex/auspex/world"
)

// holdUntil submits each decider's first discrete choice (an order, a
// hold) until step is reached with side to act (not to choose the
// initiative), and returns side's
// view of a copy of the state (positions may be changed on it before
// asking a controller).
func holdUntil(t *testing.T, g *game.Game, step, side string) (*rules.State, func(*rules.State) game.View) {
	t.Helper()
	for i := 0; i < 400 && !g.State().Over; i++ {
		d := g.Engine.Decider()
		p := g.State().Pending
		if g.State().Step == step && d == side && p != nil && p.Kind != atii.KindInitiative {
			break
		}
		var cmd rules.Command
		for _, c := range g.Engine.Legal(d) {
			if c.Continuous == "" {
				cmd = c.Cmd
				break
			}
		}
		if cmd == nil {
			t.Fatalf("no discrete choice for %s at %s", d, g.State().Step)
		}
		if _, err := g.Submit(cmd); err != nil {
			t.Fatal(err)
		}
	}
	if g.State().Step != step || g.Engine.Decider() != side {
		t.Fatalf("never reached %s with %s to decide", step, side)
	}
	rs := g.Ruleset.(*atii.Ruleset)
	view := func(st *rules.State) game.View {
		return game.View{State: st, Side: side, Choices: rs.Legal(st, side), Ruleset: rs,
			Check: func(c rules.Command) error { return g.Bind(c).Validate(st) }}
	}
	return g.Engine.Snapshot(), view
}

// shotVP is the exact expected victory points shot sh of titan id takes
// off its target (ATII-SHT-4 to 7 through atii.OddsShotOutcome).
func shotVP(t *testing.T, rs *atii.Ruleset, st *rules.State, id string, sh atii.Shot) float64 {
	t.Helper()
	setup, err := rs.ShotSetupFor(st, id, sh)
	if err != nil {
		t.Fatal(err)
	}
	oo, err := atii.OddsShotOutcome(setup, atii.Options{})
	if err != nil {
		t.Fatal(err)
	}
	now := float64(atii.TitanVictoryPoints(setup.Target, 100, setup.TargetState, false, false))
	return (oo.VPPercent - now) / 100 * float64(setup.Target.Points)
}

// TestGreedyFiresTheBestExpectedShot (ATII-SHT-2, 4 to 7): a Reaver of
// the side to shoot has the enemy's Warhound 25 cm ahead, shields up,
// and the enemy's Reaver 40 cm away in its front and left arcs, with its
// shields gone and its legs at Major (a further Major there crashes it).
// The rules' default fire (every weapon at its nearest target) shoots
// the Warhound; the exact odds say the carapace and left arm weapons
// take more victory points off the Reaver, and greedy fires them there.
func TestGreedyFiresTheBestExpectedShot(t *testing.T) {
	g := newGame(t, "titan-battlegroup", 1)
	st, view := holdUntil(t, g, atii.StepShooting, g.Engine.Decider())
	side := st.Pending.Side
	// a Reaver of the side to shoot, a Reaver and a Warhound of the
	// enemy's; the other titans are destroyed
	shooter, near, target := "", "", ""
	for i := range st.Units {
		u := &st.Units[i]
		switch {
		case u.Side == side && u.Type == "reaver" && shooter == "":
			shooter = u.ID
		case u.Side != side && u.Type == "warhound" && near == "":
			near = u.ID
		case u.Side != side && u.Type == "reaver" && target == "":
			target = u.ID
		default:
			u.Destroyed = true
			damage(t, st, u.ID, func(ts *atii.TitanState) { ts.Destroyed = true })
		}
	}
	if shooter == "" || near == "" || target == "" {
		t.Fatal("want a Reaver a side and a Warhound")
	}
	place(t, st, shooter, 90, 40, 180)
	place(t, st, near, 90, 65, 0)      // 25 cm ahead
	place(t, st, target, 106, 77, 300) // about 40 cm, in the front arc
	damage(t, st, target, func(ts *atii.TitanState) { ts.ShieldsLost, ts.Legs = 4, atii.Major })

	v := view(st)
	var def *atii.FireCmd
	for _, c := range v.Choices {
		if fc, ok := c.Cmd.(*atii.FireCmd); ok && fc.Unit == shooter {
			def = fc
			break
		}
	}
	if def == nil {
		t.Fatalf("no fire choice for %s: %+v", shooter, v.Choices)
	}
	for _, sh := range def.Shots {
		if sh.Target != near {
			t.Fatalf("the rules' first fire choice %+v: want every weapon at the nearest target %s", def.Shots, near)
		}
	}
	cmd, err := atiiai.Greedy{}.Decide(context.Background(), v)
	if err != nil {
		t.Fatal(err)
	}
	fc, ok := cmd.(*atii.FireCmd)
	if !ok || fc.Unit != shooter {
		t.Fatalf("greedy answered %T %+v, want %s's fire", cmd, cmd, shooter)
	}
	if err := v.Check(fc); err != nil {
		t.Fatalf("greedy's fire is refused: %v", err)
	}
	for _, mount := range []string{"carapace", "left-arm"} {
		var got *atii.Shot
		for i := range fc.Shots {
			if fc.Shots[i].Mount == mount {
				got = &fc.Shots[i]
			}
		}
		if got == nil {
			t.Fatalf("greedy's fire %+v leaves %s out", fc.Shots, mount)
		}
		atNear := shotVP(t, g.Ruleset.(*atii.Ruleset), st, shooter, atii.Shot{Mount: mount, Target: near, Aim: atii.AimHigh})
		atFar := shotVP(t, g.Ruleset.(*atii.Ruleset), st, shooter, atii.Shot{Mount: mount, Target: target, Aim: got.Aim})
		if atFar <= atNear {
			t.Fatalf("%s: expected VP at %s %.2f, at %s %.2f: the set-up should favour the farther Reaver", mount, target, atFar, near, atNear)
		}
		if got.Target != target {
			t.Errorf("%s fires at %s (expected %.2f VP), want %s (%.2f VP)", mount, got.Target, atNear, target, atFar)
		}
	}
}

// TestGreedyWalksToTheUnheldObjective: the duel is won by holding the
// relay at the end of turn 6 (the scenario's hold-objective victory
// rules; atii.HoldDistance). Red's Reaver, with blue's far off to the
// east, walks at the relay, not at blue; standing on the relay with blue
// in front of its guns, it holds its position.
func TestGreedyWalksToTheUnheldObjective(t *testing.T) {
	g := newGame(t, "titan-duel", 1)
	st, view := holdUntil(t, g, atii.StepMovement, "red")
	red, blue := duelPair(st)
	relay := world.Vec{X: 60, Y: 66}
	place(t, st, red, 40, 30, 180)
	place(t, st, blue, 115, 20, 270)
	cmd, err := atiiai.Greedy{}.Decide(context.Background(), view(st))
	if err != nil {
		t.Fatal(err)
	}
	mv, ok := cmd.(*atii.MoveCmd)
	if !ok || mv.Unit != red || len(mv.Path) == 0 {
		t.Fatalf("greedy answered %T %+v, want a move of %s", cmd, cmd, red)
	}
	last := mv.Path[len(mv.Path)-1]
	end := world.Vec{X: last.X, Y: last.Y}
	start := world.Vec{X: 40, Y: 30}
	if d := start.Dist(relay) - end.Dist(relay); d < 10 {
		t.Errorf("the move ends at (%.1f, %.1f), %.1f cm nearer the relay: want at least 10", end.X, end.Y, d)
	}
	if off := math.Abs(world.RelDeg(world.Bearing(end.Sub(start)) - world.Bearing(relay.Sub(start)))); off > 45 {
		t.Errorf("the move heads %.0f degrees off the relay", off)
	}

	on, view2 := st.Clone(), view
	place(t, on, red, 60, 66, 180)
	place(t, on, blue, 60, 100, 0)
	cmd, err = atiiai.Greedy{}.Decide(context.Background(), view2(on))
	if err != nil {
		t.Fatal(err)
	}
	if h, ok := cmd.(*atii.HoldCmd); !ok || h.Unit != red {
		t.Errorf("on the relay with blue in its arc greedy answered %T %+v, want %s to hold", cmd, cmd, red)
	}
}

// TestGreedyChargesOnlyAWinningCloseCombat (ATII-CC-1 to 3): in the
// battlegroup's assault phase, with a Reaver a side 22 cm apart face to
// face (the other titans far off and holding), the side to move charges
// into base contact when its Reaver has a Powerfist and the enemy's has
// no close combat weapon (improvised attacks only), and stays out of
// contact the other way round.
func TestGreedyChargesOnlyAWinningCloseCombat(t *testing.T) {
	for _, fist := range []string{"mine", "theirs"} {
		g := newGame(t, "titan-battlegroup", 1)
		st, view := holdUntil(t, g, atii.StepAssault, g.Engine.Decider())
		side := st.Pending.Side
		me, them := "", ""
		mine, theirs := 0, 0
		for i := range st.Units {
			u := &st.Units[i]
			switch {
			case u.Side == side && u.Type == "reaver" && me == "":
				me = u.ID
			case u.Side != side && u.Type == "reaver" && them == "":
				them = u.ID
			case u.Side == side: // out of the way, top right
				place(t, st, u.ID, 175-15*float64(mine), 5, 180)
				mine++
			default: // and bottom right
				place(t, st, u.ID, 175-15*float64(theirs), 115, 0)
				theirs++
			}
		}
		for _, id := range []string{me, them} {
			u := st.Unit(id)
			u.Loadout = u.Loadout.Clone()
			u.Loadout.Set("right-arm", "melta-cannon")
			u.Loadout.Set("left-arm", "gatling-blaster")
		}
		armed := st.Unit(me)
		if fist == "theirs" {
			armed = st.Unit(them)
		}
		armed.Loadout.Set("right-arm", "powerfist")
		place(t, st, me, 55, 20, 180) // clear ground between the woods and the ruins
		place(t, st, them, 55, 42, 0)
		// the other titans hold until the Reaver's turn (the assault
		// phase goes highest Man first, ATII-CC-1)
		rs := g.Ruleset.(*atii.Ruleset)
		for k := uint64(0); k < 20; k++ {
			d := st.Pending.Side
			cs := rs.Legal(st, d)
			if len(cs) == 0 {
				t.Fatalf("no choice for %s at %s", d, st.Step)
			}
			if d == side && cs[0].Name == atii.CmdMove && cs[0].Units[0] == me {
				break
			}
			var hold rules.Command
			for _, c := range cs {
				if c.Name == atii.CmdHold {
					hold = c.Cmd
					break
				}
			}
			if hold == nil {
				t.Fatalf("no hold for %s among %d choices", d, len(cs))
			}
			next, err := g.Engine.Simulator().Play(st, hold, rules.NewSeededDice(1, k))
			if err != nil {
				t.Fatal(err)
			}
			st = next
		}
		cmd, err := atiiai.Greedy{}.Decide(context.Background(), view(st))
		if err != nil {
			t.Fatal(err)
		}
		after := st.Clone()
		if mv, ok := cmd.(*atii.MoveCmd); ok && len(mv.Path) > 0 {
			last := mv.Path[len(mv.Path)-1]
			place(t, after, me, last.X, last.Y, after.Unit(me).Facing)
		}
		gap := world.Distance(baseOf(t, rs, after, me), baseOf(t, rs, after, them))
		switch fist {
		case "mine":
			if gap > world.Eps {
				t.Errorf("with the Powerfist greedy answered %T %+v, %.1f cm short of contact: want a charge", cmd, cmd, gap)
			}
		case "theirs":
			if gap <= world.Eps {
				t.Errorf("against the Powerfist greedy charged into contact: %+v", cmd)
			}
		}
	}
}

// baseOf is unit id's base on st.
func baseOf(t *testing.T, rs *atii.Ruleset, st *rules.State, id string) world.Base {
	t.Helper()
	u := st.Unit(id)
	p, err := rs.Catalogue().Unit(u.Type)
	if err != nil {
		t.Fatal(err)
	}
	return world.Base{ID: id, Pos: u.Pos, Facing: u.Facing, Foot: p.Base}
}

// TestRootActionsOfferGreedysPick (issue 10: the search never overlooks
// what the one-ply baseline would do): in the duel's movement phase red's
// Reaver walks at the relay (greedy's walk to an unheld objective, the
// hold-objective victory rules), an end point none of the move candidates
// has; the root's actions are the domain's actions plus that move, once.
// Deeper in the search (another state) nothing is added.
func TestRootActionsOfferGreedysPick(t *testing.T) {
	g := newGame(t, "titan-duel", 1)
	st, view := holdUntil(t, g, atii.StepMovement, "red")
	red, blue := duelPair(st)
	place(t, st, red, 40, 30, 180)
	place(t, st, blue, 115, 20, 270)
	rs := g.Ruleset.(*atii.Ruleset)
	v := view(st)
	v.Sim = g.Engine.Simulator()
	dom := atiiai.Domain{RS: rs, Sim: v.Sim, Eval: atiiai.Evaluator{RS: rs, W: atiiai.DefaultWeights(), Goals: atiiai.BuildGoals(rs, st)}, Root: &v}
	plain, err := dom.ActionsContext(context.Background(), st, "red")
	if err != nil {
		t.Fatal(err)
	}
	root, err := dom.RootActions(context.Background(), st, "red")
	if err != nil {
		t.Fatal(err)
	}
	want, err := atiiai.Greedy{}.Decide(context.Background(), v)
	if err != nil {
		t.Fatal(err)
	}
	key := func(c rules.Command) string {
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		return c.Name() + string(b)
	}
	seen := map[string]int{}
	for _, a := range root {
		seen[key(a.Cmd)]++
	}
	for k, n := range seen {
		if n > 1 {
			t.Errorf("root action %s offered %d times", k, n)
		}
	}
	if seen[key(want)] != 1 {
		t.Fatalf("greedy's move %s is not among the root's %d actions", key(want), len(root))
	}
	inPlain := false
	for _, a := range plain {
		inPlain = inPlain || key(a.Cmd) == key(want)
	}
	if inPlain || len(root) != len(plain)+1 {
		t.Fatalf("greedy's walk to the relay should be new: in the plain actions %v, %d root actions for %d plain", inPlain, len(root), len(plain))
	}
	if last := root[len(root)-1]; last.Unit != red || !strings.Contains(last.Text, "greedy") {
		t.Errorf("greedy's action reads %q for unit %q", last.Text, last.Unit)
	}
	other := st.Clone()
	deeper, err := dom.RootActions(context.Background(), other, "red")
	if err != nil || len(deeper) != len(plain) {
		t.Errorf("away from the root: %d actions (err %v), want the plain %d", len(deeper), err, len(plain))
	}
}
