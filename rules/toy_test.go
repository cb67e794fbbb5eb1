package rules

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/auspex/auspex/world"
)

// The toy ruleset "duel" exercises the engine end to end without any real
// system: two sides, champions with wounds, a flow of set-up, movement,
// shooting and an end phase with an automatic regeneration step.
//
//	setup    (auto)  roll off: the higher D6 moves first (red on a tie)
//	move     (turn)  sides alternate: move up to 10 cm, or pass
//	shoot            sides alternate: fire at an enemy within 30 cm, or pass
//	end      (auto)  each wounded champion rolls a D6 once: 6 heals a wound
//
// Fire: D6 to hit, 4+ (3+ with option accurate), +1 if the firer did not
// move; on a hit a D6 for damage: 3+ removes a wound. A champion with no
// wounds is destroyed. Victory: the last side with a champion standing;
// a draw after the option "turns" turns.
type duel struct {
	// loop makes the end step's Auto never settle (loop cap test).
	loop bool
}

func (duel) ID() string   { return "duel" }
func (duel) Name() string { return "Dice duel (engine test)" }

// Quirks gives games saved in format 1 the (unread) quirk "old-way", for
// the save tests.
func (duel) Quirks(version int) []string {
	if version < 2 {
		return []string{"old-way"}
	}
	return nil
}

func (duel) Options() []Option {
	return []Option{
		{Name: "turns", Doc: "game length in turns", Default: "3", Values: []string{"3", "5", "50"}},
		{Name: "accurate", Doc: "hit on 3+ instead of 4+", Default: "off", Values: []string{"off", "on"}},
	}
}

func (duel) Commands() []CommandSpec {
	return []CommandSpec{
		{Name: "move", Doc: "move a champion up to 10 cm", New: func() Command { return &moveCmd{} }},
		{Name: "fire", Doc: "fire at an enemy champion within 30 cm", New: func() Command { return &fireCmd{} }},
		{Name: "pass", Doc: "do nothing with a champion", New: func() Command { return &passCmd{} }},
		{Name: "note", Doc: "write a note in the log", New: func() Command { return &noteCmd{} }},
	}
}

func (d duel) Flow() []Step {
	return []Step{
		{ID: "setup", Phase: "setup", Doc: "roll off for the first side", Allowed: []string{"note"},
			OnBegin: func(s *State, dc Dice) ([]Event, error) {
				r := dc.Roll(Roll{Purpose: "roll-off red", Sides: 6}, 1)
				b := dc.Roll(Roll{Purpose: "roll-off blue", Sides: 6}, 1)
				first := "red"
				if b[0] > r[0] {
					first = "blue"
				}
				return nil, s.SetExt("first", first)
			},
			EndIf: func(*State) bool { return true }},
		{ID: "move", Phase: "movement", NewTurn: true, Allowed: []string{"move", "pass", "note"},
			OnBegin: beginAlternate, EndIf: allActivated},
		{ID: "shoot", Phase: "shooting", Allowed: []string{"fire", "pass", "note"},
			OnBegin: beginAlternate, EndIf: allActivated},
		{ID: "end", Phase: "end", Allowed: []string{"note"},
			OnBegin: func(s *State, _ Dice) ([]Event, error) {
				s.Active = ""
				for i := range s.Units {
					s.Units[i].Markers.Delete("regen")
				}
				return nil, nil
			},
			Auto: func(s *State, dc Dice) ([]Event, bool, error) {
				if d.loop {
					return nil, true, nil
				}
				for i := range s.Units {
					u := &s.Units[i]
					if u.Destroyed || u.Markers.Value("wounds") >= u.Markers.Value("max") || u.Markers.Value("regen") > 0 {
						continue
					}
					u.Markers.Set("regen", 1)
					f := dc.Roll(Roll{Purpose: "regenerate " + u.ID, Sides: 6, Target: 6, Units: []string{u.ID}}, 1)
					if f[0] == 6 {
						AddCount(&u.Markers, "wounds", 1)
						return []Event{{Kind: EvMessage, Units: []string{u.ID}, Text: u.ID + " regenerates a wound"}}, true, nil
					}
					return nil, true, nil
				}
				return nil, false, nil
			},
			EndIf: func(*State) bool { return true }, Next: "move"},
	}
}

func beginAlternate(s *State, _ Dice) ([]Event, error) {
	for i := range s.Units {
		s.Units[i].Activated = s.Units[i].Destroyed
		if s.Step == "move" {
			s.Units[i].Moved = false
			s.Units[i].MovedDist = 0
		}
	}
	var first string
	if _, err := s.GetExt("first", &first); err != nil {
		return nil, err
	}
	setActive(s, first)
	return nil, nil
}

// setActive gives the decision to side if it has a champion to activate,
// else to the other side, else to nobody.
func setActive(s *State, side string) {
	for _, sd := range []string{side, other(side)} {
		for _, u := range s.Units {
			if u.Side == sd && !u.Activated {
				s.Active = sd
				s.Pending = &Decision{Side: sd, Kind: "activate", Prompt: "activate a champion", Units: []string{u.ID}}
				return
			}
		}
	}
	s.Active = ""
	s.Pending = nil
}

