package rules

import "github.com/auspex/auspex/world"

// Trigger is a scenario trigger (the grammar of docs/scenarios.md, parsed
// by the scenarios package) as the rule systems evaluate it: a leaf kind
// that tests the game or "all", "any", "not" over Parts. Victory
// conditions and scripted opponents' tasks share it. Rule systems keep it
// in their set-up data (the JSON keys are part of the save format).
type Trigger struct {
	Kind      string `json:"kind"`
	Turn      int    `json:"turn,omitempty"`
	Side      string `json:"side,omitempty"`
	Objective string `json:"objective,omitempty"`
	Zone      string `json:"zone,omitempty"`
	Unit      string `json:"unit,omitempty"`
	Count     int    `json:"count,omitempty"`
	// Distance (cm) for "enemy-within", Percent for "damaged".
	Distance float64    `json:"distance,omitempty"`
	Percent  int        `json:"percent,omitempty"`
	Parts    []*Trigger `json:"parts,omitempty"`
}

// VictoryRule awards Result to Side ("" a draw) when When holds; AtEnd
// rules are checked only when the game ends.
type VictoryRule struct {
	Side   string   `json:"side,omitempty"`
	Result string   `json:"result,omitempty"`
	When   *Trigger `json:"when"`
	AtEnd  bool     `json:"at_end,omitempty"`
}

// OutcomeKind is the kind of outcome the rule awards: its Result, else
// "victory" for a side or "draw" for none.
func (vr VictoryRule) OutcomeKind() string {
	switch {
	case vr.Result != "":
		return vr.Result
	case vr.Side == "":
		return "draw"
	}
	return "victory"
}

// TriggerGame is what a rule system tells EvalTrigger about one state:
// the facts trigger kinds ask that each system measures in its own way.
// EvalTrigger does the rest (the turn, sides, units named by id or
// formation, broken formations, counting, "all", "any", "not").
type TriggerGame interface {
	// Present reports whether u stands on the table and fights: it
	// holds and contests objectives, counts in zones, and is looked at
	// by enemy-within.
	Present(u *Unit) bool
	// Fielded reports whether u still counts in its side's army:
	// destroy-all holds when a side has no unit fielded.
	Fielded(u *Unit) bool
	// Lost reports whether u counts as lost to its side (units-lost).
	Lost(u *Unit) bool
	// Base is u's base on the table (false: unknown, u is left out of
	// enemy-within).
	Base(u *Unit) (world.Base, bool)
	// Objective is the marker position of objective id (false: no such
	// objective, never held).
	Objective(id string) (world.Vec, bool)
	// Holding reports whether u stands close enough to the objective
	// marker at p to hold or contest it.
	Holding(u *Unit, p world.Vec) bool
	// InZone reports whether p lies in the scenario zone id.
	InZone(zone string, p world.Vec) bool
	// TurnEnded reports whether the state is at the end of its turn
	// (turn-end); TimeUp whether the game's last turn is over
	// (turn-limit).
	TurnEnded() bool
	TimeUp() bool
	// VP is side's victory points (vp, vp-lead).
	VP(side string) int
	// Damaged reports whether the unit or formation id has lost at least
	// pct % of its worth, as the system measures worth.
	Damaged(id string, pct int) bool
}

// EvalTrigger evaluates t on s with the system's facts g. A nil trigger
// and unknown kinds never hold.
func EvalTrigger(s *State, t *Trigger, g TriggerGame) bool {
	if t == nil {
		return false
	}
	switch t.Kind {
	case "start":
		return true
	case "turn":
		return s.Turn >= t.Turn
	case "turn-end":
		return g.TurnEnded() && s.Turn >= t.Turn
	case "turn-limit":
		return g.TimeUp()
	case "destroy-all":
		for i := range s.Units {
			if u := &s.Units[i]; u.Side == t.Side && g.Fielded(u) {
				return false
			}
		}
		return true
	case "units-lost":
		return countUnits(s, t.Side, g.Lost) >= max(1, t.Count)
	case "unit-destroyed":
		found := false
		for i := range s.Units {
			u := &s.Units[i]
			if Named(u, t.Unit) {
				found = true
				if !u.Destroyed {
					return false
				}
			}
		}
		return found
	case "broken":
		if f := s.Formation(t.Unit); f != nil {
			return f.Broken
		}
		if u := s.Unit(t.Unit); u != nil {
			f := s.Formation(u.Formation)
			return f != nil && f.Broken
		}
		return false
	case "hold-objective":
		return holdsObjective(s, g, t.Side, t.Objective)
	case "objective-lost":
		return holdsObjective(s, g, OtherSide(s, t.Side), t.Objective)
	case "in-zone":
		n := countUnits(s, t.Side, func(u *Unit) bool { return g.Present(u) && g.InZone(t.Zone, u.Pos) })
		return n >= max(1, t.Count)
	case "vp":
		return g.VP(t.Side) >= t.Count
	case "vp-lead":
		mine := g.VP(t.Side)
		for _, sd := range s.Sides {
			if sd.ID != t.Side && g.VP(sd.ID) >= mine {
				return false
			}
		}
		return true
	case "enemy-within":
		return enemyWithin(s, g, t.Unit, t.Distance)
	case "damaged":
		return g.Damaged(t.Unit, t.Percent)
	case "all":
		for _, p := range t.Parts {
			if !EvalTrigger(s, p, g) {
				return false
			}
		}
		return len(t.Parts) > 0
	case "any":
		for _, p := range t.Parts {
			if EvalTrigger(s, p, g) {
				return true
			}
		}
		return false
	case "not":
		return len(t.Parts) == 1 && !EvalTrigger(s, t.Parts[0], g)
	}
	return false
}

// Named reports whether u is the unit id, or a unit of the formation id,
// a trigger names.
func Named(u *Unit, id string) bool { return u.ID == id || u.Formation == id }

// OtherSide is the first side of s that is not side ("" when none).
func OtherSide(s *State, side string) string {
	for _, sd := range s.Sides {
		if sd.ID != side {
			return sd.ID
		}
	}
	return ""
}

// countUnits counts side's units for which ok holds.
func countUnits(s *State, side string, ok func(*Unit) bool) int {
	n := 0
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && ok(u) {
			n++
		}
	}
	return n
}

// holdsObjective reports whether side holds objective id: a present unit
// of side holding it and no present enemy unit contesting it.
func holdsObjective(s *State, g TriggerGame, side, id string) bool {
	at, ok := g.Objective(id)
	if !ok {
		return false
	}
	own, enemy := false, false
	for i := range s.Units {
		u := &s.Units[i]
		if !g.Present(u) || !g.Holding(u, at) {
			continue
		}
		if u.Side == side {
			own = true
		} else {
			enemy = true
		}
	}
	return own && !enemy
}

// enemyWithin: a present enemy unit stands within dist cm (edge to edge)
// of the unit, or of any present unit of the formation, id.
func enemyWithin(s *State, g TriggerGame, id string, dist float64) bool {
	for i := range s.Units {
		u := &s.Units[i]
		if !Named(u, id) || !g.Present(u) {
			continue
		}
		ub, ok := g.Base(u)
		if !ok {
			continue
		}
		for k := range s.Units {
			o := &s.Units[k]
			if o.Side == u.Side || !g.Present(o) {
				continue
			}
			if ob, ok := g.Base(o); ok && world.Distance(ub, ob) <= dist+world.Eps {
				return true
			}
		}
	}
	return false
}
