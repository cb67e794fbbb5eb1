// Package rules is Auspex's rules engine: serialisable game State, Commands
// (read-only Validate, Apply as the only mutator), Events, phases as data,
// seeded and logged dice, exact odds, save/replay/undo. Rulesets for each
// system live in sub-packages (rules/atii, ...). The package is pure Go:
// standard library only, no clock, no global randomness, no I/O.
package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// Roll is one logged die roll (or a group of dice rolled together for one
// purpose). Every die the rules use is recorded as a Roll event.
type Roll struct {
	// Purpose says what the roll decides, e.g. "to hit: Gatling Blaster".
	Purpose string `json:"purpose"`
	// Sides of each die (6 for D6, 10 for d10).
	Sides int `json:"sides"`
	// Faces are the natural results, in the order rolled.
	Faces []int `json:"faces"`
	// Target is the number each die must equal or beat after modifiers, 0
	// when the roll is summed or read from a table instead.
	Target int `json:"target,omitempty"`
	// Mods explains the modifiers, e.g. "base 4+", "+1 firer stationary".
	Mods []string `json:"mods,omitempty"`
	// Units are the ids of the units involved (for highlighting in the log).
	Units []string `json:"units,omitempty"`
	// SecretTo is the side the roll is secret to ("" a public roll, the
	// usual case): a secret objective card drawn with a die. Its log event
	// carries that Side and Data["secret"] = "roll", and interfaces show
	// it to that side only.
	SecretTo string `json:"secret_to,omitempty"`
}

// String renders the roll for the log, e.g.
// "to hit: Gatling Blaster: 4D6 [2 4 5 6] need 4+ (base 4+, -1 cover)".
func (r Roll) String() string {
	var b strings.Builder
	if r.Purpose != "" {
		b.WriteString(r.Purpose)
		b.WriteString(": ")
	}
	fmt.Fprintf(&b, "%dD%d [", len(r.Faces), r.Sides)
	for i, f := range r.Faces {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(f))
	}
	b.WriteByte(']')
	if r.Target > 0 {
		fmt.Fprintf(&b, " need %d+", r.Target)
	}
	if len(r.Mods) > 0 {
		b.WriteString(" (")
		b.WriteString(strings.Join(r.Mods, ", "))
		b.WriteByte(')')
	}
	return b.String()
}

// Dice is the source of every random number the rules use. Implementations:
// the seeded stream (keyed by game seed and command index), a manual source
// fed by a player's real rolls, and scripted sources in tests. Each call
// returns n natural results of a die with the given sides and records the
// roll (with its purpose, target and modifier text) for the log.
//
// Rules code must accept any valid faces (1..Sides) without panicking or
// looping forever on a fixed value: a manual source that runs short returns
// placeholder faces (cycling 1..Sides) while the engine discards the attempt
// and asks the player for the missing dice.
type Dice interface {
	Roll(r Roll, n int) []int
}

// Logger is implemented by the dice the engine hands to Apply and to the
// ruleset's steps (the Tray). Rules code that wants its events interleaved
// with the rolls that caused them, rather than after all of them, may log
// them as it goes (see LogEvents).
type Logger interface {
	Log(evs ...Event)
}

// LogEvents logs evs through d when d is a Logger (the engine's Tray) and
// returns nil; otherwise it returns evs unchanged for the caller to return
// from Apply. Either way every event reaches the log exactly once.
func LogEvents(d Dice, evs ...Event) []Event {
	if l, ok := d.(Logger); ok {
		l.Log(evs...)
		return nil
	}
	return evs
}

// SeededDice draws faces from a PCG32 stream. The engine makes one per
// command with NewSeededDice(seed, commandIndex).
type SeededDice struct {
	rng PCG32
}

// NewSeededDice returns the seeded source for command index of a game.
func NewSeededDice(seed, index uint64) *SeededDice {
	d := &SeededDice{}
	d.seed(seed, index)
	return d
}

// seed sets d to the stream of command index (NewStream's seeding).
func (d *SeededDice) seed(seed, index uint64) {
	d.rng.Seed(splitmix64(seed^splitmix64(index)), index)
}

