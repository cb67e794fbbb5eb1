package e40k

import (
	"fmt"
	"sort"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// CommandRadius is the distance (cm, edge to edge) a unit may be from its
// detachment's HQ and stay in command (E40K-CMD-1).
const CommandRadius = 30.0

// Stand is a unit's base on the table with its id.
type Stand struct {
	ID   string
	Base world.Base
}

// OutOfCommand returns the ids of the units further than CommandRadius
// from the HQ (E40K-CMD-1), in the order given. The HQ itself is always in
// command.
func OutOfCommand(hq Stand, units []Stand) []string {
	var out []string
	for _, u := range units {
		if u.ID == hq.ID {
			continue
		}
		if world.Distance(hq.Base, u.Base) > CommandRadius+world.Eps {
			out = append(out, u.ID)
		}
	}
	return out
}

// NextHQ picks the unit that takes command when the HQ is destroyed
// (E40K-CMD-1: the owner's choice): the unit that would keep the most of
// the detachment in command, the closest to the old HQ on a tie, then the
// lowest id. Errors: no unit left.
func NextHQ(old world.Base, units []Stand) (string, error) {
	if len(units) == 0 {
		return "", fmt.Errorf("next HQ: no unit left in the detachment")
	}
	type cand struct {
		id    string
		in    int
		close float64
	}
	cs := make([]cand, len(units))
	for i, u := range units {
		cs[i] = cand{id: u.ID, in: len(units) - len(OutOfCommand(u, units)), close: world.Distance(old, u.Base)}
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].in != cs[j].in {
			return cs[i].in > cs[j].in
		}
		if cs[i].close != cs[j].close {
			return cs[i].close < cs[j].close
		}
		return cs[i].id < cs[j].id
	})
	return cs[0].id, nil
}

// Cup is the initiative cup (E40K-INI-1): the counters of each side not
// yet drawn this turn.
type Cup struct {
	// Sides are the two side ids; Left the counters each has in the cup.
	Sides [2]string
	Left  [2]int
}

// Counters for the sides of higher and lower strategy rating
// (E40K-INI-1).
const (
	HigherCounters = 3
	LowerCounters  = 2
)

// NewCup fills the cup for a turn: 3 counters for the side with the
// higher strategy rating, 2 for the other (higher is 0 or 1).
func NewCup(sides [2]string, higher int) Cup {
	c := Cup{Sides: sides}
	c.Left[higher&1] = HigherCounters
	c.Left[1-higher&1] = LowerCounters
	return c
}

// Chance is the chance each side's counter is drawn next.
func (c Cup) Chance() [2]float64 {
	n := c.Left[0] + c.Left[1]
	if n <= 0 {
		return [2]float64{0.5, 0.5}
	}
	return [2]float64{float64(c.Left[0]) / float64(n), float64(c.Left[1]) / float64(n)}
}

// Draw draws one counter (a die with as many faces as counters in the
// cup, logged) and returns the index of the side whose counter it is and
// the cup without it. An empty cup is refilled first (more draws in a
// turn than counters). Errors: a bad dice source.
func (c Cup) Draw(d rules.Dice, higher int) (int, Cup, error) {
	if c.Left[0]+c.Left[1] <= 0 {
		c = NewCup(c.Sides, higher)
	}
	n := c.Left[0] + c.Left[1]
	f, err := roll(d, rules.Roll{Purpose: fmt.Sprintf("initiative counter (%s %d, %s %d in the cup)", c.Sides[0], c.Left[0], c.Sides[1], c.Left[1]), Sides: n}, 1)
	if err != nil {
		return 0, c, err
	}
	who := 0
	if f[0] > c.Left[0] {
		who = 1
	}
	c.Left[who]--
	return who, c, nil
}

// RollOffHigher settles equal strategy ratings at the start of the game
// (E40K-INI-1): each side rolls a D6 (ties rolled again, at most 20
// times; then side 0) and the higher counts as the higher rating.
// Errors: a bad dice source.
func RollOffHigher(d rules.Dice, sides [2]string) (int, error) {
	h, _, err := rollOff(d, sides)
	return h, err
}

// rollOff is RollOffHigher with the faces of each roll: one pair a
// roll, side 0's die first.
func rollOff(d rules.Dice, sides [2]string) (int, [][2]int, error) {
	var rolls [][2]int
	for i := 0; i < 20; i++ {
		f, err := roll(d, rules.Roll{Purpose: fmt.Sprintf("strategy roll-off %s, %s (first die %s, second %s)", sides[0], sides[1], sides[0], sides[1]), Sides: 6}, 2)
		if err != nil {
			return 0, rolls, err
		}
		rolls = append(rolls, [2]int{f[0], f[1]})
		if f[0] != f[1] {
			if f[1] > f[0] {
				return 1, rolls, nil
			}
			return 0, rolls, nil
		}
	}
	return 0, rolls, nil
}

// CupText is what each side has in the cup and which faces of the draw's
// die are its counters ("marines 3 (faces 1-3), orks 2 (faces 4-5)"):
// the initiative draw is one die for both sides (E40K-INI-1).
func (c Cup) CupText() string {
	if c.Left[0]+c.Left[1] <= 0 {
		return "an empty cup"
	}
	part := func(i, lo int) string {
		n := c.Left[i]
		switch n {
		case 0:
			return fmt.Sprintf("%s none", c.Sides[i])
		case 1:
			return fmt.Sprintf("%s 1 (face %d)", c.Sides[i], lo)
		}
		return fmt.Sprintf("%s %d (faces %d-%d)", c.Sides[i], n, lo, lo+n-1)
	}
	return part(0, 1) + ", " + part(1, c.Left[0]+1)
}
