package world

import "math"

// Hit is one candidate found by a spatial query: its index in the
// candidates slice and its edge-to-edge distance from the query base.
type Hit struct {
	Index int
	Dist  float64
}

// Nearest returns the index of the candidate whose footprint is closest to
// from's (edge to edge) and that distance. Ties go to the lowest index. With
// no candidates it returns -1 and +Inf. Candidates with the same ID as from
// are skipped, so a unit's own base can stay in the list.
func Nearest(from Base, candidates []Base) (idx int, dist float64) {
	idx, dist = -1, math.Inf(1)
	ff := from.frame()
	for i := range candidates {
		c := &candidates[i]
		if from.ID != "" && c.ID == from.ID {
			continue
		}
		// The centres' distance less both bounding radii is a lower bound:
		// skip the exact test when even that is no better.
		if c.Pos.Dist(from.Pos)-c.Foot.BoundRadius()-from.Foot.BoundRadius() >= dist {
			continue
		}
		fc := c.frame()
		if d := frameDist(&ff, &fc); d < dist {
			idx, dist = i, d
		}
	}
	return idx, dist
}

// Within returns, in candidate order, the indexes of candidates whose
// footprints are within radius cm of from's, edge to edge (a distance of
// exactly radius counts, within Eps). Candidates with from's ID are skipped.
func Within(from Base, candidates []Base, radius float64) []int {
	var out []int
	ff := from.frame()
	for i := range candidates {
		c := &candidates[i]
		if from.ID != "" && c.ID == from.ID {
			continue
		}
		if c.Pos.Dist(from.Pos)-c.Foot.BoundRadius()-from.Foot.BoundRadius() > radius+Eps {
			continue
		}
		fc := c.frame()
		if frameDist(&ff, &fc) <= radius+Eps {
			out = append(out, i)
		}
	}
	return out
}

// InArc returns the candidates any part of whose footprint is inside arc
// of from (see Arc.ContainsBase) and within maxRange cm edge to edge
// (maxRange <= 0: any range), nearest first (ties by index), with their
// distances. Candidates with from's ID are skipped.
func InArc(from Base, arc Arc, candidates []Base, maxRange float64) []Hit {
	var out []Hit
	ff := from.frame()
	for i := range candidates {
		c := &candidates[i]
		if from.ID != "" && c.ID == from.ID {
			continue
		}
		fc := c.frame()
		d := frameDist(&ff, &fc)
		if maxRange > 0 && d > maxRange+Eps {
			continue
		}
		if !arc.ContainsBase(from, *c) {
			continue
		}
		out = append(out, Hit{Index: i, Dist: d})
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && (out[j].Dist < out[j-1].Dist || (out[j].Dist == out[j-1].Dist && out[j].Index < out[j-1].Index)); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
