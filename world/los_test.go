package world

import (
	"fmt"
	"testing"
)

// atiiTerrain is an ATII-like reading of a few kinds for the tests: woods
// and buildings block sight (and give cover to those in them), scrub only
// gives cover, hills block but have a height.
var atiiTerrain = TerrainRules{
	Woods:     {BlocksLOS: true, Cover: true, Passage: map[UnitClass]Passage{Titan: Dangerous}},
	Buildings: {BlocksLOS: true, Cover: true, Passage: map[UnitClass]Passage{Titan: Impassable}},
	Scrub:     {Cover: true},
	Hill:      {BlocksLOS: true},
	Road:      {},
}

// ATII-SHT-4 (cover: half or more of the target hidden) and the ATII line of
// sight reading: the target, a 2 cm radius titan 100 cm away, stands just
// behind a wood whose edge hides more or less of it. The verdict follows the
// exact hidden share (line s of the silhouette ends at y = 30+2s and meets
// the wood, x 100..105, where it reaches the edge: s >= (edge-30)/1.9 above
// the centre line, s >= (edge-30)/1.8 below it); the seven sample lines are
// only drawn.
func TestLOSPartialCoverATII(t *testing.T) {
	tests := []struct {
		edge    float64 // y of the wood's top edge; it covers everything below
		blocked int     // of 7 lines
		verdict LOSVerdict
		reason  string
	}{
		{59, 0, LOSClear, "clear: 100% visible"},
		{30.7, 2, LOSClear, "clear: 68% visible (32% hidden by Woods #3)"},
		{30.3, 3, LOSClear, "clear: 58% visible (42% hidden by Woods #3)"},
		{29.8, 4, LOSCover, "cover: 56% hidden by Woods #3"},
		{29.0, 5, LOSBlocked, "blocked: 78% hidden by Woods #3"}, // 22% seen: a sliver
		{28.5, 6, LOSBlocked, "blocked: 92% hidden by Woods #3"},
		{0.5, 7, LOSBlocked, "blocked: 100% hidden by Woods #3"},
	}
	obs := circle(10, 30, 2)
	tgt := circle(110, 30, 2)
	for _, tc := range tests {
		w, err := New(Table{W: 200, H: 60}, []Feature{
			{ID: "r1", Kind: Road, Poly: rectPoly(Vec{50, 30}, 10, 60, 0)},
			{ID: "w3", Name: "Woods #3", Kind: Woods, Poly: []Vec{{100, tc.edge}, {105, tc.edge}, {105, 60}, {100, 60}}},
		})
		if err != nil {
			t.Fatal(err)
		}
		r := w.LOS(obs, tgt, atiiTerrain, LOSOptions{})
		blocked := 0
		for _, l := range r.Lines {
			if l.Blocked {
				blocked++
				if l.BlockedBy != 1 || !near(l.BlockedAt.X, 100, 1e-9) {
					t.Errorf("edge %v: line blocked by %d at %v, want the wood at x=100", tc.edge, l.BlockedBy, l.BlockedAt)
				}
			}
		}
		want := 1.0 // exact visible share
		switch {
		case tc.edge >= 32:
		case tc.edge > 30:
			want = 1 - (1-(tc.edge-30)/1.9)/2
		case tc.edge > 28.2:
			want = 1 - (1-(tc.edge-30)/1.8)/2
		default:
			want = 0
		}
		if !near(r.Visible, want, 1e-9) || !near(r.Seen, want, 1e-9) {
			t.Errorf("edge %v: visible %v seen %v, want %v", tc.edge, r.Visible, r.Seen, want)
		}
		if len(r.Lines) != 7 || blocked != tc.blocked || r.Verdict != tc.verdict || r.Reason() != tc.reason {
			t.Errorf("edge %v: %d lines, %d blocked, %v %q; want 7, %d, %v %q",
				tc.edge, len(r.Lines), blocked, r.Verdict, r.Reason(), tc.blocked, tc.verdict, tc.reason)
		}
	}
}

