package atii

import (
	"testing"

	"github.com/auspex/auspex/world"
)

// TestSightMemoMatchesMeasuring: the ruleset's sight memo gives what
// measuring afresh gives (range, line of sight, cover and the side struck:
// ATII-SHT-1..3), with the arc still decided per mount; a moved base or the
// flat-terrain option is another entry. The memo keeps no explanation
// (Reason: only the previews, which measure afresh, print one).
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
		want.Reason = ""
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
	want.Reason = ""
	if got != want || got.Range == 0 {
		t.Fatalf("moved target: memo %+v, measured %+v", got, want)
	}
	if _, err := measureShot(w, nil, "F", firer, target, Options{FlatTerrainSight: true}, memo); err != nil || len(memo.m) != 3 {
		t.Fatalf("flat sight: %v, memo holds %d pairs, want 3", err, len(memo.m))
	}
}

// TestMoveMemoMatchesMeasuring: a path measured through the ruleset's move
// memo is what world.MeasureMove gives (ATII-MOV-2..6 price it), and a
// change to any argument (a blocker moved, even in the caller's own list)
// is measured afresh, not taken from the memo.
func TestMoveMemoMatchesMeasuring(t *testing.T) {
	w, err := world.New(world.Table{W: 120, H: 120}, nil)
	if err != nil {
		t.Fatal(err)
	}
	foot := fxReaver().Base
	start := world.Base{ID: "a", Pos: world.Vec{X: 30, Y: 30}, Foot: foot}
	other := world.Base{ID: "b", Pos: world.Vec{X: 30, Y: 60}, Foot: foot}
	path := []world.Waypoint{{To: world.Vec{X: 30, Y: 50}}}
	opt := world.MoveOptions{FaceMovement: true, KeepoutDist: EnemyExclusion, Blockers: []world.Base{other}, Keepout: []world.Base{other}}
	m := &moveMemo{}
	for i := 0; i < 2; i++ {
		got := m.measure(w, nil, start, path, "titan", opt)
		want := w.MeasureMove(start, path, nil, "titan", opt)
		if (got.Illegal == nil) != (want.Illegal == nil) || got.Total != want.Total || got.End != want.End {
			t.Fatalf("round %d: memo %+v, measured %+v", i, got, want)
		}
		if got.Illegal == nil {
			t.Fatal("a path 0 cm from an enemy titan is legal (ATII-MOV-6)")
		}
	}
	far := opt
	far.Blockers = []world.Base{{ID: "b", Pos: world.Vec{X: 100, Y: 100}, Foot: foot}}
	far.Keepout = far.Blockers
	if got := m.measure(w, nil, start, path, "titan", far); got.Illegal != nil {
		t.Fatalf("with the enemy far away the memo still refused the path: %v", got.Illegal)
	}
	far.Blockers[0].Pos = other.Pos // the caller's list changed after measuring
	if got := m.measure(w, nil, start, path, "titan", far); got.Illegal == nil {
		t.Fatal("the memo kept the caller's list, not a copy")
	}
}
