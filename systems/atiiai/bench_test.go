package atiiai_test

import (
	"context"
	"testing"

	"github.com/auspex/auspex/rules/atii"
)

// BenchmarkMoveCandidates fills the first move template of the ten-titan
// battlegroup (every candidate validated on the state).
func BenchmarkMoveCandidates(b *testing.B) {
	g := newGame(b, "titan-battlegroup", 3)
	tmpl, side := greedyUntil(b, g, atii.CmdMove)
	st := g.State()
	b.ReportAllocs()
	for b.Loop() {
		if c, err := g.Candidates(context.Background(), st, side, tmpl); err != nil || len(c) == 0 {
			b.Fatal(err)
		}
	}
}
