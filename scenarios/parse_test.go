package scenarios

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/auspex/auspex/world"
)

// mini is a small valid E40K scenario the error cases below mutate.
const mini = `format: 1
name: Mini
system: e40k
table: {width: 60, height: 40}
terrain:
  - {id: wood, kind: woods, polygon: [[10, 10], [20, 10], [15, 20]]}
zones:
  - {id: nz, area: {band: {edge: north, depth: 10}}}
objectives:
  - {id: obj, position: {x: 30, y: 20}}
sides:
  - id: red
    name: Red
    colour: "#ff0000"
    zone: nz
    army:
      - id: f1
        units:
          - {id: u1, type: e40k-rhino, position: {x: 30, y: 5}, facing: 90}
          - {id: u2, type: e40k-rhino, position: {x: 30, y: 10}}
  - id: blue
    name: Blue
    colour: "#0000ff"
    army:
      - id: f2
        units:
          - {id: u3, type: e40k-tactical-marines, position: [30, 35]}
victory:
  - {side: red, when: {destroy-all: blue}}
`

func TestParseMini(t *testing.T) {
	s, err := Parse("mini.yaml", []byte(mini), testCatalogue(t))
	if err != nil {
		t.Fatalf("mini scenario should parse:\n%v", err)
	}
	if s.Table.W != 60 || s.Table.H != 40 || len(s.Sides) != 2 || len(s.Units()) != 3 {
		t.Fatalf("decoded wrongly: table %+v, %d sides, %d units", s.Table, len(s.Sides), len(s.Units()))
	}
	u1 := s.Unit("u1")
	if u1 == nil || u1.Pos != (world.Vec{X: 30, Y: 5}) || u1.Facing != 90 || u1.Side != "red" || u1.Formation != "f1" {
		t.Fatalf("u1 = %+v", u1)
	}
	if b := u1.Base(); b.Foot.Shape != world.Rect || b.Foot.W != 2.5 || b.Foot.H != 4 {
		t.Errorf("u1 base from the catalogue: %+v", b.Foot)
	}
	if s.Unit("u3").Pos != (world.Vec{X: 30, Y: 35}) {
		t.Errorf("[x, y] point form: %+v", s.Unit("u3").Pos)
	}
	if got := s.Side("red").Colour; got.R != 255 || got.G != 0 || got.A != 255 {
		t.Errorf("colour = %+v", got)
	}
	if !s.Zone("nz").Area.Contains(world.Vec{X: 5, Y: 9}) || s.Zone("nz").Area.Contains(world.Vec{X: 5, Y: 11}) {
		t.Errorf("north band of depth 10 wrong")
	}
	if len(s.Bases()) != 3 || s.World == nil || len(s.World.Features) != 1 {
		t.Errorf("bases %d, world %v", len(s.Bases()), s.World)
	}
	if string(s.Source) != mini {
		t.Errorf("Source not kept")
	}
	if v := s.Victory[0]; v.When.Kind != "destroy-all" || v.When.Side != "blue" || v.Result != "victory" {
		t.Errorf("victory = %+v %+v", v, v.When)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		name, from, to string
		want           []string
	}{
		{"unknown key suggestion", "name: Mini\n", "name: Mini\nsytem: e40k\n", []string{`mini.yaml:3:1: scenario: unknown key "sytem" (did you mean "system"?)`}},
		{"format version", "format: 1", "format: 2", []string{"mini.yaml:1:9: format: this version of Auspex reads format 1, the file says 2"}},
		{"missing name", "name: Mini\n", "", []string{`mini.yaml:1:1: scenario: missing required key "name"`}},
		{"wrong type", "width: 60", "width: wide", []string{`mini.yaml:4:16: table width: expected a number, got "wide"`}},
		{"bad colour", `"#ff0000"`, `"red"`, []string{`mini.yaml:14:13: side "red" colour: expected #rrggbb`}},
		{"unknown unit type", "type: e40k-rhino, position: {x: 30, y: 5}", "type: e40k-rhyno, position: {x: 30, y: 5}",
			[]string{`mini.yaml:19:28: unit "u1" type: unknown unit type "e40k-rhyno" (did you mean "e40k-rhino"?)`}},
		{"wrong system unit", "type: e40k-tactical-marines", "type: ea-tactical-marines", []string{`"ea-tactical-marines" is a ea unit; this scenario's system is e40k`}},
		{"dangling zone", "zone: nz", "zone: nx", []string{`mini.yaml:15:11: side "red" zone: no zone with id "nx" (did you mean "nz"?)`}},
		{"dangling victory side", "destroy-all: blue", "destroy-all: bleu", []string{`victory 1 when destroy-all: no side with id "bleu" (did you mean "blue"?)`}},
		{"reference of wrong kind", "destroy-all: blue", "destroy-all: obj", []string{`"obj" is a objective, expected a side id`}},
		{"unknown trigger", "{destroy-all: blue}", "{destroy-al: blue}", []string{`unknown trigger "destroy-al" (did you mean "destroy-all"?)`}},
		{"off table", "position: {x: 30, y: 5}", "position: {x: 59, y: 5}", []string{`mini.yaml:19:13: unit "u1" at (59, 5): its base is not wholly on the 60x40 cm table`}},
		{"overlap", "position: {x: 30, y: 10}", "position: {x: 31, y: 7}", []string{`mini.yaml:20:13: unit "u2" overlaps unit "u1" (line 19)`}},
		{"duplicate id", "id: u2", "id: u1", []string{`mini.yaml:20:18: unit id "u1" is already used by a unit at line 19`}},
		{"duplicate id across kinds", "id: f2", "id: obj", []string{`formation id "obj" is already used by a objective at line 10`}},
		{"bad polygon", "[[10, 10], [20, 10], [15, 20]]", "[[10, 10], [20, 10], [20, 20], [10, 10]]", []string{"mini.yaml:6:38: terrain \"wood\" polygon: invalid polygon: points 4 and 1 are the same"}},
		{"self-crossing polygon", "[[10, 10], [20, 10], [15, 20]]", "[[10, 10], [40, 20], [40, 10], [10, 25]]", []string{"polygon edges 1 and 3 cross"}},
		{"terrain off table", "[[10, 10], [20, 10], [15, 20]]", "[[10, 10], [70, 10], [15, 20]]", []string{`mini.yaml:6:38: terrain "wood": outline point 2 (70, 10) is off the 60x40 cm table`}},
		{"unknown kind", "kind: woods", "kind: wood", []string{`terrain "wood" kind: "wood" is not one of`, `(did you mean "woods"?)`}},
		{"two shapes", "polygon: [[10, 10], [20, 10], [15, 20]]", "polygon: [[10, 10], [20, 10], [15, 20]], circle: {x: 1, y: 1, radius: 1}", []string{"give only one of polygon, rect or circle"}},
		{"loadout on a vehicle", "position: {x: 30, y: 5}, facing: 90", "position: {x: 30, y: 5}, facing: 90, loadout: {arm: x}", []string{`unit "u1" loadout: a Rhino has no weapon mounts`}},
		{"int id", "id: u3", "id: 3", []string{"unit id: expected text, got the number 3 (put it in quotes to make it text)"}},
		{"missing position", "{id: u3, type: e40k-tactical-marines, position: [30, 35]}", "{id: u3, type: e40k-tactical-marines}", []string{`unit "u3": missing required key "position" (deployment is pre-placed)`}},
		{"mission outside atii", "victory:", "mission: {secret: true}\nvictory:", []string{"mission: the secret objective mission set-up is an ATII rule"}},
		{"syntax", "name: Mini", "name: [Mini", []string{"mini.yaml:"}},
		{"turn after the limit", "victory:\n  - {side: red, when: {destroy-all: blue}}", "turn_limit: 4\nvictory:\n  - {side: red, when: {any: [{destroy-all: blue}, {turn: 5}]}}", []string{"mini.yaml:30:51: trigger turn 5 can never hold: the game ends after turn 4"}},
		{"deploy in play without a zone", "u3, type: e40k-tactical-marines, position: [30, 35]}\n", "u3, type: e40k-tactical-marines}\ndeployment: deploy-in-zone\n", []string{`side "blue": unit "u3" deploys in play`}},
	}
	cat := testCatalogue(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(mini, c.from) {
				t.Fatalf("test bug: %q not in mini", c.from)
			}
			src := strings.Replace(mini, c.from, c.to, 1)
			_, err := Parse("mini.yaml", []byte(src), cat)
			if err == nil {
				t.Fatalf("expected an error")
			}
			var es Errors
			if !errors.As(err, &es) || len(es) == 0 {
				t.Fatalf("error %T is not Errors", err)
			}
			for _, e := range es {
				if e.File != "mini.yaml" {
					t.Errorf("error without file: %+v", e)
				}
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("missing %q in:\n%v", w, err)
				}
			}
		})
	}
}