func TestLOSASCII(t *testing.T) {
	w, p := asciiMap(t, `
		........................
		.a......BBB.........b...
		........BBB.............
		.c......................
		....................d...
		.........SSS............
		.e.......SSS........f...
		.........SSS............
		..............WWWWWWW...
		.g............WWWkWWW.h.
		..............WWWWWWW...
	`, map[rune]Kind{'B': Buildings, 'S': Scrub, 'W': Woods})
	unit := func(r rune) Base { return circle(p[r].X, p[r].Y, 0.4) }
	tests := []struct {
		from, to rune
		want     LOSVerdict
		why      string
	}{
		{'a', 'b', LOSBlocked, "blocked: 100% hidden by B"},
		{'c', 'd', LOSClear, "clear: 100% visible"},
		{'e', 'f', LOSCover, "cover: 100% hidden by S"},     // scrub only obscures
		{'g', 'h', LOSBlocked, "blocked: 100% hidden by W"}, // through the whole wood
		{'h', 'k', LOSCover, "cover: target inside W"},      // k stands in the wood, seen into it
		{'k', 'h', LOSClear, "clear: 100% visible"},         // and sees out of it
		{'k', 'g', LOSClear, "clear: 100% visible"},         // out the other side
	}
	for _, tc := range tests {
		r := w.LOS(unit(tc.from), unit(tc.to), atiiTerrain, LOSOptions{})
		if r.Verdict != tc.want || r.Reason() != tc.why {
			t.Errorf("%c->%c: %v %q, want %v %q", tc.from, tc.to, r.Verdict, r.Reason(), tc.want, tc.why)
		}
	}
}

// InsideSight limits how far a model in blocking terrain sees out of it,
// and how far others see into it.
func TestLOSInsideSight(t *testing.T) {
	w, p := asciiMap(t, `
		..........................
		.......WWWWWWWWWWWWW......
		.g.....WWWkWWWWWWWWW...h..
		.......WWWWWWWWWWWWW......
	`, nil)
	unit := func(r rune) Base { return circle(p[r].X, p[r].Y, 0.4) }
	// k is 3.5 cm inside the wood's left edge (x=7) and 9.5 from its right edge (x=20).
	tests := []struct {
		from, to rune
		inside   float64
		want     LOSVerdict
		blockX   float64 // where sight stops, if blocked
	}{
		{'k', 'g', 0, LOSClear, 0},
		{'k', 'g', 4, LOSClear, 0},
		{'k', 'g', 3, LOSBlocked, 10.5 - 3},
		{'k', 'g', -1, LOSBlocked, 10.5},
		{'g', 'k', 4, LOSCover, 0},
		{'g', 'k', 3, LOSBlocked, 7 + 3},
		{'h', 'k', 9.5, LOSCover, 0},
		{'h', 'k', 9.4, LOSBlocked, 20 - 9.4},
	}
	for _, tc := range tests {
		r := w.LOS(unit(tc.from), unit(tc.to), atiiTerrain, LOSOptions{InsideSight: tc.inside, Samples: 1})
		if r.Verdict != tc.want {
			t.Errorf("%c->%c inside %v: %v %q, want %v", tc.from, tc.to, tc.inside, r.Verdict, r.Reason(), tc.want)
			continue
		}
		if tc.want == LOSBlocked {
			at := r.Lines[0].BlockedAt
			if !near(at.X, tc.blockX, 1e-9) {
				t.Errorf("%c->%c inside %v: sight stops at x=%v, want %v", tc.from, tc.to, tc.inside, at.X, tc.blockX)
			}
		}
	}
}

// With heights, a feature hides the part of the target below the highest
// point its top screens from the observer's eye (ATII line of sight is drawn
// from the weapon mount, "a model's eye view"). Every line here crosses the
// 5 cm hill between parameters 35/80 and 45/80, so the target is hidden
// below z = oh - (oh-5)*80/45 when the eye is above the hill.
func TestLOSHeights(t *testing.T) {
	hill := Feature{ID: "h", Name: "Hill", Kind: Hill, Height: 5, Poly: rectPoly(Vec{50, 30}, 10, 40, 0)}
	w, err := New(Table{W: 100, H: 60}, []Feature{hill})
	if err != nil {
		t.Fatal(err)
	}
	obs, tgt := circle(10, 30, 1), circle(90, 30, 1)
	tests := []struct {
		oh, th  float64
		want    LOSVerdict
		effect  CrossEffect
		visible float64
	}{
		{0, 0, LOSBlocked, Blocks, 0},                        // heights not given: the hill blocks
		{10, 0, LOSBlocked, Blocks, 0},                       // only one height given: ignored
		{10, 10, LOSClear, Obscures, 1 - (10-5*16/9.0)/10},   // the bottom ninth hidden
		{10, 4, LOSClear, Obscures, 1 - (10-5*16/9.0)/4},     // a shorter target: 28% hidden
		{10, 2, LOSCover, Obscures, 1 - (10-5*16/9.0)/2},     // 56% hidden: cover
		{5, 5, LOSBlocked, Blocks, 0},                        // level with the top: grazing is blocked
		{9, 1, LOSBlocked, Blocks, 0},                        // hidden below 1.89 cm: all of it
		{12, 1, LOSClear, SeenOver, 1},                       // 12-7*16/9 < 0: nothing hidden
		{5 + 2*Eps, 5 + 2*Eps, LOSBlocked, Obscures, 0.0000}, // all but a sliver
	}
	for _, tc := range tests {
		r := w.LOS(obs, tgt, atiiTerrain, LOSOptions{ObserverHeight: tc.oh, TargetHeight: tc.th})
		if r.Verdict != tc.want || r.Lines[3].Crossings[0].Effect != tc.effect || !near(r.Visible, tc.visible, 1e-5) {
			t.Errorf("heights %v/%v: %v (%v) visible %v, want %v (%v) %v", tc.oh, tc.th, r.Verdict,
				r.Lines[3].Crossings[0].Effect, r.Visible, tc.want, tc.effect, tc.visible)
		}
	}
}

