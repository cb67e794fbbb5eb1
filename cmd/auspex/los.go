package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/world"
)

// cmdLOS prints the line of sight between two units or points of a
// scenario: the verdict (clear, cover, blocked) with its reason, the
// visible fraction of the target, and every terrain feature the sight lines
// cross with what it did, using the scenario system's terrain table
// (assets/terrain.yaml) and world's LOS query, the same one the rules use.
// Usage: auspex los FILE FROM TO.
func cmdLOS(args []string, stdout, stderr io.Writer) int {
	if len(args) != 3 {
		fmt.Fprintln(stderr, "usage: auspex los FILE FROM TO   (FROM, TO: unit ids or x,y points in cm; FILE may be bundled:NAME)")
		return 2
	}
	s, ok := openScenario("los", args[0], stderr)
	if !ok {
		return 1
	}
	from, err := endpoint(s, args[1])
	if err != nil {
		fmt.Fprintf(stderr, "auspex los: %v\n", err)
		return 1
	}
	to, err := endpoint(s, args[2])
	if err != nil {
		fmt.Fprintf(stderr, "auspex los: %v\n", err)
		return 1
	}
	rules, err := assets.LoadTerrainRules(string(s.System))
	if err != nil {
		fmt.Fprintf(stderr, "auspex los: %v\n", err)
		return 1
	}
	r := s.World.LOS(endBase(from), endBase(to), rules, world.LOSOptions{})
	fmt.Fprintf(stdout, "%s -> %s: %s\n", from.label, to.label, r.Verdict)
	fmt.Fprintf(stdout, "why: %s\n", r.Reason())
	fmt.Fprintf(stdout, "visible: %.0f%% unobscured, %.0f%% seen at all (exact shares of the target's silhouette; %d sample lines drawn)\n", 100*r.Visible, 100*r.Seen, len(r.Lines))
	if len(r.Features) == 0 {
		fmt.Fprintln(stdout, "crosses no terrain")
		return 0
	}
	fmt.Fprintln(stdout, "terrain crossed:")
	for _, h := range r.Features {
		f := &s.World.Features[h.Feature]
		var what []string
		if h.Blocked > 0 {
			what = append(what, fmt.Sprintf("blocks %d", h.Blocked))
		}
		if h.Obscured > 0 {
			what = append(what, fmt.Sprintf("obscures %d", h.Obscured))
		}
		effect := "no effect on sight"
		if e, ok := rules[f.Kind]; ok && (e.BlocksLOS || e.Cover) && behindBlock(r, h.Feature) {
			// Sight stops at the first feature that blocks a line, so one
			// lying behind it on every line is not what hid the target.
			effect = "behind terrain that already blocks every line through it (would also block or hide)"
		}
		if len(what) > 0 {
			effect = strings.Join(what, ", ") + fmt.Sprintf(" of the %d sight lines (%d cross it, up to %.1f cm deep)", len(r.Lines), h.Lines, h.MaxDepth)
		}
		if h.Hidden > 0.0005 {
			effect += fmt.Sprintf("; hides %.0f%% of the target", 100*h.Hidden)
		}
		inside := ""
		for _, i := range r.TargetIn {
			if i == h.Feature {
				inside = "; target inside"
			}
		}
		for _, i := range r.ObserverIn {
			if i == h.Feature {
				inside += "; observer inside"
			}
		}
		fmt.Fprintf(stdout, "  %s (%s, id %s): %s%s\n", f.Label(), f.Kind, f.ID, effect, inside)
	}
	return 0
}

// behindBlock reports whether every sight line crossing feature f was
// stopped by another feature before reaching it.
func behindBlock(r world.LOSResult, f int) bool {
	crossed := false
	for _, ln := range r.Lines {
		for _, c := range ln.Crossings {
			if c.Feature != f {
				continue
			}
			crossed = true
			if !ln.Blocked || ln.BlockedBy == f || ln.BlockedBy < 0 {
				return false
			}
		}
	}
	return crossed
}

// endBase is the base an end stands for: a unit's base, or a point.
func endBase(e end) world.Base {
	if e.base != nil {
		return *e.base
	}
	return world.PointBase(e.point)
}