// TestParseReportsAllErrors: several independent mistakes are all reported,
// in file order.
func TestParseReportsAllErrors(t *testing.T) {
	src := strings.NewReplacer(`"#ff0000"`, `"#ff00"`, "zone: nz", "zone: zz", "kind: woods", "kind: trees", "facing: 90", "facing: east").Replace(mini)
	_, err := Parse("mini.yaml", []byte(src), testCatalogue(t))
	es, _ := err.(Errors)
	if len(es) != 4 {
		t.Fatalf("want 4 errors, got %d:\n%v", len(es), err)
	}
	for i := 1; i < len(es); i++ {
		if es[i].Line < es[i-1].Line {
			t.Errorf("errors not in line order:\n%v", err)
		}
	}
}

func TestTitanLoadout(t *testing.T) {
	cat := testCatalogue(t)
	src, err := BundledSource("titan-duel")
	if err != nil {
		t.Fatal(err)
	}
	s, err := Parse("duel.yaml", src, cat)
	if err != nil {
		t.Fatal(err)
	}
	r := s.Unit("red-reaver")
	if r.Loadout["carapace"] != "turbo-lasers" || len(r.Loadout) != len(r.Profile.MountSlots()) {
		t.Errorf("loadout = %v", r.Loadout)
	}
	// A Reaver's carapace may not carry a close combat weapon (ATII Reaver sheet).
	bad := strings.Replace(string(src), "carapace: turbo-lasers", "carapace: chainfist", 1)
	_, err = Parse("duel.yaml", []byte(bad), cat)
	if err == nil || !strings.Contains(err.Error(), "loadout carapace:") {
		t.Fatalf("chainfist on a carapace accepted: %v", err)
	}
	// The Warhound may not carry a gatling blaster at all.
	bad = strings.Replace(string(src), "type: reaver", "type: warhound", 1)
	bad = strings.Replace(bad, "              carapace: turbo-lasers\n", "", 1)
	_, err = Parse("duel.yaml", []byte(bad), cat)
	if err == nil || !strings.Contains(err.Error(), "Gatling") {
		t.Fatalf("gatling blaster on a warhound accepted: %v", err)
	}
	unknownMount := strings.Replace(string(src), "carapace: turbo-lasers", "carapice: turbo-lasers", 1)
	_, err = Parse("duel.yaml", []byte(unknownMount), cat)
	if err == nil || !strings.Contains(err.Error(), `unknown key "carapice" (did you mean "carapace"?)`) {
		t.Fatalf("unknown mount: %v", err)
	}
}

