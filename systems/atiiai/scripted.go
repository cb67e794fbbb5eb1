package atiiai

import (
	"errors"

	"github.com/auspex/auspex/ai/player"
	"github.com/auspex/auspex/ai/script"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/scenarios"
)

// NewScripted is ATII's scripted opponent for one side of one game: the
// shared scripted player (ai/player.Scripted over ai/script) choosing
// among the Domain's actions, with the scenario's triggers turned into
// ATII's by convert and judged by the ruleset.
func NewScripted(plan *script.Plan, convert func(*scenarios.Trigger) *atii.Trigger) *player.Scripted {
	return &player.Scripted{Name: "atii script", Plan: plan, Domain: domainFor(DefaultWeights(), false),
		Judge: func(v game.View) (script.Judge, error) {
			rs, ok := v.Ruleset.(*atii.Ruleset)
			if !ok || convert == nil {
				return nil, errors.New("not an ATII game, or no trigger converter")
			}
			return judge{rs: rs, conv: convert}, nil
		}}
}

// judge evaluates scenario triggers with the ATII ruleset.
type judge struct {
	rs   *atii.Ruleset
	conv func(*scenarios.Trigger) *atii.Trigger
}

func (j judge) Holds(s *rules.State, t *scenarios.Trigger) (bool, error) {
	return j.rs.TriggerHolds(s, j.conv(t))
}
