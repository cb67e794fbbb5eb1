package e40kui

import (
	"fmt"
	"sort"
	"strings"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// StandMove is one drafted stand move as the preview measures it.
type StandMove struct {
	Unit     string
	From, To world.Vec
	// Dist is the straight distance (cm); Allowance the stand's allowance
	// under its detachment's orders (its Speed in an assault move, twice
	// that for infantry ending in contact).
	Dist, Allowance float64
	// Terrain names the terrain crossed ("Pine wood (woods, dangerous)").
	Terrain []string
	// Doubled is set when Allowance is twice the stand's Speed: infantry
	// in an assault move, which may move so far only into contact.
	Doubled bool
	// Over is set when the move is longer than the allowance; Road when
	// the rules accept it anyway because the whole move is on road.
	Over, Road bool
	// Dangerous is set when the move enters or starts in terrain
	// dangerous for the stand's class: it takes the dangerous terrain
	// test (digest section 2: a 1 halts it, a second 1 is a hit).
	Dangerous bool
	// Limit, under REM-ASM-1 in an assault move, is how far the stand may
	// go toward its point before it would move away from the closest
	// uncontacted enemy (e40k.AssaultLimit); -1 otherwise.
	Limit float64
	// Contact, in an assault move, are the enemy stands the stand ends in
	// base contact with (a drag let go by an enemy base is put there,
	// contactSnap).
	Contact []string
}

// MovePreview is the drafted move of the selected detachment: each
// stand's measure, and the rules' verdict on the whole command (nil when
// legal).
type MovePreview struct {
	Detachment string
	Orders     string
	Assault    bool
	Stands     []StandMove
	// Err is the rules' refusal, Why its words for the player.
	Err error
	Why string
}

// PreviewMove measures the drafted moves (nil when nothing is drafted or
// the decision is not a move).
func (s *UI) PreviewMove() *MovePreview {
	if len(s.Moves) == 0 || !s.moving() {
		return nil
	}
	st := s.State()
	det := s.Detachment()
	f := st.Formation(det)
	mp := &MovePreview{Detachment: det, Assault: s.kind() == e40k.KindAssault}
	if f != nil {
		mp.Orders = f.Orders
	}
	w, terrain, _ := s.Sight()
	var enemies []world.Base
	var contacted []bool
	if mp.Assault && s.opts().AssaultMove {
		enemies, contacted = s.enemyBases(s.Decider())
	}
	for _, u := range s.members(det) {
		to, ok := s.Moves[u.ID]
		if !ok {
			continue
		}
		sm := StandMove{Unit: u.ID, From: u.Pos, To: to, Dist: u.Pos.Dist(to), Limit: -1}
		if enemies != nil {
			sm.Limit = e40k.AssaultLimit(s.Base(u), to, enemies, contacted)
		}
		if mp.Assault {
			sm.Contact = s.contacts(u, to)
		}
		if p, err := s.rs().Profile(st, u); err == nil {
			sm.Allowance = s.opts().Allowance(&p, mp.Orders, mp.Assault)
			if mp.Assault && p.Class == world.Infantry {
				sm.Allowance *= 2 // only when it ends in contact (the rules check)
				sm.Doubled = true
			}
			if w != nil {
				seen := map[int]bool{}
				for _, c := range w.Trace(u.Pos, to, nil) {
					if seen[c.Feature] {
						continue
					}
					seen[c.Feature] = true
					ft := &w.Features[c.Feature]
					tr := terrain[ft.Kind]
					txt := fmt.Sprintf("%s (%s", ft.Label(), ft.Kind)
					if ps := tr.Passage[p.Class]; ps != world.Clear {
						txt += ", " + ps.String()
						sm.Dangerous = sm.Dangerous || ps == world.Dangerous
					}
					if tr.Cover {
						txt += ", cover"
					}
					sm.Terrain = append(sm.Terrain, txt+")")
				}
			}
		}
		sm.Over = sm.Dist > sm.Allowance+world.Eps
		mp.Stands = append(mp.Stands, sm)
	}
	mp.Err = s.G.Engine.Check(s.moveCmd())
	mp.Why = s.Named(s.Reason(mp.Err))
	if mp.Err == nil {
		for i := range mp.Stands {
			if sm := &mp.Stands[i]; sm.Over {
				// Accepted beyond the allowance: the whole move is on
				// road (+e40k.RoadBonus).
				sm.Over, sm.Road = false, true
			}
		}
	}
	return mp
}

// contacts are the enemy stands on the table that stand u's base would
// be in base contact with at p (touching, not overlapping).
func (s *UI) contacts(u *rules.Unit, p world.Vec) []string {
	st := s.State()
	b := s.Base(u)
	b.Pos = p
	var out []string
	for i := range st.Units {
		v := &st.Units[i]
		if v.Side == u.Side || !s.OnTable(v) {
			continue
		}
		if e := s.Base(v); world.InContact(b, e) && !world.Overlap(b, e) {
			out = append(out, v.ID)
		}
	}
	return out
}

// enemyBases are the bases of side's enemies where they stand, and
// whether each is already in base contact with one of side's stands.
func (s *UI) enemyBases(side string) ([]world.Base, []bool) {
	st := s.State()
	var mine []world.Base
	for i := range st.Units {
		if u := &st.Units[i]; u.Side == side && !u.Destroyed {
			mine = append(mine, s.Base(u))
		}
	}
	var out []world.Base
	var contacted []bool
	for i := range st.Units {
		u := &st.Units[i]
		if u.Side == side || u.Destroyed {
			continue
		}
		b := s.Base(u)
		c := false
		for _, m := range mine {
			if world.InContact(m, b) {
				c = true
				break
			}
		}
		out = append(out, b)
		contacted = append(contacted, c)
	}
	return out, contacted
}

// Lines are the preview's texts: the verdict, then one line per stand.
func (mp *MovePreview) Lines(name func(string) string) []string {
	what := "move"
	if mp.Assault {
		what = "assault move"
	}
	head := fmt.Sprintf("%s on %s orders: %s of %d stand(s) is legal; Enter plays it", name(mp.Detachment), mp.Orders, what, len(mp.Stands))
	if mp.Err != nil {
		head = fmt.Sprintf("%s refused: %s", what, mp.Why)
	}
	out := []string{head}
	for _, sm := range mp.Stands {
		ln := fmt.Sprintf("%s: %.1f of %.0f cm", name(sm.Unit), sm.Dist, sm.Allowance)
		if sm.Doubled && sm.Allowance > 0 {
			ln = fmt.Sprintf("%s: %.1f cm (Speed %.0f; infantry twice that into contact)", name(sm.Unit), sm.Dist, sm.Allowance/2)
		}
		if sm.Over {
			ln += " - too far"
		}
		if len(sm.Contact) > 0 {
			names := make([]string, len(sm.Contact))
			for i, id := range sm.Contact {
				names[i] = name(id)
			}
			ln += " - in base contact with " + strings.Join(names, ", ")
		}
		if sm.Road {
			ln += fmt.Sprintf(" (+%.0f cm: the whole move is on road)", e40k.RoadBonus)
		}
		if sm.Limit >= 0 && sm.Limit < sm.Dist-world.Eps {
			ln += fmt.Sprintf(" - past %.1f cm it would move away from the closest enemy (REM-ASM-1)", sm.Limit)
		}
		if len(sm.Terrain) > 0 {
			ln += "; crosses " + strings.Join(sm.Terrain, ", ")
		}
		if sm.Dangerous {
			halt := 1 - rules.AtLeastChance(6, 2)
			ln += fmt.Sprintf("; dangerous terrain test: %.0f%% halted where it enters, %.0f%% also hit", 100*halt, 100*halt*halt)
		}
		out = append(out, ln)
	}
	return out
}

// FirePreview is the selected detachment's fire at the aimed target: the
// plan the rules would use and its exact odds.
type FirePreview struct {
	Firer, Target string
	// Firepower is the firers' firepower in range and sight; Left what
	// the firer's blast markers leave of it; Dice the attack dice the
	// firepower table gives for Situation; Need the lowest armour.
	Firepower, Left, Dice int
	Situation             string
	Need                  int
	Weapons               int
	Shooters              int
	// From are the ids of the stands that fire (the aim is drawn from
	// them).
	From []string
	// Barrage is the firepower the barrage templates add (in Left and
	// Dice); Specials describe the templates and special weapons.
	Barrage  int
	Specials []string
	// Hits, Kills, Markers are the expected values; AtLeastOne the chance
	// of destroying at least one unit.
	Hits, Kills, Markers, AtLeastOne float64
	// HitsDist and MarkersDist are the chances of each number of hits
	// and of blast markers placed (MarkersDist estimated when Approx).
	HitsDist, MarkersDist rules.Dist
	// Approx marks Kills, Markers and AtLeastOne estimated from samples
	// (a volley too large to enumerate, e40k.VolleyOdds.Approx).
	Approx bool
	// Titan is set for fire at a titan (ATII rules): TitanHits is the
	// expected hits reaching the titan past its shields.
	Titan     bool
	TitanHits float64
	// Err is why the detachment cannot fire at the target (Why in words).
	Err error
	Why string
}

// FirePreview works out the aimed fire (nil when nothing is aimed at).
func (s *UI) FirePreview() *FirePreview { return s.firePreviewAt(s.Target) }

// firePreviewAt is the selected detachment's fire at target (a
// detachment, or a titan's unit id) as FirePreview gives it; nil when
// there is no target or the detachment may not fire now.
func (s *UI) firePreviewAt(target string) *FirePreview {
	if target == "" || !s.firing() {
		return nil
	}
	s.legal() // drops the cached previews when the game has changed
	key := s.Detachment() + ">" + target
	if fp, ok := s.fires[key]; ok {
		return fp
	}
	fp := s.firePreview(target)
	if fp != nil {
		fp.Why = s.Named(s.Reason(fp.Err))
	}
	if s.fires == nil {
		s.fires = map[string]*FirePreview{}
	}
	s.fires[key] = fp
	return fp
}

func (s *UI) firePreview(target string) *FirePreview {
	if target == "" || !s.firing() {
		return nil
	}
	st := s.State()
	fp := &FirePreview{Firer: s.Detachment(), Target: target}
	if u := st.Unit(target); u != nil && s.rs().IsTitan(u) {
		fp.Titan = true
		v, err := s.rs().PlanTitanFire(st, fp.Firer, target, "")
		if err != nil {
			fp.Err = err
			return fp
		}
		fp.Firepower, fp.Left, fp.Shooters, fp.From = v.Firepower, v.Firepower, len(v.Shooters), v.Shooters
		od, err := v.Odds()
		if err != nil {
			fp.Err = err
			return fp
		}
		for _, o := range od {
			fp.Hits += o.Hits.Mean()
			fp.TitanHits += o.TitanHits.Mean()
		}
		return fp
	}
	plan, err := s.rs().Plan(st, fp.Firer, target)
	if err != nil {
		fp.Err = err
		return fp
	}
	o := s.opts()
	fp.Firepower, fp.Weapons, fp.Shooters, fp.From = plan.Firepower, len(plan.Weapons), len(plan.Shooters), plan.Shooters
	fp.Situation = string(plan.Situation)
	var nw int
	fp.Left, nw = e40k.Suppress(plan.Firepower, len(plan.Weapons), plan.FirerMarkers, o)
	fp.Barrage = plan.BarrageFirepower(nw)
	fp.Left += fp.Barrage
	fp.Specials = specialLines(plan, nw)
	if fp.Left > 0 {
		fp.Dice, _ = e40k.AttackDice(fp.Left, plan.Situation, o)
	}
	var arm []int
	for _, t := range plan.Targets {
		arm = append(arm, t.Armour)
	}
	fp.Need, _ = e40k.LowestArmour(arm)
	od, err := plan.Odds(o)
	if err != nil {
		fp.Err = err
		return fp
	}
	fp.Hits, fp.Kills, fp.Markers = od.Hits.Mean(), od.Destroyed.Mean(), od.Markers.Mean()
	fp.HitsDist, fp.MarkersDist = od.Hits, od.Markers
	fp.AtLeastOne, fp.Approx = od.Destroyed.AtLeast(1), od.Approx
	return fp
}

// Lines are the fire preview's texts.
func (fp *FirePreview) Lines(name func(string) string) []string {
	if fp.Err != nil {
		return []string{fmt.Sprintf("%s cannot fire at %s: %s", name(fp.Firer), name(fp.Target), fp.Why)}
	}
	if fp.Titan {
		return []string{
			fmt.Sprintf("%s at the titan %s (ATII rules, Gunnery 4+): firepower %d from %d stand(s)", name(fp.Firer), name(fp.Target), fp.Firepower, fp.Shooters),
			fmt.Sprintf("expected %.2f hits, %.2f past the void shields", fp.Hits, fp.TitanHits),
			"Enter or a second click fires.",
		}
	}
	fpText := fmt.Sprintf("firepower %d from %d stand(s)", fp.Firepower, fp.Shooters)
	// Left counts the barrage templates' firepower too: only what the
	// firer's blast markers take off the stands' firepower is said here.
	if left := fp.Left - fp.Barrage; left != fp.Firepower {
		fpText += fmt.Sprintf(", %d after its blast markers", left)
	}
	if fp.Weapons > 0 {
		fpText += fmt.Sprintf(", %d super-heavy weapon(s)", fp.Weapons)
	}
	if fp.Barrage > 0 {
		fpText += fmt.Sprintf(", +%d from barrage templates", fp.Barrage)
	}
	out := []string{fmt.Sprintf("%s at %s: %s", name(fp.Firer), name(fp.Target), fpText)}
	out = append(out, fp.Specials...)
	return append(out,
		fmt.Sprintf("table: firepower %d, target %s -> %d dice needing %d+ (lowest armour)", fp.Left, fp.Situation, fp.Dice, fp.Need),
		fmt.Sprintf("expected %.2f hits from those dice, %s%.2f units destroyed in all (%.0f%% at least one), %.1f blast markers", fp.Hits, e40k.ApproxWord(fp.Approx), fp.Kills, 100*fp.AtLeastOne, fp.Markers),
		fmt.Sprintf("hits: %s; blast markers: %s%s", distText(fp.HitsDist), e40k.ApproxWord(fp.Approx), distText(fp.MarkersDist)),
		"Enter or a second click fires.",
	)
}

// distText lists the chance of each value of d ("0 12%, 1 40%, ..."),
// leaving out values under 0.5 %.
func distText(d rules.Dist) string {
	var parts []string
	d.Each(func(v int, p float64) {
		if p >= 0.005 {
			parts = append(parts, fmt.Sprintf("%d %.0f%%", v, 100*p))
		}
	})
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// The fire modes of e40k.FirePlan.Mode the preview names (the rules'
// words for overwatch fire and a preparatory bombardment).
const (
	modeOverwatch = "overwatch"
	modeBombard   = "bombardment"
)

// specialLines describe a plan's templates and special weapons for the
// fire preview (the first nw weapons fire, the rest are silenced by the
// firer's blast markers).
func specialLines(plan *e40k.FirePlan, nw int) []string {
	var out []string
	for _, th := range plan.Templates {
		w := plan.Weapons[th.Weapon]
		switch {
		case th.Weapon >= nw:
			continue
		case w.Kind == e40k.ShotBarrage:
			out = append(out, fmt.Sprintf("%s: barrage template over %d stand(s), +%d firepower", w.Name, len(th.Units), len(th.Units)))
		case w.Kind == e40k.ShotHeavy:
			out = append(out, fmt.Sprintf("%s: heavy barrage template over %d stand(s), +%d firepower", w.Name, len(th.Units), 2*len(th.Units)))
		case w.Kind == e40k.ShotMegaCannon:
			out = append(out, fmt.Sprintf("%s: template over %d stand(s), each rolled against its own armour (no cover), +1 blast marker", w.Name, len(th.Units)))
		}
	}
	for i, w := range plan.Weapons {
		switch {
		case i >= nw:
			out = append(out, fmt.Sprintf("%s is silenced by a blast marker", w.Name))
		case w.Kind == e40k.ShotPulsar:
			out = append(out, fmt.Sprintf("%s: D6 anti-tank shots", w.Name))
		case w.Kind == e40k.ShotDisrupt:
			out = append(out, fmt.Sprintf("%s: one shot at the lowest armour, a hit places blast markers, destroys nothing", w.Name))
		case w.Kind == e40k.ShotDistortion:
			out = append(out, fmt.Sprintf("%s: one shot, ignores a war engine's shields", w.Name))
		case w.Kind == e40k.ShotDeathRay:
			out = append(out, fmt.Sprintf("%s: one shot, destroys any stand but a war engine outright", w.Name))
		}
	}
	switch {
	case plan.Snap():
		out = append(out, "snap fire: the unfired stands' firepower only, no super-heavy weapons")
	case plan.Mode == modeOverwatch:
		out = append(out, "overwatch fire: the misses are rolled again once (counted in the odds below)")
	case plan.Mode == modeBombard:
		out = append(out, "preparatory bombardment (E40K-ART-1): artillery only, no line of sight needed, misses not rolled again")
	}
	return out
}

// targets are the enemy detachments (and titans) the selected
// detachment may fire at now, sorted, with the plan's error for the
// others left out.
func (s *UI) targets() []string {
	if !s.firing() {
		return nil
	}
	var out []string
	for _, c := range s.legal() {
		fc, ok := c.Cmd.(*e40k.FireCmd)
		if !ok || fc.Detachment != s.Detachment() {
			continue
		}
		t := fc.Target
		if fc.Titan != "" {
			t = fc.Titan
		}
		if !contains(out, t) {
			out = append(out, t)
		}
	}
	sort.Strings(out)
	return out
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
