package atiiai

import (
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// FaceToward exposes faceToward to the package's external tests.
var FaceToward = faceToward

// TacticalAccepts reports whether tacticalMoves' collector keeps cmd.
func TacticalAccepts(rs *atii.Ruleset, st *rules.State, cmd rules.Command) bool {
	c := newCollector(st)
	c.rs = rs
	return c.add(cmd, "", world.Vec{}, 0, "")
}

// WalkCost is walkCost, for the external tests.
var WalkCost = walkCost
