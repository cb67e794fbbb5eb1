package e40k

import "sort"

// Exact odds by levels: when every target unit is destroyed by one die
// that can hurt it (no war engine, no unit with more than 1 DC) and the
// volley is allocated in one step, what Allocate destroys is a maximum
// matching between the units given a die and the dice that can hurt them:
// it gives dice to the n closest units (n the number of dice), then the
// lowest armour first takes the least useful die that hurts it, which
// for thresholds (a die hurts every unit whose armour its face reaches)
// is the greedy that matches the most units. By Hall's theorem such a
// matching leaves unmatched the largest shortfall, over the armour
// levels, of the dice reaching a level against the units at that level
// or above (zero at least). The odds then need only how many dice fall on
// each level, a multinomial drawn level by level from the highest as
// binomials, and the largest shortfall so far: a small dynamic programme
// instead of every way the dice fall.

// levelOddsApply reports whether levelDestroyed gives what OddsOf's
// enumeration gives: no war engine and no unit with 2 DC or more among
// the targets, and one allocation step (REM-MIX-1 allocates the shots of
// super-heavy weapons other than anti-tank after the rest).
func levelOddsApply(v Volley, o Options) bool {
	if v.Dice < 0 {
		return false
	}
	for i := range v.Targets {
		if v.Targets[i].WarEngine || v.Targets[i].DC > 1 {
			return false
		}
	}
	if o.MixedFire {
		for _, w := range v.Weapons {
			if w.Kind != ShotAntiTank && ShotsOf(w) > 0 {
				return false
			}
		}
	}
	return true
}

// levelGroup is a set of dice that fall alike: pf[e] is the chance that
// one shows the effective face e (1..6): a die hurts a unit when e
// reaches the unit's armour score (dieTarget).
type levelGroup struct {
	n  int
	pf [7]float64
}

// levelDestroyed returns the chances of 0..len(v.Targets) units destroyed
// (levelOddsApply must hold; lowest is the targets' lowest armour).
func levelDestroyed(v Volley, o Options, lowest int) []float64 {
	u := len(v.Targets)
	dw := make([]float64, u+1)
	low := dieTarget(lowest)
	// Group 0: the attack dice that hit, each face from the lowest armour
	// up equally likely; the super-heavy shots by the score they need
	// (anti-tank and others alike: against units of 1 DC a shot hurts or
	// not).
	groups := []levelGroup{{}}
	for e := low; e <= 6; e++ {
		groups[0].pf[e] = 1 / float64(7-low)
	}
	shots := 0
	byNeed := map[int]int{}
	for _, w := range v.Weapons {
		n := ShotsOf(w)
		if n <= 0 {
			continue
		}
		shots += n
		need := ShotNeed(w, o)
		g, ok := byNeed[need]
		if !ok {
			g = len(groups)
			byNeed[need] = g
			var lg levelGroup
			if need > 0 {
				// It hurts every unit or none.
				nt := dieTarget(need)
				lg.pf[6] = float64(7-nt) / 6
				lg.pf[1] = float64(nt-1) / 6
			} else {
				for e := 1; e <= 6; e++ {
					lg.pf[e] = 1.0 / 6
				}
			}
			groups = append(groups, lg)
		}
		groups[g].n += n
	}
	// Closest first, as the allocator orders them.
	order := make([]int, u)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool { return v.Targets[order[x]].Dist < v.Targets[order[y]].Dist })
	hits := v.attackHits(lowest)
	// With h hits and the shots, the closest min(h+shots, u) units take a
	// die each. From h0 hits on every unit does: those cases share one
	// programme, its attack dice drawn whole (a miss below every level)
	// and its outcomes with more than v.Dice-h0 misses left out.
	h0 := max(0, u-shots)
	var dp levelDP
	for h := 0; h <= v.Dice && h < h0; h++ {
		groups[0].n = h
		dp.run(groups, hits.P(h), -1, v.Targets, order[:h+shots], dw)
	}
	if v.Dice >= h0 {
		groups[0].n = v.Dice
		groups[0].pf = [7]float64{}
		for e := 1; e <= 6; e++ {
			groups[0].pf[e] = attackFaceWeight(e, low, v.Reroll) / 6
		}
		dp.run(groups, 1, v.Dice-h0, v.Targets, order, dw)
	}
	return dw
}

// levelDP holds the programme's scratch space between runs.
type levelDP struct {
	cur, next []float64
	tab       []float64
}

