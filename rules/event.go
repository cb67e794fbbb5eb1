package rules

import "github.com/auspex/auspex/world"

// Event kinds. Rulesets may add their own kinds; these are the ones the
// engine emits or the UI knows how to draw.
const (
	// EvRoll is a die roll; Roll holds it.
	EvRoll = "roll"
	// EvMoved is a unit moving; Path holds the points from start to end.
	EvMoved = "moved"
	// EvTurned is a unit changing facing.
	EvTurned = "turned"
	// EvFired is a unit shooting.
	EvFired = "fired"
	// EvDamaged is damage to a unit; Data holds "location" and "level".
	EvDamaged = "damaged"
	// EvShield is a shield going down or coming back up.
	EvShield = "shield"
	// EvDestroyed is a unit destroyed.
	EvDestroyed = "destroyed"
	// EvPhase is the engine moving to another step of the flow.
	EvPhase = "phase"
	// EvTurn is a new game turn.
	EvTurn = "turn"
	// EvDecision is a new pending decision.
	EvDecision = "decision"
	// EvMessage is free text.
	EvMessage = "message"
	// EvGameOver is the victory check deciding the game.
	EvGameOver = "game-over"
)

// Event is one thing that happened, as a typed record with a human-readable
// text. Events are immutable once logged.
type Event struct {
	Kind string `json:"kind"`
	// Cmd is the index of the command that caused it (0 = game start),
	// Turn and Step where the game was; the engine fills all three.
	Cmd  int    `json:"cmd"`
	Turn int    `json:"turn"`
	Step string `json:"step,omitempty"`
	// Side and Units are who it concerns.
	Side  string   `json:"side,omitempty"`
	Units []string `json:"units,omitempty"`
	// Text is the sentence the log shows.
	Text string `json:"text"`
	// Roll is set for EvRoll.
	Roll *Roll `json:"roll,omitempty"`
	// Path is set for movement: start, waypoints, end.
	Path []world.Vec `json:"path,omitempty"`
	// Data holds kind-specific details ("location": "head").
	Data map[string]string `json:"data,omitempty"`
}

// Message returns an EvMessage event.
func Message(text string) Event { return Event{Kind: EvMessage, Text: text} }