func other(side string) string {
	if side == "red" {
		return "blue"
	}
	return "red"
}

func allActivated(s *State) bool {
	for _, u := range s.Units {
		if !u.Activated {
			return false
		}
	}
	return true
}

func (duel) Terrain(*State) world.TerrainRules { return nil }

func (duel) Victory(s *State) *Outcome {
	alive := map[string]bool{}
	for _, u := range s.Units {
		if !u.Destroyed {
			alive[u.Side] = true
		}
	}
	switch {
	case !alive["red"] && !alive["blue"]:
		return &Outcome{Kind: "draw", Text: "both champions fell"}
	case !alive["red"]:
		return &Outcome{Winner: "blue", Kind: "victory"}
	case !alive["blue"]:
		return &Outcome{Winner: "red", Kind: "victory"}
	}
	limit, err := strconv.Atoi(s.Option("turns"))
	if err == nil && s.Turn > limit {
		return &Outcome{Kind: "draw", Text: "time ran out"}
	}
	return nil
}

func (duel) Legal(s *State, side string) []Choice {
	if s.Pending == nil || s.Pending.Side != side {
		return nil
	}
	var out []Choice
	for _, u := range s.Units {
		if u.Side != side || u.Activated {
			continue
		}
		switch s.Step {
		case "move":
			out = append(out, Choice{Name: "move", Units: []string{u.ID}, Cmd: &moveCmd{By: side, Unit: u.ID, To: u.Pos},
				Continuous: "to: any point within 10 cm", Text: "move " + u.ID})
		case "shoot":
			for _, t := range s.Units {
				if t.Side != side && !t.Destroyed && t.Pos.Dist(u.Pos) <= 30+world.Eps {
					out = append(out, Choice{Name: "fire", Units: []string{u.ID, t.ID}, Cmd: &fireCmd{By: side, Unit: u.ID, Target: t.ID},
						Text: u.ID + " fires at " + t.ID})
				}
			}
		}
		out = append(out, Choice{Name: "pass", Units: []string{u.ID}, Cmd: &passCmd{By: side, Unit: u.ID}, Text: u.ID + " passes"})
	}
	return out
}

// own checks that unit exists, belongs to side and has not acted.
func own(s *State, side, unit string) (*Unit, error) {
	u := s.Unit(unit)
	if u == nil {
		return nil, fmt.Errorf("no unit %q", unit)
	}
	if u.Side != side {
		return nil, fmt.Errorf("%s is not %s's", unit, side)
	}
	if u.Activated {
		return nil, fmt.Errorf("%s has already acted this phase", unit)
	}
	return u, nil
}

func finish(s *State, u *Unit) {
	u.Activated = true
	setActive(s, other(u.Side))
}

type moveCmd struct {
	By   string    `json:"by"`
	Unit string    `json:"unit"`
	To   world.Vec `json:"to"`
}

func (*moveCmd) Name() string    { return "move" }
func (c *moveCmd) Actor() string { return c.By }
func (c *moveCmd) Validate(s *State) error {
	u, err := own(s, c.By, c.Unit)
	if err != nil {
		return err
	}
	if d := u.Pos.Dist(c.To); d > 10+world.Eps {
		return fmt.Errorf("%s can move 10 cm, not %.1f cm", c.Unit, d)
	}
	return nil
}
func (c *moveCmd) Apply(s *State, _ Dice) ([]Event, error) {
	u := s.Unit(c.Unit)
	if u == nil {
		return nil, fmt.Errorf("no unit %q", c.Unit)
	}
	from := u.Pos
	u.Pos = c.To
	u.MovedDist += from.Dist(c.To)
	u.Moved = u.MovedDist > 0
	finish(s, u)
	return []Event{{Kind: EvMoved, Units: []string{u.ID}, Path: []world.Vec{from, c.To},
		Text: fmt.Sprintf("%s moves %.1f cm", u.ID, from.Dist(c.To))}}, nil
}

type fireCmd struct {
	By     string `json:"by"`
	Unit   string `json:"unit"`
	Target string `json:"target"`
}

