package atiiai

import (
	"github.com/auspex/auspex/ai/player"
	"github.com/auspex/auspex/ai/script"
)

// NewScripted is ATII's scripted opponent for one side of one game: the
// shared scripted player (ai/player.Scripted over ai/script) choosing
// among the Domain's actions, its triggers judged by the ATII ruleset
// (script.JudgeOf: the shared evaluator over ATII's facts).
func NewScripted(plan *script.Plan) *player.Scripted {
	return &player.Scripted{Name: "atii script", Plan: plan, Domain: domainFor(DefaultWeights(), false, false, 0)}
}
