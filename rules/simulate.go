package rules

// Simulator is the engine's look-ahead for a search: the same ruleset,
// flow, checks and automatic steps as the game's engine, in quiet mode
// (no log text, no events, no hashes), with no game of its own. It plays
// commands on any state of the game without recording them, so a search
// can explore clones freely. It is safe for concurrent use when the
// ruleset's methods are (the engine's own code shares nothing mutable).
type Simulator struct {
	e *Engine
}

// Simulator returns the engine's look-ahead (see Simulator).
func (e *Engine) Simulator() *Simulator {
	c := &Engine{rs: e.rs, cfg: e.cfg, flow: e.flow, cmds: e.cmds, base: e.base, start: e.start, st: e.start}
	c.cfg.Quiet = true
	c.cfg.ManualDice = false
	return &Simulator{e: c}
}

// Ruleset returns the ruleset simulated.
func (s *Simulator) Ruleset() Ruleset { return s.e.rs }

// Legal returns what side may do at st (Engine.LegalAt).
func (s *Simulator) Legal(st *State, side string) ([]Choice, error) { return s.e.LegalAt(st, side) }

// Play plays c on a copy of st with dice d and returns the resulting
// state (Engine.Preview in quiet mode: st is not modified). The dice must
// not be the game's own stream (see Engine.Preview). Errors: a command not
// permitted or not valid at st (ErrIllegal), the ruleset's own.
func (s *Simulator) Play(st *State, c Command, d Dice) (*State, error) {
	n, _, err := s.e.Preview(st, c, d)
	return n, err
}

// Decider returns the side that must decide at st, as Engine.Decider does
// for the game's current state ("" when the game is over or nobody is
// named).
func (s *Simulator) Decider(st *State) string {
	tmp := Engine{rs: s.e.rs, cfg: s.e.cfg, flow: s.e.flow, cmds: s.e.cmds, st: st}
	return tmp.Decider()
}