func TestLOSThresholdOptions(t *testing.T) {
	// 2 of 7 lines blocked (as in TestLOSPartialCoverATII, edge 30.7).
	w, err := New(Table{W: 200, H: 60}, []Feature{
		{ID: "w", Kind: Woods, Poly: []Vec{{100, 30.7}, {105, 30.7}, {105, 60}, {100, 60}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	obs, tgt := circle(10, 30, 2), circle(110, 30, 2)
	if r := w.LOS(obs, tgt, atiiTerrain, LOSOptions{ClearAbove: 0.75}); r.Verdict != LOSCover {
		t.Errorf("ClearAbove 0.75 with 5/7 visible: %v", r.Verdict)
	}
	if r := w.LOS(obs, tgt, atiiTerrain, LOSOptions{ClearAbove: 5.0 / 7}); r.Verdict != LOSCover {
		t.Errorf("ClearAbove exactly 5/7 with 5/7 visible: %v (clear needs more than the threshold)", r.Verdict)
	}
	if r := w.LOS(obs, tgt, atiiTerrain, LOSOptions{MinVisible: 0.9}); r.Verdict != LOSBlocked {
		t.Errorf("MinVisible 0.9 with 5/7 seen: %v", r.Verdict)
	}
	// 6 of 7 blocked: blocked by default, cover when any line will do.
	w2, _ := New(Table{W: 200, H: 60}, []Feature{
		{ID: "w", Kind: Woods, Poly: []Vec{{100, 28.5}, {105, 28.5}, {105, 60}, {100, 60}}},
	})
	if r := w2.LOS(obs, tgt, atiiTerrain, LOSOptions{}); r.Verdict != LOSBlocked {
		t.Errorf("1/7 seen: %v", r.Verdict)
	}
	if r := w2.LOS(obs, tgt, atiiTerrain, LOSOptions{MinVisible: -1}); r.Verdict != LOSCover {
		t.Errorf("1/7 seen, MinVisible -1: %v", r.Verdict)
	}
	if r := w2.LOS(obs, tgt, atiiTerrain, LOSOptions{Samples: 1}); r.Verdict != LOSBlocked || len(r.Lines) != 1 {
		t.Errorf("one line through the wood: %v, %d lines", r.Verdict, len(r.Lines))
	}
	if r := w2.LOS(obs, tgt, atiiTerrain, LOSOptions{Samples: 15}); len(r.Lines) != 15 {
		t.Errorf("15 samples: %d lines", len(r.Lines))
	}
}

// A sight line exactly grazing a building's corner is not blocked by it.
func TestLOSGrazingCorner(t *testing.T) {
	w, err := New(Table{W: 100, H: 60}, []Feature{
		{ID: "b", Kind: Buildings, Poly: []Vec{{40, 30}, {50, 30}, {50, 40}, {40, 40}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	// From (10,60) to (70,0): x + y = 70 touches the building only at its
	// corner (40,30).
	r := w.LOSBetweenPoints(Vec{10, 60}, Vec{70, 0}, atiiTerrain, LOSOptions{})
	if r.Verdict != LOSClear || len(r.Lines) != 1 || len(r.Lines[0].Crossings) != 0 {
		t.Errorf("grazing the corner: %v %q %+v", r.Verdict, r.Reason(), r.Lines)
	}
	// Along the building's top edge.
	r = w.LOSBetweenPoints(Vec{10, 30}, Vec{90, 30}, atiiTerrain, LOSOptions{})
	if r.Verdict != LOSClear {
		t.Errorf("along the edge: %v %q", r.Verdict, r.Reason())
	}
	// One hundredth of a millimetre inside it.
	r = w.LOSBetweenPoints(Vec{10, 30.001}, Vec{90, 30.001}, atiiTerrain, LOSOptions{})
	if r.Verdict != LOSBlocked {
		t.Errorf("just inside the edge: %v %q", r.Verdict, r.Reason())
	}
}

func TestLOSToPoint(t *testing.T) {
	w, p := asciiMap(t, `
		....................
		.a......BBB.....x...
		.............y......
	`, map[rune]Kind{'B': Buildings})
	o := circle(p['a'].X, p['a'].Y, 1)
	if r := w.LOSToPoint(o, p['x'], atiiTerrain, LOSOptions{}); r.Verdict != LOSBlocked || len(r.Lines) != 1 {
		t.Errorf("to x: %v, %d lines", r.Verdict, len(r.Lines))
	}
	if r := w.LOSToPoint(o, p['y'], atiiTerrain, LOSOptions{}); r.Verdict != LOSClear {
		t.Errorf("to y: %v %q", r.Verdict, r.Reason())
	}
}

// The sample points lie inside the footprints, spread across the target as
// seen from the observer.
func TestLOSSamplePoints(t *testing.T) {
	w, err := New(Table{W: 100, H: 100}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rng(5)
	for i := 0; i < 300; i++ {
		a, b := randBase(&r), randBase(&r)
		b.Pos = b.Pos.Add(Vec{50, 50})
		res := w.LOS(a, b, atiiTerrain, LOSOptions{FromFootprint: i%2 == 0})
		for k, l := range res.Lines {
			if d := b.PointDistance(l.To); d > 1e-9 {
				t.Fatalf("line %d ends %.3g cm outside the target", k, d)
			}
			if d := a.PointDistance(l.From); d > 1e-9 {
				t.Fatalf("line %d starts %.3g cm outside the observer", k, d)
			}
		}
		if res.Verdict != LOSClear || res.Visible != 1 {
			t.Fatalf("open table: %v", res.Verdict)
		}
		// Ends are spread across the silhouette, in order.
		dir := b.Pos.Sub(a.Pos)
		perp := Vec{-dir.Y, dir.X}
		for k := 1; k < len(res.Lines); k++ {
			if res.Lines[k].To.Sub(b.Pos).Dot(perp) <= res.Lines[k-1].To.Sub(b.Pos).Dot(perp) {
				t.Fatalf("sample ends not in order across the target")
			}
		}
	}
}

// A reused context gives the same answers as fresh checks and does not
// allocate once warm.
func TestLOSContextReuse(t *testing.T) {
	w := benchWorld(t)
	ctx := w.NewLOSContext()
	pairs := losPairs(200, 11)
	for _, p := range pairs {
		got := ctx.LOS(p[0], p[1], atiiTerrain, LOSOptions{})
		want := w.LOS(p[0], p[1], atiiTerrain, LOSOptions{})
		if got.Verdict != want.Verdict || got.Visible != want.Visible || got.Reason() != want.Reason() || len(got.Features) != len(want.Features) {
			t.Fatalf("context %v %q, fresh %v %q", got.Verdict, got.Reason(), want.Verdict, want.Reason())
		}
		// Standing in terrain, as read from the sight lines, agrees with
		// FeaturesAt.
		for _, c := range []struct {
			got []int
			at  Vec
		}{{got.TargetIn, p[1].Pos}, {got.ObserverIn, p[0].Pos}} {
			var want []int
			for _, f := range w.FeaturesAt(c.at, nil) {
				if e := atiiTerrain[w.Features[f].Kind]; e.BlocksLOS || e.Cover {
					want = append(want, f)
				}
			}
			if fmt.Sprint(c.got) != fmt.Sprint(want) {
				t.Fatalf("standing in %v, FeaturesAt says %v", c.got, want)
			}
		}
	}
	allocs := testing.AllocsPerRun(50, func() {
		for _, p := range pairs[:20] {
			ctx.LOS(p[0], p[1], atiiTerrain, LOSOptions{})
		}
	})
	if allocs != 0 {
		t.Errorf("warm LOS context allocates %.1f times per 20 checks", allocs)
	}
}

// losPairs returns titan-sized bases 5-90 cm apart across the table.
func losPairs(n int, seed uint64) [][2]Base {
	r := rng(seed)
	out := make([][2]Base, n)
	for i := range out {
		a := circle(r.float(5, 175), r.float(5, 115), r.float(1.5, 3))
		b := a
		for {
			b = circle(a.Pos.X, a.Pos.Y, r.float(1.5, 3))
			b.Pos = a.Pos.Add(Heading(r.float(0, 360)).Scale(r.float(5, 90)))
			if b.Pos.X > 3 && b.Pos.X < 177 && b.Pos.Y > 3 && b.Pos.Y < 117 {
				break
			}
		}
		a.Facing, b.Facing = r.float(0, 360), r.float(0, 360)
		out[i] = [2]Base{a, b}
	}
	return out
}

// The shared fan trace gives exactly what tracing each line on its own gives.
func TestLOSFanMatchesPerLine(t *testing.T) {
	w := benchWorld(t)
	fan, single := w.NewLOSContext(), w.NewLOSContext()
	single.noFan = true
	for _, p := range losPairs(500, 21) {
		a := fan.LOS(p[0], p[1], atiiTerrain, LOSOptions{})
		b := single.LOS(p[0], p[1], atiiTerrain, LOSOptions{})
		if fmt.Sprint(a.Lines) != fmt.Sprint(b.Lines) || a.Reason() != b.Reason() {
			t.Fatalf("fan %q %+v\nper line %q %+v", a.Reason(), a.Lines, b.Reason(), b.Lines)
		}
	}
}

// Two bases on the same spot in a wood: the target is still in cover.
func TestLOSSameSpotInWood(t *testing.T) {
	w, p := asciiMap(t, `
		.WWWWW.
		.WWkWW.
		.WWWWW.
	`, nil)
	a := circle(p['k'].X, p['k'].Y, 0.4)
	r := w.LOS(a, a, atiiTerrain, LOSOptions{})
	if r.Verdict != LOSCover || len(r.TargetIn) != 1 || len(r.ObserverIn) != 1 {
		t.Errorf("%v %q target in %v observer in %v", r.Verdict, r.Reason(), r.TargetIn, r.ObserverIn)
	}
}

// The shared fan trace agrees exactly with per-line traces when terrain
// points lie on the sight lines, within Eps of them or just beyond, where
// deciding a point once for every line would go wrong first.
func TestLOSFanMatchesPerLineOnTheLines(t *testing.T) {
	r := rng(31)
	for trial := 0; trial < 300; trial++ {
		obs := circle(r.float(10, 50), r.float(10, 110), r.float(0.5, 3))
		tgt := circle(r.float(100, 170), r.float(10, 110), r.float(0.5, 3))
		if trial%3 == 1 {
			tgt.Foot = Footprint{Shape: Rect, W: r.float(1, 5), H: r.float(1, 8)}
			tgt.Facing = r.float(0, 360)
		}
		// The sight lines' ends, from a check on an empty table.
		empty, err := New(Table{W: 180, H: 120}, nil)
		if err != nil {
			t.Fatal(err)
		}
		lines := empty.LOS(obs, tgt, atiiTerrain, LOSOptions{}).Lines
		var fs []Feature
		for i := 0; i < 6; i++ {
			k := int(r.next() % uint64(len(lines)))
			if i%2 == 0 { // the fan's edge lines are where its shortcut is decided
				k = (len(lines) - 1) * (i / 2 % 2)
			}
			a, b := lines[k].From, lines[k].To
			at := a.Lerp(b, r.float(0.2, 0.9))
			side := Vec{-(b.Y - a.Y), b.X - a.X}.Scale(1 / a.Dist(b))
			off := []float64{0, Eps / 2, Eps, 2 * Eps, 1e-4}[r.next()%5]
			p0 := at.Add(side.Scale(off))
			u := b.Sub(a).Scale(r.float(0.02, 0.08))
			p1 := p0.Add(u).Add(side.Scale(r.float(-4, 4)))
			if trial%2 == 0 { // an edge along the line (or beside it)
				p1 = p0.Add(u).Add(side.Scale(off * r.float(0.5, 1.5)))
			}
			poly := []Vec{p0, p1, p0.Add(u.Scale(2)).Add(side.Scale(r.float(2, 6))), p0.Add(side.Scale(r.float(1, 5)))}
			if ValidatePolygon(poly) != nil {
				continue
			}
			fs = append(fs, Feature{ID: fmt.Sprint(i), Kind: Woods, Poly: poly})
		}
		w, err := New(Table{W: 180, H: 120}, fs)
		if err != nil {
			continue
		}
		fan, single := w.NewLOSContext(), w.NewLOSContext()
		single.noFan = true
		a := fan.LOS(obs, tgt, atiiTerrain, LOSOptions{})
		b := single.LOS(obs, tgt, atiiTerrain, LOSOptions{})
		if fmt.Sprint(a.Lines) != fmt.Sprint(b.Lines) {
			t.Fatalf("trial %d:\nfan      %+v\nper line %+v", trial, a.Lines, b.Lines)
		}
	}
}