func (*fireCmd) Name() string    { return "fire" }
func (c *fireCmd) Actor() string { return c.By }
func (c *fireCmd) Validate(s *State) error {
	u, err := own(s, c.By, c.Unit)
	if err != nil {
		return err
	}
	t := s.Unit(c.Target)
	if t == nil || t.Destroyed || t.Side == c.By {
		return fmt.Errorf("%q is not an enemy champion on the table", c.Target)
	}
	if d := u.Pos.Dist(t.Pos); d > 30+world.Eps {
		return fmt.Errorf("%s is %.1f cm away, range is 30 cm", c.Target, d)
	}
	return nil
}
func (c *fireCmd) Apply(s *State, d Dice) ([]Event, error) {
	u, t := s.Unit(c.Unit), s.Unit(c.Target)
	if u == nil || t == nil {
		return nil, errors.New("fire: unit vanished")
	}
	need, mods := 4, []string{"base 4+"}
	if s.OptionOn("accurate") {
		need, mods = 3, []string{"base 3+ (accurate)"}
	}
	if !u.Moved {
		need--
		mods = append(mods, "+1 firer stationary")
	}
	// The fired event is logged before the rolls it causes (LogEvents);
	// the damage events are returned and follow the rolls.
	evs := LogEvents(d, Event{Kind: EvFired, Units: []string{u.ID, t.ID}, Text: u.ID + " fires at " + t.ID})
	hit := d.Roll(Roll{Purpose: "to hit", Sides: 6, Target: need, Mods: mods, Units: []string{u.ID, t.ID}}, 1)
	u.Fired = true
	finishLater := func() { finish(s, u) }
	if hit[0] >= need {
		dmg := d.Roll(Roll{Purpose: "damage", Sides: 6, Target: 3, Units: []string{t.ID}}, 1)
		if dmg[0] >= 3 {
			w := AddCount(&t.Markers, "wounds", -1)
			evs = append(evs, Event{Kind: EvDamaged, Units: []string{t.ID}, Text: t.ID + " loses a wound",
				Data: map[string]string{"wounds": strconv.Itoa(w)}})
			if w <= 0 {
				t.Destroyed = true
				t.Activated = true
				evs = append(evs, Event{Kind: EvDestroyed, Units: []string{t.ID}, Text: t.ID + " is destroyed"})
			}
		}
	}
	finishLater()
	return evs, nil
}

type passCmd struct {
	By   string `json:"by"`
	Unit string `json:"unit"`
}

func (*passCmd) Name() string    { return "pass" }
func (c *passCmd) Actor() string { return c.By }
func (c *passCmd) Validate(s *State) error {
	_, err := own(s, c.By, c.Unit)
	return err
}
func (c *passCmd) Apply(s *State, _ Dice) ([]Event, error) {
	u := s.Unit(c.Unit)
	if u == nil {
		return nil, fmt.Errorf("no unit %q", c.Unit)
	}
	finish(s, u)
	return []Event{Message(u.ID + " waits")}, nil
}

// noteCmd is the trivial command: it only logs text. Allowed whenever no
// decision names its own commands, for either side (its Actor is the
// pending side when there is one).
type noteCmd struct {
	By   string `json:"by"`
	Text string `json:"text"`
}

func (*noteCmd) Name() string            { return "note" }
func (c *noteCmd) Actor() string         { return c.By }
func (c *noteCmd) Validate(*State) error { return nil }
func (c *noteCmd) Apply(*State, Dice) ([]Event, error) {
	return []Event{Message(c.By + ": " + c.Text)}, nil
}

// duelState builds the toy scenario: one champion a side, 20 cm apart.
func duelState(seed uint64, wounds int) *State {
	mk := func(id, side string, x float64) Unit {
		return Unit{ID: id, Side: side, Type: "champion", Pos: world.Vec{X: x, Y: 30}, Facing: 90,
			Markers: PairsOf(map[string]int{"wounds": wounds, "max": wounds})}
	}
	return &State{
		Seed: seed,
		Sides: []Side{
			{ID: "red", Name: "Red", Controller: ControllerHuman},
			{ID: "blue", Name: "Blue", Controller: ControllerAI},
		},
		Units: []Unit{mk("r1", "red", 20), mk("b1", "blue", 40)},
	}
}

// duelBuild is the BuildFunc for saves of the toy game: the "scenario" is
// the number of wounds per champion.
func duelBuild(su Setup) (*State, error) {
	w, err := strconv.Atoi(su.Scenario)
	if err != nil || w < 1 || w > 1000 {
		return nil, fmt.Errorf("scenario %q: want a wound count 1..1000", su.Scenario)
	}
	st := duelState(su.Seed, w)
	st.Options = su.Options
	return st, nil
}

// playFirst plays the game by always taking the first legal choice (moves
// go 5 cm toward the enemy), up to max commands, and returns the commands.
func playFirst(t interface{ Fatalf(string, ...any) }, e *Engine, max int) int {
	n := 0
	for ; n < max && !e.State().Over; n++ {
		p := e.State().Pending
		if p == nil {
			t.Fatalf("no pending decision at step %s", e.State().Step)
		}
		ch := e.Legal(p.Side)
		if len(ch) == 0 {
			t.Fatalf("no legal choice for %s at %s", p.Side, e.State().Step)
		}
		c := ch[0].Cmd
		if mv, ok := c.(*moveCmd); ok {
			u := e.State().Unit(mv.Unit)
			dir := world.Vec{X: 1}
			if u.Side == "blue" {
				dir = world.Vec{X: -1}
			}
			mv.To = u.Pos.Add(dir.Scale(5))
		}
		if _, err := e.Submit(c); err != nil {
			t.Fatalf("submit %s: %v", c.Name(), err)
		}
	}
	return n
}