func TestHostileInput(t *testing.T) {
	cat := testCatalogue(t)
	bomb := "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	prev := "a"
	for i := 0; i < 8; i++ {
		name := string(rune('b' + i))
		bomb += name + ": &" + name + " [*" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + "]\n"
		prev = name
	}
	_, err := Parse("bomb.yaml", []byte(bomb), cat)
	if err == nil || !strings.Contains(err.Error(), "alias") {
		t.Fatalf("alias bomb: %v", err)
	}
	deep := strings.Repeat("[", 200) + strings.Repeat("]", 200)
	if _, err := Parse("deep.yaml", []byte(deep), cat); err == nil {
		t.Fatalf("deep nesting accepted")
	}
	big := make([]byte, MaxFileSize+1)
	if _, err := Parse("big.yaml", big, cat); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Fatalf("oversize: %v", err)
	}
	for _, src := range []string{"", "---\n", "[]", "format: 1", "a: *b", "{format: 1, name: x, system: atii, table: {width: 1e309, height: 5}, sides: []}"} {
		if _, err := Parse("x.yaml", []byte(src), cat); err == nil {
			t.Errorf("%q accepted", src)
		}
	}
	if _, err := Parse("x.yaml", []byte(mini), nil); err == nil {
		t.Errorf("nil catalogue accepted")
	}
}

func TestMapFor(t *testing.T) {
	cases := map[[2]string]string{
		{"mobile", "mobile"}: "A", {"mobile", "static"}: "B", {"static", "mobile"}: "B", {"mobile", "divided"}: "C",
		{"static", "static"}: "D", {"divided", "static"}: "E", {"divided", "divided"}: "F", {"x", "static"}: "",
	}
	for in, want := range cases {
		if got := MapFor(in[0], in[1]); got != want {
			t.Errorf("MapFor(%s, %s) = %q, want %q", in[0], in[1], got, want)
		}
	}
}

