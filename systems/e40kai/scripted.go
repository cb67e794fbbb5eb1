package e40kai

import (
	"errors"

	"github.com/auspex/auspex/ai/player"
	"github.com/auspex/auspex/ai/script"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/scenarios"
)

// NewScripted is E40K's scripted opponent for one side of one game: the
// shared scripted player (ai/player.Scripted over ai/script) choosing
// among the Domain's actions, with the scenario's triggers turned into
// E40K's by convert and judged by the ruleset.
func NewScripted(plan *script.Plan, convert func(*scenarios.Trigger) *e40k.Trigger) *player.Scripted {
	return &player.Scripted{Name: "e40k script", Plan: plan, Domain: domainFor(DefaultWeights()),
		Judge: func(v game.View) (script.Judge, error) {
			rs, ok := v.Ruleset.(*e40k.Ruleset)
			if !ok || convert == nil {
				return nil, errors.New("not an E40K game, or no trigger converter")
			}
			return judge{rs: rs, conv: convert}, nil
		}}
}

// judge evaluates scenario triggers with the E40K ruleset.
type judge struct {
	rs   *e40k.Ruleset
	conv func(*scenarios.Trigger) *e40k.Trigger
}

// Holds implements script.Judge.
func (j judge) Holds(s *rules.State, t *scenarios.Trigger) (bool, error) {
	return j.rs.TriggerHolds(s, j.conv(t))
}