// Roll returns n uniform faces in 1..r.Sides; n <= 0 or r.Sides < 1 return
// nil (the Tray reports an invalid roll as an error).
func (s *SeededDice) Roll(r Roll, n int) []int {
	if n <= 0 || r.Sides < 1 {
		return nil
	}
	out := make([]int, n)
	for i := range out {
		out[i] = 1 + int(s.rng.Uint32n(uint32(r.Sides)))
	}
	return out
}

// DiceRequest describes dice the rules need but a manual source does not
// have yet: "roll N dice with S sides for P".
type DiceRequest struct {
	Purpose string `json:"purpose"`
	Sides   int    `json:"sides"`
	N       int    `json:"n"`
	Target  int    `json:"target,omitempty"`
	// Have is how many faces the queue still held for this roll (they are
	// kept; the player types only N-Have more).
	Have int `json:"have"`
}

// String is "3D6 for to hit: Gatling Blaster (need 4+)".
func (q DiceRequest) String() string {
	s := fmt.Sprintf("%dD%d for %s", q.N, q.Sides, q.Purpose)
	if q.Target > 0 {
		s += fmt.Sprintf(" (need %d+)", q.Target)
	}
	return s
}

// NeedDiceError is returned by Engine.Submit in manual-dice mode when the
// player has not typed enough dice. Nothing changed; provide the missing
// faces (Engine.ProvideDice) and submit the same command again. Because later
// rolls can depend on earlier ones (the number of hits decides how many
// location dice follow), each attempt reveals the next roll needed.
type NeedDiceError struct {
	Request DiceRequest
}

// Error says how many dice are missing and for what.
func (e *NeedDiceError) Error() string {
	return fmt.Sprintf("need %d more dice: %s", e.Request.N-e.Request.Have, e.Request.String())
}

// ManualDice is a queue of faces typed by a player (or scripted by a test).
// Roll takes faces from the front. When the queue runs short, or holds a
// face outside 1..Sides, Roll records the problem (Short, Bad), returns
// placeholder faces, and the engine discards the attempt.
type ManualDice struct {
	faces []int
	pos   int
	cycle int
	short *DiceRequest
	bad   error
}

// NewManualDice returns a queue holding faces.
func NewManualDice(faces ...int) *ManualDice {
	return &ManualDice{faces: append([]int(nil), faces...)}
}

// Scripted is NewManualDice under the name tests use.
func Scripted(faces ...int) *ManualDice { return NewManualDice(faces...) }

// Provide appends faces to the queue. Faces below 1 are rejected; the upper
// bound is checked when the faces are used, because only then are the die's
// sides known.
func (m *ManualDice) Provide(faces ...int) error {
	for i, f := range faces {
		if f < 1 {
			return fmt.Errorf("manual dice: face %d (position %d) is below 1", f, i+1)
		}
	}
	m.faces = append(m.faces, faces...)
	return nil
}

// Remaining returns the faces not used yet.
func (m *ManualDice) Remaining() []int { return append([]int(nil), m.faces[m.pos:]...) }

// Used returns how many faces have been taken from the queue.
func (m *ManualDice) Used() int { return m.pos }

// Short is the first roll the queue could not satisfy, nil if none.
func (m *ManualDice) Short() *DiceRequest { return m.short }

// Bad is the first invalid face met, nil if none.
func (m *ManualDice) Bad() error { return m.bad }

// mark and rewind let the engine undo a failed attempt.
func (m *ManualDice) mark() int { return m.pos }

func (m *ManualDice) rewind(pos int) {
	m.pos = pos
	m.short = nil
	m.bad = nil
	m.cycle = 0
}

// Roll implements Dice.
func (m *ManualDice) Roll(r Roll, n int) []int {
	if n <= 0 || r.Sides < 1 {
		return nil
	}
	out := make([]int, n)
	have := len(m.faces) - m.pos
	if m.short != nil || m.bad != nil || have < n {
		if m.short == nil && m.bad == nil {
			m.short = &DiceRequest{Purpose: r.Purpose, Sides: r.Sides, N: n, Target: r.Target, Have: have}
		}
		for i := range out {
			out[i] = 1 + m.cycle%r.Sides
			m.cycle++
		}
		return out
	}
	for i := range out {
		f := m.faces[m.pos+i]
		if f > r.Sides {
			m.bad = fmt.Errorf("manual dice: face %d is not on a D%d (rolling %s)", f, r.Sides, r.Purpose)
			f = r.Sides
		}
		out[i] = f
	}
	m.pos += n
	return out
}