// TestATIIMapsMatchPairing: each ATII map stand-in's mission objectives
// select its own letter through the mission generator's table.
func TestATIIMapsMatchPairing(t *testing.T) {
	cat := testCatalogue(t)
	for _, l := range "abcdef" {
		s, err := LoadBundled("atii-map-"+string(l), cat)
		if err != nil {
			t.Fatal(err)
		}
		m := s.Mission
		got := MapFor(m.Objectives["red"], m.Objectives["blue"])
		if !strings.EqualFold(got, string(l)) {
			t.Errorf("map %c: objectives %v select map %q", l, m.Objectives, got)
		}
		if !strings.Contains(s.Description, "Stand-in") || s.Deployment != DeployInZone {
			t.Errorf("map %c: must say it is a stand-in and deploy in zones", l)
		}
		for _, z := range s.Zones {
			if z.Area.Area() < 1000 {
				t.Errorf("map %c zone %s is tiny: %.0f cm2", l, z.ID, z.Area.Area())
			}
		}
		a, b := s.Zone("red-zone").Area, s.Zone("blue-zone").Area
		for x := 0.5; x < s.Table.W; x += 3 {
			for y := 0.5; y < s.Table.H; y += 3 {
				p := world.Vec{X: x, Y: y}
				if a.Contains(p) && b.Contains(p) {
					t.Fatalf("map %c: zones overlap at %v", l, p)
				}
			}
		}
	}
}

func TestAreas(t *testing.T) {
	tab := world.Table{W: 100, H: 100}
	circle := &Area{Op: AreaCircle, Center: world.Vec{X: 50, Y: 50}, Radius: 20}
	hole := &Area{Op: AreaCircle, Center: world.Vec{X: 50, Y: 50}, Radius: 5}
	band := &Area{Op: AreaBand, Poly: rectPoly(0, 0, 100, 45, 0)}
	ring := &Area{Op: AreaDifference, Parts: []*Area{circle, hole}}
	if !ring.finish(tab) {
		t.Fatal("ring should be drawable")
	}
	want := math.Pi * (400 - 25)
	if got := ring.Area(); math.Abs(got-want)/want > 0.01 {
		t.Errorf("ring area %.1f, want %.1f", got, want)
	}
	for _, c := range []struct {
		p    world.Vec
		want bool
	}{{world.Vec{X: 50, Y: 50}, false}, {world.Vec{X: 60, Y: 50}, true}, {world.Vec{X: 75, Y: 50}, false}, {world.Vec{X: 55, Y: 50}, true}} {
		if got := ring.Contains(c.p); got != c.want {
			t.Errorf("ring contains %v = %v", c.p, got)
		}
	}
	// The ring's border is the two circles: no seams between its pieces.
	total := 0.0
	for _, seg := range ring.Outline() {
		r := seg[0].Lerp(seg[1], 0.5).Dist(world.Vec{X: 50, Y: 50})
		if math.Abs(r-20) > 0.05 && math.Abs(r-5) > 0.05 {
			t.Fatalf("outline segment %v is a seam (midpoint radius %.3f)", seg, r)
		}
		total += seg[0].Dist(seg[1])
	}
	perim := func(r float64) float64 { return float64(circleSegments) * 2 * r * math.Sin(math.Pi/circleSegments) }
	if want := perim(20) + perim(5); math.Abs(total-want) > 1e-6*want {
		t.Errorf("ring outline length %.4f, want %.4f", total, want)
	}
	inter := &Area{Op: AreaIntersection, Parts: []*Area{circle, band}}
	inter.finish(tab)
	if !inter.Contains(world.Vec{X: 50, Y: 40}) || inter.Contains(world.Vec{X: 50, Y: 60}) {
		t.Errorf("intersection contains wrong")
	}
	// The circle below y = 45 is the segment beyond a chord 5 cm from the centre.
	d := 5.0
	capArea := 400*math.Acos(d/20) - d*math.Sqrt(400-d*d)
	if got := capArea; math.Abs(inter.Area()-got)/got > 0.01 {
		t.Errorf("intersection area %.1f, want %.1f", inter.Area(), got)
	}
	union := &Area{Op: AreaUnion, Parts: []*Area{&Area{Op: AreaRect, Poly: rectPoly(0, 0, 10, 10, 0)}, &Area{Op: AreaRect, Poly: rectPoly(90, 90, 20, 20, 0)}}}
	union.finish(tab)
	if union.Area() != 200 {
		t.Errorf("union clipped to the table: area %v, want 200", union.Area())
	}
	if union.Contains(world.Vec{X: 105, Y: 105}) {
		t.Errorf("a point off the table is in no area")
	}
	// A non-convex subtracted polygon cannot be drawn.
	l := &Area{Op: AreaPolygon, Poly: []world.Vec{{X: 0, Y: 0}, {X: 20, Y: 0}, {X: 20, Y: 10}, {X: 10, Y: 10}, {X: 10, Y: 20}, {X: 0, Y: 20}}}
	bad := &Area{Op: AreaDifference, Parts: []*Area{circle, l}}
	if bad.finish(tab) {
		t.Errorf("non-convex subtrahend accepted")
	}
}

