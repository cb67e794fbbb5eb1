package atii

import (
	"testing"

	"github.com/auspex/auspex/world"
)

// TestSightMemoMatchesMeasuring: the ruleset's sight memo gives what
// measuring afresh gives (range, line of sight, cover and the side struck:
// ATII-SHT-1..3), with the arc still decided per mount; a moved base or the
// flat-terrain option is another entry.
func TestSightMemoMatchesMeasuring(t *testing.T) {
	w, err := world.New(world.Table{W: 120, H: 120}, nil)
	if err != nil {
		t.Fatal(err)
	}
	foot := fxReaver().Base
	firer := world.Base{ID: "a", Pos: world.Vec{X: 30, Y: 30}, Foot: foot}
	target := world.Base{ID: "b", Pos: world.Vec{X: 30, Y: 70}, Facing: 90, Foot: foot}
	memo := &sightMemo{}
	for _, arc := range []string{"F", "LA", "RA", "F"} {
		got, err := measureShot(w, nil, arc, firer, target, Options{}, memo)
		if err != nil {
			t.Fatal(err)
		}
		want, err := MeasureShotWith(w, nil, arc, firer, target, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("arc %s: memo %+v, measured %+v", arc, got, want)
		}
	}
	if len(memo.m) != 1 {
		t.Fatalf("memo holds %d pairs, want 1 (the arc is not part of the sight line)", len(memo.m))
	}
	moved := target
	moved.Pos.X += 50
	got, _ := measureShot(w, nil, "F", firer, moved, Options{}, memo)
	want, _ := MeasureShotWith(w, nil, "F", firer, moved, Options{})
	if got != want || got.Range == 0 {
		t.Fatalf("moved target: memo %+v, measured %+v", got, want)
	}
	if _, err := measureShot(w, nil, "F", firer, target, Options{FlatTerrainSight: true}, memo); err != nil || len(memo.m) != 3 {
		t.Fatalf("flat sight: %v, memo holds %d pairs, want 3", err, len(memo.m))
	}
}
