package rules

import "fmt"

// ViewSeed is the seed of every view (Observe): fixed, so it reveals
// nothing of the game's dice.
const ViewSeed = 0

// Observer is implemented by a ruleset whose states hold information a
// side may not see. Observe gets a private copy of a state (already
// stripped of its seed and of other sides' secret log events) and removes
// from it, in place, whatever side may not know, replacing hidden values
// by placeholders that keep the state valid for the ruleset's own code
// (Legal, commands, Victory). side "" is a spectator, who sees no side's
// secrets. An error means the state's data could not be read.
type Observer interface {
	Observe(s *State, side string) error
}

// Observe returns a copy of s as side may see it. s is not modified.
// Errors: a nil state or ruleset, a side that is not one of the state's
// (other than "" for a spectator), the Observer's error, or a panic in it
// (ErrRulesetPanic).
//
// A controller (a person at a shared screen, an AI searching ahead) must
// decide on what its side may know, not on the whole State: the other
// side's secret objectives, hidden set-up, and the future dice. Observe
// makes that view. It is a copy of the state that stays a valid state of
// the same game: Engine.LegalAt, Engine.Preview and the ruleset's own
// functions work on it, so an AI can search it as it would the real one.
//
// What a view leaves out:
//
//   - The seed. Every die of the game is keyed by the seed and the command
//     index, so a state's seed reveals every future roll. A view's Seed is
//     0 (ViewSeed): a fixed value, the same for every game, so it tells
//     nothing. Look-ahead on a view brings its own dice (Preview takes
//     them), as it must on any state.
//   - Events secret to another side: rolls made with Roll.SecretTo set to
//     another side, and events whose Data has "secret" and whose Side is
//     another side. Each is replaced by a placeholder message event (same
//     command, turn and step; Data "secret": "hidden"; Side the owner) so
//     the log keeps its length and order.
//   - What the ruleset says is secret: a ruleset with hidden information
//     implements Observer and blanks it in the copy (ATII replaces the
//     other side's objective card with an "unknown objective"
//     placeholder its victory code accepts).
//
// The view of side "" is a spectator's: every side's secrets are hidden.
func Observe(rs Ruleset, s *State, side string) (*State, error) {
	if rs == nil || s == nil {
		return nil, fmt.Errorf("observe: a ruleset and a state are required")
	}
	if side != "" && s.Side(side) == nil {
		return nil, fmt.Errorf("observe: %s is not a side of this game", QuoteShort(side))
	}
	v := s.Clone()
	v.Seed = ViewSeed
	v.Log = observeLog(s.Log, side)
	if o, ok := rs.(Observer); ok {
		if err := guard(func() error { return o.Observe(v, side) }); err != nil {
			return nil, fmt.Errorf("observe for %s: %w", orNobody(side), err)
		}
	}
	return v, nil
}

// Observe is rules.Observe with the engine's ruleset: s may be any state
// of this game (the current one, or one a search reached).
func (e *Engine) Observe(s *State, side string) (*State, error) { return Observe(e.rs, s, side) }

// SecretOwner returns the side an event is secret to ("" when it is
// public): a roll with SecretTo set, or an event whose Data has "secret"
// (its Side is the owner).
func SecretOwner(ev *Event) (string, bool) {
	if ev.Roll != nil && ev.Roll.SecretTo != "" {
		return ev.Roll.SecretTo, true
	}
	if ev.Data["secret"] != "" {
		return ev.Side, true
	}
	return "", false
}

// observeLog returns log with the events secret to a side other than
// side replaced by placeholders; log itself is shared and left alone (a
// copy is made only when something is hidden).
func observeLog(log []Event, side string) []Event {
	var out []Event
	for i := range log {
		owner, secret := SecretOwner(&log[i])
		if !secret || (owner == side && side != "") {
			continue
		}
		if out == nil {
			out = append(make([]Event, 0, len(log)), log...)
		}
		ev := log[i]
		out[i] = Event{Kind: EvMessage, Cmd: ev.Cmd, Turn: ev.Turn, Step: ev.Step, Side: owner,
			Text: "a secret of " + orNobody(owner), Data: map[string]string{"secret": "hidden"}}
	}
	if out == nil {
		return log[:len(log):len(log)]
	}
	return out
}
