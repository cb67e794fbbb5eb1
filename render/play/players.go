package play

import (
	"fmt"
	"strconv"
	"time"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/scenarios"
)

// A side's kind in Session.Kinds is Human, Computer (the system's basic
// player) or a game controller kind: game.KindScript (the scenario's
// scripted opponent for that side), game.KindAI or "ai:SECONDS" (the
// search player), game.KindGreedy, game.KindRandom.

// IsComputer reports whether kind is played by the computer.
func IsComputer(kind string) bool { return kind != "" && kind != Human }

// KindLabel names a side's kind for the window ("AI (1 s a move)").
func KindLabel(kind string) string {
	switch kind {
	case "", Human:
		return "human"
	case Computer, game.KindGreedy:
		return "computer (basic)"
	case game.KindRandom:
		return "computer (random)"
	case game.KindScript:
		return "scripted opponent"
	}
	if b, ok, err := game.ParseAIKind(kind); ok && err == nil {
		return "AI (" + seconds(b) + " a move)"
	}
	return kind
}

// seconds writes a duration as "1 s", "0.5 s".
func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s"
}

// AIKind is the search player's kind with budget per decision.
func AIKind(budget time.Duration) string {
	return game.KindAI + ":" + strconv.FormatFloat(budget.Seconds(), 'f', -1, 64)
}

// ScenarioKinds returns each side's player as the scenario sets it: a
// "scripted" side is its script, an "ai" side the search player with the
// scenario's time budget (game.DefaultAIBudget when none), any other
// human.
func ScenarioKinds(scn *scenarios.Scenario) map[string]string {
	out := map[string]string{}
	if scn == nil {
		return out
	}
	for _, sd := range scn.Sides {
		switch sd.Controller.Type {
		case "scripted":
			out[sd.ID] = game.KindScript
		case "ai":
			b := game.DefaultAIBudget
			if sd.Controller.TimeBudget > 0 {
				b = time.Duration(sd.Controller.TimeBudget * float64(time.Second))
			}
			out[sd.ID] = AIKind(b)
		default:
			out[sd.ID] = Human
		}
	}
	return out
}

// KindChoices lists the players the window offers for side of g's
// scenario, in the order a click cycles through them: human, the script
// (only when the scenario scripts that side), the AI at 1, 3 and 0.3 s a
// move, the basic computer.
func KindChoices(scn *scenarios.Scenario, side string) []string {
	out := []string{Human}
	if scn != nil {
		for _, sd := range scn.Sides {
			if sd.ID == side && sd.Controller.Type == "scripted" {
				out = append(out, game.KindScript)
			}
		}
	}
	return append(out, AIKind(time.Second), AIKind(3*time.Second), AIKind(300*time.Millisecond), Computer)
}

// NextKind is the kind after k in KindChoices (the first after the last,
// or after a kind not listed).
func NextKind(scn *scenarios.Scenario, side, k string) string {
	ch := KindChoices(scn, side)
	for i, c := range ch {
		if c == k {
			return ch[(i+1)%len(ch)]
		}
	}
	return ch[0]
}

// controllerFor returns g's computer player of kind for side. Errors:
// the system has no such player, the side has no script.
func controllerFor(g *game.Game, side, kind string) (game.Controller, error) {
	switch kind {
	case Computer:
		kind = game.KindGreedy
	case game.KindScript:
		return g.NewScript(side)
	}
	c, err := g.NewController(kind)
	if err != nil {
		return nil, fmt.Errorf("%s for %s: %w", KindLabel(kind), side, err)
	}
	return c, nil
}
