package atiiui

import (
	"fmt"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
)

// RepairChoice is one line of the rally list: a system (a location or the
// void shields), how many repairs it could take, and its state now.
type RepairChoice struct {
	// System is the location id or atii.RepairShield.
	System string
	// Count is how many repairs it could take (one per shield down; two
	// for Major head or reactor damage).
	Count int
	// Label reads "void shield x2 (2 of 4 down)" or "head (now Major)".
	Label string
}

// RepairChoices groups what the selected titan could repair (Repairable)
// by system, in the rules' order, with each system's damage now: shown
// before the roll, so the player knows what the dice may fix.
func (s *UI) RepairChoices() []RepairChoice {
	u, prof := s.profile(s.Selected)
	if u == nil || prof == nil {
		return nil
	}
	ts, err := atii.TitanOf(u)
	if err != nil {
		return nil
	}
	var out []RepairChoice
	at := map[string]int{}
	for _, r := range atii.Repairable(prof, ts) {
		if i, ok := at[r]; ok {
			out[i].Count++
			continue
		}
		at[r] = len(out)
		out = append(out, RepairChoice{System: r, Count: 1})
	}
	for i := range out {
		rc := &out[i]
		name, state := rc.System, ""
		if rc.System == atii.RepairShield {
			name = "void shield"
			state = fmt.Sprintf("%d of %d down", ts.ShieldsDown, sheet.Of(prof).VoidShields)
		} else {
			state = "now " + ts.Level(rc.System).String()
		}
		if rc.Count > 1 {
			name += fmt.Sprintf(" x%d", rc.Count)
		}
		rc.Label = fmt.Sprintf("%s (%s)", name, state)
	}
	return out
}

// Allocating reports whether the decision is the allocation of a repair
// roll's successes (ATII-REP-1: the player allocates after seeing the
// dice).
func (s *UI) Allocating() bool {
	p := s.State().Pending
	return s.State().Step == atii.StepRally && p != nil && p.Kind == atii.KindAllocate && p.Side == s.Decider()
}

// AllocationChoices lists the ways to allocate the rolled repairs, each a
// grouped list of systems ("r1 repairs head x2, shield"), as the rules
// offer them.
func (s *UI) AllocationChoices() []rules.Choice {
	if !s.Allocating() {
		return nil
	}
	var out []rules.Choice
	for _, c := range s.G.Engine.Legal(s.Decider()) {
		if c.Name == atii.CmdAllocate {
			out = append(out, c)
		}
	}
	return out
}
