package toysys

import (
	"fmt"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// Ruleset is the toy's rules.Ruleset, bound to a scenario's catalogue and
// table. It keeps no game state.
type Ruleset struct {
	cat   *catalog.Catalogue
	table world.Table
}

// ID implements rules.Ruleset.
func (*Ruleset) ID() string { return ID }

// Name implements rules.Ruleset.
func (*Ruleset) Name() string { return "Toy skirmish" }

// Options implements rules.Ruleset: the marker option only.
func (*Ruleset) Options() []rules.Option {
	return []rules.Option{{Name: Option, Doc: "marks an EA scenario as a toy skirmish", Default: "on", Values: []string{"on"}}}
}

// Commands implements rules.Ruleset.
func (r *Ruleset) Commands() []rules.CommandSpec {
	return []rules.CommandSpec{
		{Name: CmdMove, Doc: "move a squad up to its Speed in a straight line", New: func() rules.Command { return &MoveCmd{r: r} }},
		{Name: CmdFire, Doc: "fire a squad's weapon at an enemy squad in range", New: func() rules.Command { return &FireCmd{r: r} }},
		{Name: CmdPass, Doc: "a squad does nothing this step", New: func() rules.Command { return &PassCmd{} }},
	}
}

// Flow implements rules.Ruleset: each turn a movement step and a shooting
// step, squads activating alternately, the first side on odd turns and the
// second on even ones going first.
func (r *Ruleset) Flow() []rules.Step {
	return []rules.Step{
		{ID: StepMove, Phase: "movement", NewTurn: true, Doc: "squads move or pass, alternately", Allowed: []string{CmdMove, CmdPass},
			OnBegin: begin, EndIf: allActivated},
		{ID: StepShoot, Phase: "shooting", Doc: "squads fire or pass, alternately", Allowed: []string{CmdFire, CmdPass},
			OnBegin: begin, EndIf: allActivated, Next: StepMove},
	}
}

// Terrain implements rules.Ruleset: terrain has no effect in the toy.
func (*Ruleset) Terrain(*rules.State) world.TerrainRules { return nil }

// Victory implements rules.Ruleset: a side with no squad left loses; past
// the turn limit the side with more kills wins, else a draw.
func (*Ruleset) Victory(s *rules.State) *rules.Outcome {
	if len(s.Sides) != 2 {
		return nil
	}
	a, b := s.Sides[0].ID, s.Sides[1].ID
	alive := map[string]int{}
	for _, u := range s.Units {
		if !u.Destroyed {
			alive[u.Side]++
		}
	}
	switch {
	case alive[a] == 0 && alive[b] == 0:
		return &rules.Outcome{Kind: "draw", Text: "no squad left standing"}
	case alive[a] == 0:
		return &rules.Outcome{Winner: b, Kind: "victory", Text: a + " wiped out"}
	case alive[b] == 0:
		return &rules.Outcome{Winner: a, Kind: "victory", Text: b + " wiped out"}
	}
	turns := DefaultTurns
	if _, err := s.GetExt(extTurns, &turns); err != nil || s.Turn <= turns {
		return nil
	}
	ka, kb := s.Sides[0].Markers.Value(markKills), s.Sides[1].Markers.Value(markKills)
	text := fmt.Sprintf("time: %s %d kills, %s %d", a, ka, b, kb)
	switch {
	case ka > kb:
		return &rules.Outcome{Winner: a, Kind: "victory on kills", Text: text}
	case kb > ka:
		return &rules.Outcome{Winner: b, Kind: "victory on kills", Text: text}
	}
	return &rules.Outcome{Kind: "draw", Text: text}
}

// Legal implements rules.Ruleset: for the squad the decision names, a
// move template (movement step) or a fire command per enemy in range
// (shooting step), and a pass.
func (r *Ruleset) Legal(s *rules.State, side string) []rules.Choice {
	p := s.Pending
	if s.Over || p == nil || p.Side != side || len(p.Units) == 0 {
		return nil
	}
	u := s.Unit(p.Units[0])
	if u == nil {
		return nil
	}
	var out []rules.Choice
	switch s.Step {
	case StepMove:
		out = append(out, rules.Choice{Name: CmdMove, Units: []string{u.ID}, Cmd: &MoveCmd{r: r, By: side, Unit: u.ID, To: u.Pos},
			Text: "move " + u.ID, Continuous: fmt.Sprintf("to: a point on the table within %.0f cm", r.speed(u))})
	case StepShoot:
		for i := range s.Units {
			t := &s.Units[i]
			if t.Side != side && !t.Destroyed && t.Pos.Dist(u.Pos) <= Range+world.Eps {
				out = append(out, rules.Choice{Name: CmdFire, Units: []string{u.ID, t.ID}, Cmd: &FireCmd{r: r, By: side, Unit: u.ID, Target: t.ID},
					Text: u.ID + " fires at " + t.ID})
			}
		}
	}
	return append(out, rules.Choice{Name: CmdPass, Units: []string{u.ID}, Cmd: &PassCmd{By: side, Unit: u.ID}, Text: u.ID + " passes"})
}

// speed is u's move in cm: its profile's Speed, else DefaultSpeed.
func (r *Ruleset) speed(u *rules.Unit) float64 {
	if r.cat != nil {
		if p, err := r.cat.Unit(u.Type); err == nil && p.Speed > 0 {
			return p.Speed
		}
	}
	return DefaultSpeed
}

// begin starts a step: every standing squad may act again; the side
// whose turn it is to go first decides.
func begin(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	for i := range s.Units {
		s.Units[i].Activated = s.Units[i].Destroyed
	}
	if len(s.Sides) == 2 {
		first := s.Sides[(s.Turn+1)%2].ID
		setActive(s, first)
	}
	return nil, nil
}

// setActive gives the decision to side's next squad, else the other
// side's, else to nobody (the step ends).
func setActive(s *rules.State, side string) {
	for _, sd := range []string{side, other(s, side)} {
		for _, u := range s.Units {
			if u.Side == sd && !u.Activated && !u.Destroyed {
				s.Active = sd
				s.Pending = &rules.Decision{Side: sd, Kind: "activate", Prompt: "activate " + u.ID, Units: []string{u.ID}}
				return
			}
		}
	}
	s.Active, s.Pending = "", nil
}

func other(s *rules.State, side string) string {
	for _, sd := range s.Sides {
		if sd.ID != side {
			return sd.ID
		}
	}
	return side
}

func allActivated(s *rules.State) bool {
	for _, u := range s.Units {
		if !u.Activated && !u.Destroyed {
			return false
		}
	}
	return true
}
