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

// Progress is Goals.progress, for the external tests.
func (g *Goals) Progress(rs *atii.Ruleset, st *rules.State, goal Goal) float64 {
	return g.progress(rs, st, goal)
}
