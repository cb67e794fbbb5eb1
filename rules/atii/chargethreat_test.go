package atii_test

import (
	"testing"

	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// TestChargeThreatFacesTheTarget (ATII-CC-1 to 3): the duel's blue Reaver
// carries its Powerfist on the right arm. Standing 10 cm from red with
// its back turned, its close combat as it stands has only improvised
// attacks in reach; charging, it ends facing red, so the Powerfist's arc
// bears and the charge adds an improvised attack: worth more.
func TestChargeThreatFacesTheTarget(t *testing.T) {
	g := bundled(t, "titan-duel", 1)
	rs := g.Ruleset.(*atii.Ruleset)
	s := g.State().Clone()
	s.Unit("red-reaver").Pos, s.Unit("red-reaver").Facing = world.Vec{X: 60, Y: 30}, 180
	s.Unit("blue-reaver").Pos, s.Unit("blue-reaver").Facing = world.Vec{X: 60, Y: 45}, 180
	still, err := rs.CloseCombatThreat(s, "blue-reaver", "red-reaver")
	if err != nil {
		t.Fatal(err)
	}
	charge, err := rs.ChargeThreat(s, "blue-reaver", "red-reaver")
	if err != nil {
		t.Fatal(err)
	}
	if charge <= still+1 {
		t.Errorf("charging, facing red with the Powerfist: %.2f VP; with its back turned: %.2f; want the charge worth more", charge, still)
	}
	if _, err := rs.ChargeThreat(s, "blue-reaver", "nobody"); err == nil {
		t.Error("an unknown target: want an error")
	}
}