func TestOverlapGeometry(t *testing.T) {
	rect := world.Footprint{Shape: world.Rect, W: 4, H: 2}
	circ := world.Footprint{Shape: world.Circle, Radius: 2}
	cases := []struct {
		name string
		a, b world.Base
		want bool
	}{
		{"rects touching edge to edge", world.Base{Pos: world.Vec{X: 0, Y: 0}, Foot: rect}, world.Base{Pos: world.Vec{X: 4, Y: 0}, Foot: rect}, false},
		{"rects overlapping", world.Base{Pos: world.Vec{X: 0, Y: 0}, Foot: rect}, world.Base{Pos: world.Vec{X: 3.9, Y: 0}, Foot: rect}, true},
		{"rotated rect clear of corner", world.Base{Pos: world.Vec{X: 0, Y: 0}, Foot: rect}, world.Base{Pos: world.Vec{X: 4.5, Y: 2}, Facing: 45, Foot: rect}, false},
		{"rotated rect into corner", world.Base{Pos: world.Vec{X: 0, Y: 0}, Foot: rect}, world.Base{Pos: world.Vec{X: 3, Y: 1.5}, Facing: 45, Foot: rect}, true},
		{"circles touching", world.Base{Pos: world.Vec{X: 0, Y: 0}, Foot: circ}, world.Base{Pos: world.Vec{X: 4, Y: 0}, Foot: circ}, false},
		{"circles overlapping", world.Base{Pos: world.Vec{X: 0, Y: 0}, Foot: circ}, world.Base{Pos: world.Vec{X: 3.9, Y: 0}, Foot: circ}, true},
		{"circle near rect corner", world.Base{Pos: world.Vec{X: 0, Y: 0}, Foot: rect}, world.Base{Pos: world.Vec{X: 3.5, Y: 2.5}, Foot: circ}, false},
		{"circle on rect side", world.Base{Pos: world.Vec{X: 0, Y: 0}, Foot: rect}, world.Base{Pos: world.Vec{X: 0, Y: 2.9}, Foot: circ}, true},
	}
	for _, c := range cases {
		if got := basesOverlap(c.a, c.b); got != c.want {
			t.Errorf("%s: overlap = %v, want %v", c.name, got, c.want)
		}
		if got := basesOverlap(c.b, c.a); got != c.want {
			t.Errorf("%s (swapped): overlap = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestDeployInZone(t *testing.T) {
	cat := testCatalogue(t)
	src := strings.NewReplacer("position: {x: 30, y: 10}", "position: {x: 30, y: 25}", "victory:", "deployment: deploy-in-zone\nvictory:").Replace(mini)
	_, err := Parse("mini.yaml", []byte(src), cat)
	if err == nil || !strings.Contains(err.Error(), `mini.yaml:20:13: unit "u2" at (30, 25) is outside its side's deployment zone "nz"`) {
		t.Fatalf("got %v", err)
	}
	// Unplaced units are fine when their side has a zone.
	src = strings.NewReplacer(", position: {x: 30, y: 10}", "", "victory:", "deployment: deploy-in-zone\nvictory:").Replace(mini)
	s, err := Parse("mini.yaml", []byte(src), cat)
	if err != nil {
		t.Fatal(err)
	}
	if s.Unit("u2").Placed || len(s.Bases()) != 2 {
		t.Errorf("u2 should be unplaced and left out of Bases")
	}
}
