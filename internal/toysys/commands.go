package toysys

import (
	"fmt"
	"math"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// MoveCmd moves a squad in a straight line to To, at most its Speed away,
// staying on the table.
type MoveCmd struct {
	r    *Ruleset
	By   string    `json:"by"`
	Unit string    `json:"unit"`
	To   world.Vec `json:"to"`
}

// FireCmd fires a squad's weapon at an enemy squad within Range.
type FireCmd struct {
	r      *Ruleset
	By     string `json:"by"`
	Unit   string `json:"unit"`
	Target string `json:"target"`
}

// PassCmd ends a squad's activation without acting.
type PassCmd struct {
	By   string `json:"by"`
	Unit string `json:"unit"`
}

// Name implements rules.Command.
func (*MoveCmd) Name() string { return CmdMove }

// Name implements rules.Command.
func (*FireCmd) Name() string { return CmdFire }

// Name implements rules.Command.
func (*PassCmd) Name() string { return CmdPass }

// Actor implements rules.Command.
func (c *MoveCmd) Actor() string { return c.By }

// Actor implements rules.Command.
func (c *FireCmd) Actor() string { return c.By }

// Actor implements rules.Command.
func (c *PassCmd) Actor() string { return c.By }

// squad returns the unit the decision is waiting for if it is side's.
func squad(s *rules.State, side, unit string) (*rules.Unit, error) {
	u := s.Unit(unit)
	switch {
	case u == nil:
		return nil, fmt.Errorf("toy: no squad %q", unit)
	case u.Side != side:
		return nil, fmt.Errorf("toy: %s is not %s's", unit, side)
	case u.Activated || u.Destroyed:
		return nil, fmt.Errorf("toy: %s cannot act again this step", unit)
	case s.Pending == nil || len(s.Pending.Units) == 0 || s.Pending.Units[0] != unit:
		return nil, fmt.Errorf("toy: it is not %s's activation", unit)
	}
	return u, nil
}

// done ends u's activation and hands the decision to the other side.
func done(s *rules.State, u *rules.Unit) {
	u.Activated = true
	setActive(s, other(s, u.Side))
}

// Validate implements rules.Command. Errors: not the squad's activation,
// the wrong step, a point off the table or beyond its Speed.
func (c *MoveCmd) Validate(s *rules.State) error {
	u, err := squad(s, c.By, c.Unit)
	if err != nil {
		return err
	}
	if s.Step != StepMove || c.r == nil {
		return fmt.Errorf("toy: %s cannot move now", c.Unit)
	}
	if math.IsNaN(c.To.X) || math.IsNaN(c.To.Y) || !c.r.table.Contains(c.To) {
		return fmt.Errorf("toy: %s would leave the table", c.Unit)
	}
	if d := u.Pos.Dist(c.To); d > c.r.speed(u)+world.Eps {
		return fmt.Errorf("toy: %s moves %.0f cm, not %.1f", c.Unit, c.r.speed(u), d)
	}
	return nil
}

// Apply implements rules.Command.
func (c *MoveCmd) Apply(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	if err := c.Validate(s); err != nil {
		return nil, err
	}
	u := s.Unit(c.Unit)
	from := u.Pos
	u.Pos, u.Moved, u.MovedDist = c.To, true, from.Dist(c.To)
	done(s, u)
	return []rules.Event{{Kind: rules.EvMoved, Units: []string{u.ID}, Path: []world.Vec{from, c.To},
		Text: fmt.Sprintf("%s moves %.1f cm", u.ID, u.MovedDist)}}, nil
}

// Validate implements rules.Command. Errors: not the squad's activation,
// the wrong step, a target that is no standing enemy within Range.
func (c *FireCmd) Validate(s *rules.State) error {
	u, err := squad(s, c.By, c.Unit)
	if err != nil {
		return err
	}
	if s.Step != StepShoot {
		return fmt.Errorf("toy: %s cannot fire now", c.Unit)
	}
	t := s.Unit(c.Target)
	if t == nil || t.Side == c.By || t.Destroyed {
		return fmt.Errorf("toy: %q is no enemy squad", c.Target)
	}
	if d := u.Pos.Dist(t.Pos); d > Range+world.Eps {
		return fmt.Errorf("toy: %s is %.1f cm away, beyond %.0f cm", c.Target, d, Range)
	}
	return nil
}

// Apply implements rules.Command: one D6 to hit; a hit removes a wound; a
// squad with none is destroyed and counts as a kill for the firer's side.
func (c *FireCmd) Apply(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	if err := c.Validate(s); err != nil {
		return nil, err
	}
	u, t := s.Unit(c.Unit), s.Unit(c.Target)
	evs := []rules.Event{{Kind: rules.EvFired, Units: []string{u.ID, t.ID}, Text: u.ID + " fires at " + t.ID}}
	face := d.Roll(rules.Roll{Purpose: "to hit: " + u.ID, Sides: 6, Target: HitOn, Units: []string{u.ID, t.ID}}, 1)
	if face[0] >= HitOn {
		left := rules.AddCount(&t.Markers, markWound, -1)
		evs = append(evs, rules.Event{Kind: rules.EvDamaged, Units: []string{t.ID}, Text: fmt.Sprintf("%s loses a wound (%d left)", t.ID, left)})
		if left <= 0 {
			t.Destroyed = true
			for i := range s.Sides {
				if s.Sides[i].ID == c.By {
					rules.AddCount(&s.Sides[i].Markers, markKills, 1)
				}
			}
			evs = append(evs, rules.Event{Kind: rules.EvDestroyed, Units: []string{t.ID}, Text: t.ID + " is destroyed"})
		}
	}
	done(s, u)
	return evs, nil
}

// Validate implements rules.Command. Errors: not the squad's activation.
func (c *PassCmd) Validate(s *rules.State) error {
	_, err := squad(s, c.By, c.Unit)
	return err
}

// Apply implements rules.Command.
func (c *PassCmd) Apply(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	if err := c.Validate(s); err != nil {
		return nil, err
	}
	u := s.Unit(c.Unit)
	done(s, u)
	return []rules.Event{{Kind: rules.EvMessage, Units: []string{u.ID}, Text: u.ID + " passes"}}, nil
}
