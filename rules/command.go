package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// Command is one decision by a player (human, script, AI) or one step of a
// replay. Commands are plain structs that marshal to JSON: a save lists them
// as {"cmd": Name(), "args": <the struct as JSON>}.
//
// Validate reads the state and reports why the command is illegal (nil if
// legal); it must not modify the state. Apply is the only code that changes
// a State: it may assume Validate passed on the same state, takes every
// random number from d, and returns the events that describe what happened.
// Apply must return an error rather than panic on anything unexpected; the
// engine applies commands to a copy, so an error leaves the game unchanged.
type Command interface {
	// Name is the command's registered name ("move", "fire").
	Name() string
	// Actor is the id of the side giving the command.
	Actor() string
	Validate(s *State) error
	Apply(s *State, d Dice) ([]Event, error)
}

// CommandSpec registers one command kind of a ruleset.
type CommandSpec struct {
	// Name is the command's name, equal to Name() of what New returns.
	Name string
	// Doc explains the command (shown in help and the UI).
	Doc string
	// New returns a zero command, a pointer that JSON arguments decode into.
	New func() Command
}

// Encoded is a command in its saved form.
type Encoded struct {
	Cmd  string          `json:"cmd"`
	Args json.RawMessage `json:"args"`
}

// EncodeCommand returns c in its saved form.
func EncodeCommand(c Command) (Encoded, error) {
	if c == nil {
		return Encoded{}, errors.New("encode command: nil command")
	}
	args, err := json.Marshal(c)
	if err != nil {
		return Encoded{}, fmt.Errorf("encode command %q: %w", c.Name(), err)
	}
	return Encoded{Cmd: c.Name(), Args: args}, nil
}

// CommandSet is a ruleset's commands by name.
type CommandSet map[string]CommandSpec

// NewCommandSet indexes specs by name; empty names, duplicate names, a nil
// constructor or a constructor whose command reports another name are
// errors.
func NewCommandSet(specs []CommandSpec) (CommandSet, error) {
	set := make(CommandSet, len(specs))
	for i, sp := range specs {
		if sp.Name == "" {
			return nil, fmt.Errorf("command %d: empty name", i)
		}
		if _, dup := set[sp.Name]; dup {
			return nil, fmt.Errorf("command %q registered twice", sp.Name)
		}
		if sp.New == nil {
			return nil, fmt.Errorf("command %q: no constructor", sp.Name)
		}
		c := sp.New()
		if c == nil {
			return nil, fmt.Errorf("command %q: constructor returned nil", sp.Name)
		}
		if c.Name() != sp.Name {
			return nil, fmt.Errorf("command %q: constructor makes a command named %q", sp.Name, c.Name())
		}
		set[sp.Name] = sp
	}
	return set, nil
}

// Decode builds the command e describes. Unknown command names and unknown
// or mistyped argument fields are errors.
func (cs CommandSet) Decode(e Encoded) (Command, error) {
	sp, ok := cs[e.Cmd]
	if !ok {
		return nil, fmt.Errorf("unknown command %q", e.Cmd)
	}
	c := sp.New()
	args := e.Args
	if len(bytes.TrimSpace(args)) == 0 {
		args = json.RawMessage("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.DisallowUnknownFields()
	if err := dec.Decode(c); err != nil {
		return nil, fmt.Errorf("command %q arguments: %w", e.Cmd, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("command %q arguments: extra data after the arguments", e.Cmd)
	}
	return c, nil
}
