package e40kai

import (
	"github.com/auspex/auspex/ai/player"
	"github.com/auspex/auspex/ai/script"
)

// NewScripted is E40K's scripted opponent for one side of one game: the
// shared scripted player (ai/player.Scripted over ai/script) choosing
// among the Domain's actions, its triggers judged by the E40K ruleset
// (script.JudgeOf: the shared evaluator over E40K's facts).
func NewScripted(plan *script.Plan) *player.Scripted {
	return &player.Scripted{Name: "e40k script", Plan: plan, Domain: domainFor(DefaultWeights())}
}
