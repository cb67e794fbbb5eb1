package rules

import (
	"errors"
	"testing"
)

// plannedFire is the duel's fire command as a Planner that counts its
// calls: Plan is its check, ApplyPlan gets what Plan returned.
type plannedFire struct {
	fireCmd
	plans, applied, validated int
	got                       any
}

type firePlanned struct{ target string }

func (c *plannedFire) Validate(s *State) error {
	c.validated++
	return c.fireCmd.Validate(s)
}

func (c *plannedFire) Plan(s *State) (any, error) {
	c.plans++
	if err := c.fireCmd.Validate(s); err != nil {
		return nil, err
	}
	return firePlanned{target: c.Target}, nil
}

func (c *plannedFire) ApplyPlan(s *State, d Dice, plan any) ([]Event, error) {
	c.applied++
	c.got = plan
	return c.fireCmd.Apply(s, d)
}

// TestPlannerChecksOnce: for a Planner the engine's Submit and Preview run
// Plan (not Validate) on the state before the command and hand its plan
// to ApplyPlan, so what the check measured is measured once; a refused
// plan leaves the game unchanged.
func TestPlannerChecksOnce(t *testing.T) {
	e := newDuel(t, 21, 3, Config{})
	for e.State().Step != "shoot" {
		playFirst(t, e, 1)
	}
	p := e.State().Pending.Side
	u := map[string]string{"red": "r1", "blue": "b1"}
	c := &plannedFire{fireCmd: fireCmd{By: p, Unit: u[p], Target: u[other(p)]}}
	if _, _, err := e.Preview(e.State(), c, Scripted(6, 6)); err != nil {
		t.Fatal(err)
	}
	if c.plans != 1 || c.applied != 1 || c.validated != 0 || c.got != (firePlanned{target: u[other(p)]}) {
		t.Fatalf("preview: %d plans, %d applied, %d validations, plan %v", c.plans, c.applied, c.validated, c.got)
	}
	before := e.State().Hash()
	bad := &plannedFire{fireCmd: fireCmd{By: p, Unit: u[p], Target: u[p]}}
	if _, err := e.Submit(bad); !errors.Is(err, ErrIllegal) || bad.applied != 0 || e.State().Hash() != before {
		t.Fatalf("a refused plan: %v, applied %d", err, bad.applied)
	}
	if _, err := e.Submit(c); err != nil {
		t.Fatal(err)
	}
	if c.plans != 2 || c.applied != 2 || c.validated != 0 {
		t.Fatalf("submit: %d plans, %d applied, %d validations", c.plans, c.applied, c.validated)
	}
}