// run adds to dw[m], with weight w, the chance of m units matched when the
// units sel of ts each take a die and the groups' dice fall; maxLeft0,
// when 0 or more, drops the outcomes where more of group 0's dice fall
// below every level.
func (dp *levelDP) run(groups []levelGroup, w float64, maxLeft0 int, ts []Target, sel []int, dw []float64) {
	s := len(sel)
	if s == 0 {
		dw[0] += w
		return
	}
	// The armour levels of the selected units, lowest first, and how many
	// units have each.
	var lv [7]int
	for _, i := range sel {
		lv[dieTarget(ts[i].Armour)]++
	}
	var levels, units []int
	for a := 2; a <= 6; a++ {
		if lv[a] > 0 {
			levels = append(levels, a)
			units = append(units, lv[a])
		}
	}
	k := len(levels)
	// Per group and level, the chance of a die on that level and of one
	// below every level.
	pl := make([][]float64, len(groups))
	pnone := make([]float64, len(groups))
	for g := range groups {
		pl[g] = make([]float64, k)
		for e := 1; e <= 6; e++ {
			l := -1
			for j, a := range levels {
				if e >= a {
					l = j
				}
			}
			if l < 0 {
				pnone[g] += groups[g].pf[e]
			} else {
				pl[g][l] += groups[g].pf[e]
			}
		}
	}
	// State index: the dice left per group (group 0 slowest), then the
	// largest shortfall so far (0..s).
	side := s + 1
	strides := make([]int, len(groups))
	size := side
	total := 0
	for g := len(groups) - 1; g >= 0; g-- {
		strides[g] = size
		size *= groups[g].n + 1
		total += groups[g].n
	}
	dp.cur = resize(dp.cur, size)
	dp.next = resize(dp.next, size)
	start := 0
	for g := range groups {
		start += groups[g].n * strides[g]
	}
	dp.cur[start] = w
	above := 0 // units at this level or above
	for l := k - 1; l >= 0; l-- {
		above += units[l]
		// Each group's dice that fall on this level.
		for g := range groups {
			n := groups[g].n
			rest := pnone[g]
			for j := 0; j <= l; j++ {
				rest += pl[g][j]
			}
			q := 0.0
			if rest > 0 {
				q = pl[g][l] / rest
			}
			if q == 0 || n == 0 {
				continue
			}
			tab := dp.binomials(n, q)
			clear(dp.next)
			st, dim := strides[g], n+1
			for idx, p := range dp.cur {
				if p == 0 {
					continue
				}
				r := (idx / st) % dim
				row := tab[r*dim : r*dim+r+1]
				for d, pd := range row {
					if pd != 0 {
						dp.next[idx-d*st] += p * pd
					}
				}
			}
			dp.cur, dp.next = dp.next, dp.cur
		}
		// The shortfall at this level: units at it or above less the dice
		// that reach it.
		clear(dp.next)
		for idx, p := range dp.cur {
			if p == 0 {
				continue
			}
			left := 0
			for g := range groups {
				left += (idx / strides[g]) % (groups[g].n + 1)
			}
			m := idx % side
			short := min(max(m, above-(total-left)), s)
			dp.next[idx-m+short] += p
		}
		dp.cur, dp.next = dp.next, dp.cur
	}
	for idx, p := range dp.cur {
		if p == 0 {
			continue
		}
		if maxLeft0 >= 0 && idx/strides[0] > maxLeft0 {
			continue
		}
		dw[s-idx%side] += p
	}
}

// binomials fills a table of the binomial chances: entry r*(n+1)+d is
// the chance of d successes in r trials of chance q (r, d <= n).
func (dp *levelDP) binomials(n int, q float64) []float64 {
	w := n + 1
	dp.tab = resize(dp.tab, w*w)
	t := dp.tab
	clear(t)
	t[0] = 1
	for r := 1; r <= n; r++ {
		prev, row := t[(r-1)*w:], t[r*w:]
		row[0] = prev[0] * (1 - q)
		for d := 1; d <= r; d++ {
			row[d] = prev[d]*(1-q) + prev[d-1]*q
		}
	}
	return t
}

// resize returns a zeroed slice of n floats, reusing b's space.
func resize(b []float64, n int) []float64 {
	if cap(b) < n {
		return make([]float64, n)
	}
	b = b[:n]
	clear(b)
	return b
}
