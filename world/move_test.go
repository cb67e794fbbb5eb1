package world

import (
	"fmt"
	"math"
	"testing"
)

// moveWorld: a 100 x 60 table with a wood (dangerous for titans) at x
// 30..40 and a building (impassable for titans) at x 70..80, y 0..20.
func moveWorld(t *testing.T) *World {
	t.Helper()
	w, err := New(Table{W: 100, H: 60}, []Feature{
		{ID: "w", Name: "Wood", Kind: Woods, Poly: []Vec{{30, 0}, {40, 0}, {40, 60}, {30, 60}}},
		{ID: "b", Name: "Manufactorum", Kind: Buildings, Poly: []Vec{{70, 0}, {80, 0}, {80, 20}, {70, 20}}},
		{ID: "s", Name: "Scrub", Kind: Scrub, Poly: []Vec{{50, 40}, {60, 40}, {60, 50}, {50, 50}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func titan(x, y, facing float64) Base {
	return Base{ID: "reaver", Pos: Vec{x, y}, Facing: facing, Foot: Footprint{Shape: Circle, Radius: 2}}
}

func segSummary(r MoveReport) string {
	s := ""
	for _, g := range r.Segments {
		s += fmt.Sprintf("[%.4f-%.4f %v", g.Start, g.End, g.Kinds)
		if g.Dangerous {
			s += " D"
		}
		if g.Impassable {
			s += " I"
		}
		if g.Backwards {
			s += " B"
		}
		s += "]"
	}
	return s
}

// ATII-MOV-4: where dangerous terrain is entered, by the whole footprint.
func TestMeasureMoveThroughWoodATII(t *testing.T) {
	w := moveWorld(t)
	r := w.MeasureMove(titan(10, 30, 90), []Waypoint{{To: Vec{60, 30}}}, atiiTerrain, Titan, MoveOptions{})
	// The 2 cm base touches the wood when its centre is at x=28 and clears
	// it at x=42.
	if got, want := segSummary(r), "[0.0000-18.0000 []][18.0000-32.0000 [woods] D][32.0000-50.0000 []]"; got != want {
		t.Errorf("segments %s, want %s", got, want)
	}
	if r.FirstDangerous == nil || !near(r.FirstDangerous.PathDist, 18, 1e-5) || r.StartsInDangerous {
		t.Errorf("first dangerous %+v, starts in %v", r.FirstDangerous, r.StartsInDangerous)
	}
	if !near(r.DangerousLength, 14, 1e-5) || !near(r.Total, 50, 1e-12) || !near(r.Forward, 50, 1e-12) || r.Backward != 0 {
		t.Errorf("dangerous %v total %v forward %v backward %v", r.DangerousLength, r.Total, r.Forward, r.Backward)
	}
	if !r.Legal() || len(r.Turns) != 0 || len(r.Entered) != 1 || r.Entered[0].Feature != 0 {
		t.Errorf("legal %v turns %v entered %+v", r.Legal(), r.Turns, r.Entered)
	}
	if r.End.Pos != (Vec{60, 30}) || r.End.Facing != 90 {
		t.Errorf("end %+v", r.End)
	}
}

// Exact boundaries: stopping with the base touching the wood is not
// entering it; Eps further is.
func TestMeasureMoveTouchingIsNotEntering(t *testing.T) {
	w := moveWorld(t)
	r := w.MeasureMove(titan(10, 30, 90), []Waypoint{{To: Vec{28, 30}}}, atiiTerrain, Titan, MoveOptions{})
	if r.FirstDangerous != nil || len(r.Entered) != 0 || r.DangerousLength != 0 {
		t.Errorf("touching: entered %+v", r.Entered)
	}
	r = w.MeasureMove(titan(10, 30, 90), []Waypoint{{To: Vec{28 + 3*Eps, 30}}}, atiiTerrain, Titan, MoveOptions{})
	if r.FirstDangerous == nil {
		t.Errorf("3 Eps into the wood: not entered")
	}
	// Starting in contact and moving along the edge stays out.
	r = w.MeasureMove(titan(28, 10, 180), []Waypoint{{To: Vec{28, 50}}}, atiiTerrain, Titan, MoveOptions{})
	if r.StartsInDangerous || r.FirstDangerous != nil {
		t.Errorf("along the edge: %+v", r.FirstDangerous)
	}
}

// ATII-MOV-4: a titan starting in dangerous terrain; turns made in it.
func TestMeasureMoveStartsInWoodTurnsATII(t *testing.T) {
	w := moveWorld(t)
	r := w.MeasureMove(titan(35, 30, 0), []Waypoint{
		{To: Vec{35, 30}, Facing: 90, Turn: true},  // pivot in the wood
		{To: Vec{50, 30}},                          // walk out east
		{To: Vec{50, 30}, Facing: 180, Turn: true}, // final facing, in the open
	}, atiiTerrain, Titan, MoveOptions{})
	if !r.StartsInDangerous || r.FirstDangerous == nil || r.FirstDangerous.PathDist != 0 {
		t.Errorf("starts in: %v %+v", r.StartsInDangerous, r.FirstDangerous)
	}
	if len(r.Turns) != 2 || r.TurnsInDangerous != 1 || !r.Turns[0].InDangerous || r.Turns[1].InDangerous {
		t.Fatalf("turns %+v, in dangerous %d", r.Turns, r.TurnsInDangerous)
	}
	if r.Turns[0].Degrees != 90 || r.Turns[1].Degrees != 90 || r.TurnDegrees != 180 || r.Turns[1].PathDist != 15 {
		t.Errorf("turns %+v", r.Turns)
	}
	// Out of the wood when the centre passes x = 42: 7 cm of the 15.
	if !near(r.DangerousLength, 7, 1e-5) {
		t.Errorf("dangerous length %v", r.DangerousLength)
	}
	if got, want := r.Summary(), "15.0 cm, 2 turns (180 deg), starts in dangerous terrain, 1 turn in dangerous terrain"; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
}

// ATII-MOV-3: backwards is more than 90 degrees off the facing.
func TestMeasureMoveBackwardsATII(t *testing.T) {
	w := moveWorld(t)
	tests := []struct {
		to   Vec
		back bool
	}{
		{Vec{10, 20}, true},              // facing south, moving north
		{Vec{20, 30}, false},             // exactly 90: sideways counts forward
		{Vec{10 + 10, 30 + 1e-6}, false}, // a hair towards the front
		{Vec{10 + 10, 30 - 1e-6}, true},  // a hair behind
		{Vec{10, 45}, false},             // straight ahead
	}
	for _, tc := range tests {
		r := w.MeasureMove(titan(10, 30, 180), []Waypoint{{To: tc.to}}, atiiTerrain, Titan, MoveOptions{})
		l := tc.to.Dist(Vec{10, 30})
		if tc.back && (!near(r.Backward, l, 1e-12) || r.Forward != 0 || !r.Segments[0].Backwards) ||
			!tc.back && (!near(r.Forward, l, 1e-12) || r.Backward != 0) {
			t.Errorf("to %v: forward %v backward %v", tc.to, r.Forward, r.Backward)
		}
	}
}

func TestMeasureMoveFaceMovement(t *testing.T) {
	w := moveWorld(t)
	r := w.MeasureMove(titan(10, 30, 0), []Waypoint{{To: Vec{20, 30}}, {To: Vec{20, 40}}, {To: Vec{20, 35}}},
		atiiTerrain, Titan, MoveOptions{FaceMovement: true})
	// Turn 90 right, walk east; turn 90 right, walk south; walk back north
	// (backwards, no turn).
	if len(r.Turns) != 2 || !r.Turns[0].Auto || r.Turns[0].Degrees != 90 || r.Turns[1].Degrees != 90 {
		t.Fatalf("turns %+v", r.Turns)
	}
	if !near(r.Forward, 20, 1e-12) || !near(r.Backward, 5, 1e-12) || r.End.Facing != 180 {
		t.Errorf("forward %v backward %v end %+v", r.Forward, r.Backward, r.End)
	}
	// A left turn is negative.
	r = w.MeasureMove(titan(10, 30, 0), []Waypoint{{To: Vec{0, 30}}}, atiiTerrain, Titan, MoveOptions{FaceMovement: true})
	if len(r.Turns) != 1 || r.Turns[0].Degrees != -90 {
		t.Errorf("turns %+v", r.Turns)
	}
}

// ATII-MOV-5: impassable terrain stops the move before it.
func TestMeasureMoveImpassableATII(t *testing.T) {
	w := moveWorld(t)
	r := w.MeasureMove(titan(50, 10, 90), []Waypoint{{To: Vec{95, 10}}}, atiiTerrain, Titan, MoveOptions{})
	if r.Legal() || r.Illegal.Kind != "impassable" || r.Illegal.Other != 1 || !near(r.Illegal.PathDist, 18, 1e-5) {
		t.Fatalf("illegal %+v", r.Illegal)
	}
	if r.Illegal.Reason != "enters impassable Manufactorum at 18.0 cm" {
		t.Errorf("reason %q", r.Illegal.Reason)
	}
	if len(r.Impassable) != 1 || !r.Segments[1].Impassable {
		t.Errorf("impassable %+v segments %s", r.Impassable, segSummary(r))
	}
	// Infantry are not stopped by buildings under these rules.
	r = w.MeasureMove(titan(50, 10, 90), []Waypoint{{To: Vec{95, 10}}}, atiiTerrain, Infantry, MoveOptions{})
	if !r.Legal() {
		t.Errorf("infantry: %+v", r.Illegal)
	}
}

func TestMeasureMoveOffTable(t *testing.T) {
	w := moveWorld(t)
	r := w.MeasureMove(titan(10, 30, 270), []Waypoint{{To: Vec{-5, 30}}}, atiiTerrain, Titan, MoveOptions{})
	if r.Legal() || r.Illegal.Kind != "off-table" || !near(r.Illegal.PathDist, 8, 1e-5) {
		t.Errorf("illegal %+v", r.Illegal)
	}
	// Right up to the edge is fine.
	if r := w.MeasureMove(titan(10, 30, 270), []Waypoint{{To: Vec{2, 30}}}, atiiTerrain, Titan, MoveOptions{}); !r.Legal() {
		t.Errorf("to the edge: %+v", r.Illegal)
	}
	if r := w.MeasureMove(titan(10, 30, 270), []Waypoint{{To: Vec{-5, 30}}}, atiiTerrain, Titan, MoveOptions{AllowOffTable: true}); !r.Legal() {
		t.Errorf("allowed off: %+v", r.Illegal)
	}
	// A rectangle turning on the spot at the edge swings a corner off.
	tank := Base{Pos: Vec{2.5, 30}, Facing: 0, Foot: Footprint{Shape: Rect, W: 4, H: 6}}
	r = w.MeasureMove(tank, []Waypoint{{To: tank.Pos, Facing: 90, Turn: true}}, atiiTerrain, Vehicle, MoveOptions{})
	if r.Legal() || r.Illegal.Kind != "off-table" {
		t.Errorf("turning at the edge: %+v", r.Illegal)
	}
}

// ATII-MOV-6: no closer than 10 cm to an enemy titan; exactly 10 is allowed;
// one starting closer may move away.
func TestMeasureMoveKeepoutATII(t *testing.T) {
	w := moveWorld(t)
	enemy := Base{ID: "warlord", Pos: Vec{60, 30}, Foot: Footprint{Shape: Circle, Radius: 3}}
	opt := MoveOptions{Keepout: []Base{enemy}, KeepoutDist: 10}
	// Edge to edge 10 cm when the mover's centre is at x = 60-3-10-2 = 45.
	r := w.MeasureMove(titan(10, 30, 90), []Waypoint{{To: Vec{45, 30}}}, atiiTerrain, Titan, opt)
	if !r.Legal() {
		t.Errorf("exactly 10 cm: %+v", r.Illegal)
	}
	r = w.MeasureMove(titan(10, 30, 90), []Waypoint{{To: Vec{50, 30}}}, atiiTerrain, Titan, opt)
	if r.Legal() || r.Illegal.Kind != "keepout" || !near(r.Illegal.PathDist, 35, 1e-5) {
		t.Fatalf("closer: %+v", r.Illegal)
	}
	if r.Illegal.Reason != "comes within 10.0 cm of warlord at 35.0 cm" {
		t.Errorf("reason %q", r.Illegal.Reason)
	}
	// Passing by: the closest approach decides.
	r = w.MeasureMove(titan(45, 50, 90), []Waypoint{{To: Vec{80, 50}}}, atiiTerrain, Titan, opt)
	if !r.Legal() { // 20 - 3 - 2 = 15 cm at the closest
		t.Errorf("passing 15 cm away: %+v", r.Illegal)
	}
	r = w.MeasureMove(titan(45, 44, 90), []Waypoint{{To: Vec{80, 44}}}, atiiTerrain, Titan, opt)
	if r.Legal() || r.Illegal.Kind != "keepout" { // 14 - 5 = 9 cm at the closest
		t.Fatalf("passing 9 cm away is legal")
	}
	// Within 10 cm edge to edge when the centres are 15 apart: dx = sqrt(15^2-14^2).
	if want := 60 - math.Sqrt(29) - 45; !near(r.Illegal.PathDist, want, 1e-5) {
		t.Errorf("keepout broken at %.9f, want %.9f", r.Illegal.PathDist, want)
	}
	// Starting 5 cm away: away is fine, closer is not.
	start := titan(50, 30, 270)
	if r := w.MeasureMove(start, []Waypoint{{To: Vec{30, 30}}}, atiiTerrain, Titan, opt); !r.Legal() {
		t.Errorf("moving away: %+v", r.Illegal)
	}
	if r := w.MeasureMove(start, []Waypoint{{To: Vec{52, 30}}}, atiiTerrain, Titan, opt); r.Legal() || !near(r.Illegal.PathDist, 0, 1e-5) {
		t.Errorf("moving closer from 5 cm: %+v", r.Illegal)
	}
}

func TestMeasureMoveBlockers(t *testing.T) {
	w := moveWorld(t)
	friend := Base{ID: "warhound", Pos: Vec{30, 50}, Foot: Footprint{Shape: Circle, Radius: 2}}
	opt := MoveOptions{Blockers: []Base{friend}}
	// Base contact at centre x = 26.
	if r := w.MeasureMove(titan(10, 50, 90), []Waypoint{{To: Vec{26, 50}}}, atiiTerrain, Titan, opt); !r.Legal() {
		t.Errorf("base contact: %+v", r.Illegal)
	}
	r := w.MeasureMove(titan(10, 50, 90), []Waypoint{{To: Vec{40, 50}}}, atiiTerrain, Titan, opt)
	if r.Legal() || r.Illegal.Kind != "overlap" || !near(r.Illegal.PathDist, 16, 1e-5) {
		t.Errorf("through: %+v", r.Illegal)
	}
}

// A rectangular base enters terrain when its front corners reach it.
func TestMeasureMoveRectFootprint(t *testing.T) {
	w := moveWorld(t)
	tank := Base{Pos: Vec{10, 30}, Facing: 90, Foot: Footprint{Shape: Rect, W: 4, H: 6}}
	r := w.MeasureMove(tank, []Waypoint{{To: Vec{20, 30}}}, atiiTerrain, Titan, MoveOptions{})
	if r.FirstDangerous != nil {
		t.Errorf("front at 23: entered %+v", r.FirstDangerous)
	}
	r = w.MeasureMove(tank, []Waypoint{{To: Vec{50, 30}}}, atiiTerrain, Titan, MoveOptions{})
	if r.FirstDangerous == nil || !near(r.FirstDangerous.PathDist, 17, 1e-5) || !near(r.DangerousLength, 16, 1e-5) {
		t.Errorf("first %+v length %v", r.FirstDangerous, r.DangerousLength)
	}
	// Turned 45 degrees: the leading corner sticks out (2+3)/sqrt2 cm.
	tank.Facing = 45
	r = w.MeasureMove(tank, []Waypoint{{To: Vec{50, 30}}}, atiiTerrain, Titan, MoveOptions{})
	want := 30 - 5/math.Sqrt2 - 10
	if r.FirstDangerous == nil || !near(r.FirstDangerous.PathDist, want, 1e-5) {
		t.Errorf("turned: first %+v, want %v", r.FirstDangerous, want)
	}
}

// ATII-MOV-2/ATII-MOV-3 (issue 8): with FaceMovement a leg is walked
// straight ahead or straight back. A sideways step more than 90 degrees off
// the facing is walked backwards only after turning the rear square to it,
// and that turn is reported (leg by leg, for the UI) like any other; a leg
// within BackTolerance of straight back needs no turn.
func TestMeasureMoveSidewaysStepTurnsATII(t *testing.T) {
	w := moveWorld(t)
	start := titan(30, 30, 0) // facing north
	tests := []struct {
		bearing float64
		tol     float64
		turn    float64 // the pivot before the leg
		back    bool
	}{
		{100, 0, -80, true}, // the Warlord's sideways step: 80 degrees to put its rear on it
		{-100, 0, 80, true},
		{179, 0, 0, true}, // within 2 degrees of straight back
		{177, 0, -3, true},
		{177, 5, 0, true}, // a wider tolerance
		{60, 0, 60, false},
		{90, 0, 90, false}, // exactly 90: forwards, turning to face it
	}
	for _, tc := range tests {
		to := LegTo(start.Pos, tc.bearing, 8)
		r := w.MeasureMove(start, []Waypoint{{To: to, Facing: 45, Turn: true}}, atiiTerrain, Titan,
			MoveOptions{FaceMovement: true, BackTolerance: tc.tol})
		if len(r.Legs) != 1 {
			t.Fatalf("bearing %v: %d legs", tc.bearing, len(r.Legs))
		}
		leg := r.Legs[0]
		if !near(leg.TurnBefore, tc.turn, 1e-9) || leg.Backwards != tc.back || !near(leg.Length, 8, 1e-9) ||
			!near(leg.Heading, NormDeg(tc.bearing), 1e-9) {
			t.Errorf("bearing %v: leg %+v, want turn %v backwards %v", tc.bearing, leg, tc.turn, tc.back)
		}
		// The final pivot to 45 is reported after the walk.
		facing := NormDeg(tc.turn)
		if !near(leg.TurnAfter, RelDeg(45-facing), 1e-9) {
			t.Errorf("bearing %v: turn after %v, want %v", tc.bearing, leg.TurnAfter, RelDeg(45-facing))
		}
		sum := math.Abs(leg.TurnBefore) + math.Abs(leg.TurnAfter)
		if !near(r.TurnDegrees, sum, 1e-9) {
			t.Errorf("bearing %v: report turns %v, legs %v", tc.bearing, r.TurnDegrees, sum)
		}
		if tc.back && (!near(r.Backward, 8, 1e-9) || !r.Segments[0].Backwards) {
			t.Errorf("bearing %v: backward %v", tc.bearing, r.Backward)
		}
	}
}

// PathTurns lists exactly the pivots MeasureMove makes (ATII-MOV-2 prices
// them), without measuring: random paths of one to three waypoints, some
// ending on the spot or with a facing, walked with and without
// FaceMovement and with another back tolerance.
func TestPathTurnsMatchMeasureMove(t *testing.T) {
	w := benchWorld(t)
	r := rng(4242)
	turned := 0
	for i := 0; i < 2000; i++ {
		start := Base{Pos: Vec{r.float(20, 160), r.float(20, 100)}, Facing: r.float(-360, 720), Foot: Footprint{Shape: Circle, Radius: 2}}
		if i%5 == 0 {
			start.Foot = Footprint{Shape: Rect, W: 4, H: 2}
		}
		var path []Waypoint
		at := start.Pos
		for k := 0; k < 1+i%3; k++ {
			wp := Waypoint{To: at.Add(Heading(r.float(0, 360)).Scale(r.float(0, 15)))}
			if r.float(0, 1) < 0.15 {
				wp.To = at // a turn on the spot
			}
			if r.float(0, 1) < 0.5 {
				wp.Facing, wp.Turn = r.float(0, 360), true
			}
			path = append(path, wp)
			at = wp.To
		}
		opt := MoveOptions{FaceMovement: i%4 != 3}
		if i%7 == 2 {
			opt.BackTolerance = 30
		}
		rep := w.MeasureMove(start, path, atiiTerrain, Titan, opt)
		got := PathTurns(start, path, opt, nil)
		if len(got) != len(rep.Turns) {
			t.Fatalf("path %d: %d turns, MeasureMove %d: %+v / %+v", i, len(got), len(rep.Turns), got, rep.Turns)
		}
		for k, mt := range rep.Turns {
			mt.PathDist, mt.InDangerous = 0, false
			if got[k] != mt {
				t.Fatalf("path %d turn %d: %+v, MeasureMove %+v", i, k, got[k], mt)
			}
		}
		turned += len(got)
	}
	if turned < 1000 {
		t.Fatalf("only %d turns made: the test proves little", turned)
	}
}

// MoveSurelyIllegal never calls a move illegal that MeasureMove accepts
// (ATII-MOV-6's keepout, overlapping bases, the table edge), and it
// catches many of the illegal ones: random straight moves among round and
// square bases near each other and the table edge.
func TestMoveSurelyIllegalOnlyIllegal(t *testing.T) {
	w := benchWorld(t)
	r := rng(9090)
	caught, illegal := 0, 0
	for i := 0; i < 3000; i++ {
		foot := Footprint{Shape: Circle, Radius: r.float(1.5, 3)}
		if i%6 == 0 {
			foot = Footprint{Shape: Rect, W: 4, H: 3}
		}
		start := Base{ID: "mover", Pos: Vec{r.float(2, 178), r.float(2, 118)}, Facing: r.float(0, 360), Foot: foot}
		var opt MoveOptions
		opt.FaceMovement = i%5 != 4
		opt.AllowOffTable = i%9 == 0
		for k := 0; k < 4; k++ {
			o := Base{Pos: start.Pos.Add(Heading(r.float(0, 360)).Scale(r.float(0, 25))), Foot: Footprint{Shape: Circle, Radius: 2}}
			if k == 3 {
				o.Foot = Footprint{Shape: Rect, W: 3, H: 3}
			}
			opt.Blockers = append(opt.Blockers, o)
			if k%2 == 0 {
				opt.Keepout = append(opt.Keepout, o)
			}
		}
		opt.KeepoutDist = 10
		var path []Waypoint
		at := start.Pos
		for k := 0; k < 1+i%2; k++ {
			wp := Waypoint{To: at.Add(Heading(r.float(0, 360)).Scale(r.float(0, 20)))}
			if i%3 == 0 {
				wp.Facing, wp.Turn = r.float(0, 360), true
			}
			path = append(path, wp)
			at = wp.To
		}
		rep := w.MeasureMove(start, path, atiiTerrain, Titan, opt)
		if rep.Illegal != nil {
			illegal++
		}
		if w.MoveSurelyIllegal(start, path, opt) {
			caught++
			if rep.Illegal == nil {
				t.Fatalf("move %d: surely illegal, MeasureMove accepts it: %+v along %+v", i, start, path)
			}
		}
	}
	if caught < illegal/3 || caught < 300 {
		t.Fatalf("%d of %d illegal moves caught: the test proves little", caught, illegal)
	}
	t.Logf("%d of %d illegal moves caught", caught, illegal)
}
