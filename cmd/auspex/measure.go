package main

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

// cmdMeasure prints the edge-to-edge distance between two units (or a unit
// and a point, or two points) of a scenario, in cm, with the closest points
// the distance was taken between. Usage: auspex measure FILE A B, where A
// and B are unit ids or "x,y" points in cm.
func cmdMeasure(args []string, stdout, stderr io.Writer) int {
	if len(args) != 3 {
		fmt.Fprintln(stderr, "usage: auspex measure FILE A B   (A, B: unit ids or x,y points in cm; FILE may be bundled:NAME)")
		return 2
	}
	s, ok := openScenario("measure", args[0], stderr)
	if !ok {
		return 1
	}
	a, err := endpoint(s, args[1])
	if err != nil {
		fmt.Fprintf(stderr, "auspex measure: %v\n", err)
		return 1
	}
	b, err := endpoint(s, args[2])
	if err != nil {
		fmt.Fprintf(stderr, "auspex measure: %v\n", err)
		return 1
	}
	m := measureEnds(a, b)
	fmt.Fprintf(stdout, "%s -> %s: %.2f cm edge to edge\n", a.label, b.label, m.Dist)
	fmt.Fprintf(stdout, "closest points: (%.2f, %.2f) -> (%.2f, %.2f)\n", m.FromPt.X, m.FromPt.Y, m.ToPt.X, m.ToPt.Y)
	if a.base != nil && b.base != nil && m.Dist <= world.Eps {
		fmt.Fprintln(stdout, "the bases touch or overlap (base contact)")
	}
	return 0
}

// end is one end of a measurement or sight line: a unit's base or a point.
type end struct {
	label string
	base  *world.Base
	point world.Vec
}

// endpoint resolves a unit id or an "x,y" point on the scenario's table.
func endpoint(s *scenarios.Scenario, arg string) (end, error) {
	if u := s.Unit(arg); u != nil {
		if !u.Placed {
			return end{}, fmt.Errorf("unit %q has no position yet (it deploys in play)", arg)
		}
		b := u.Base()
		return end{label: arg, base: &b, point: b.Pos}, nil
	}
	if x, y, found := strings.Cut(arg, ","); found {
		px, err1 := strconv.ParseFloat(strings.TrimSpace(x), 64)
		py, err2 := strconv.ParseFloat(strings.TrimSpace(y), 64)
		if err1 != nil || err2 != nil || math.IsNaN(px) || math.IsNaN(py) || math.IsInf(px, 0) || math.IsInf(py, 0) {
			return end{}, fmt.Errorf("%q is not a point: write x,y in cm, e.g. 30,45.5", arg)
		}
		p := world.Vec{X: px, Y: py}
		if !s.Table.Contains(p) {
			return end{}, fmt.Errorf("point (%g, %g) is off the %gx%g cm table", px, py, s.Table.W, s.Table.H)
		}
		return end{label: fmt.Sprintf("(%g, %g)", px, py), point: p}, nil
	}
	var ids []string
	for _, u := range s.Units() {
		ids = append(ids, u.ID)
	}
	msg := fmt.Sprintf("%q is neither a unit id of %s nor an x,y point", arg, s.File)
	if len(ids) > 0 && len(ids) <= 12 {
		msg += " (units: " + strings.Join(ids, ", ") + ")"
	}
	return end{}, fmt.Errorf("%s", msg)
}

// measureEnds is the edge-to-edge measurement between two ends.
func measureEnds(a, b end) world.Measurement {
	switch {
	case a.base != nil && b.base != nil:
		return world.Measure(*a.base, *b.base)
	case a.base != nil:
		return world.MeasurePoint(*a.base, b.point)
	case b.base != nil:
		m := world.MeasurePoint(*b.base, a.point)
		return world.Measurement{Dist: m.Dist, FromPt: m.ToPt, ToPt: m.FromPt}
	}
	return world.Measurement{Dist: a.point.Dist(b.point), FromPt: a.point, ToPt: b.point}
}
