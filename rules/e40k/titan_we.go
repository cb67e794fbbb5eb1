package e40k

import (
	"fmt"
	"sort"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/world"
)

// Titans and E40K war engines in close combat (seed 002, "the assault
// phase, other units"): vehicles and infantry may not assault a titan,
// but "war engines armed with close combat weapons may assault a Titan",
// resolved "using the Epic 40,000 rules, and using the CCV values from
// the Epic 40,000 Armies book; the loser is destroyed and removed from
// play, the winner stays in place", and a titan that assaults a war
// engine fights it "the same way".
//
// Reading (docs/rules/e40k.md): such a war engine may make its assault
// move into base contact with an enemy titan (with its detachment, in the
// detachments' assault step); each war engine of the assaulting
// detachment in base contact with an enemy titan then fights it on its
// own, before the detachment's other combats: the E40K result roll
// (Contest: a D6 each plus CombatBonus from the two CCVs and the war
// engine's detachment's blast markers; a tie gives that detachment a
// blast marker and both roll again) with the war engine's Assault value
// (halved when its detachment is broken, E40K-BRK-1) against the titan's
// E40K CCV (sheet.Titan.E40KAssault, a labelled placeholder in the
// bundled data); no support, no doubling, no hits: the loser is destroyed
// (a war engine through the E40K rules, so its catastrophic damage
// follows; a titan as if wrecked), the winner stays. Still tied after
// MaxTies re-rolls, nobody is destroyed. In the assault phase's titan
// steps a titan may charge any enemy war engine (MarkChargedWE) and the
// same fight follows the titan close combats. Under
// OptWarEngineTitanCCAny any war engine may assault a titan.

// MarkChargedWE marks a titan that moved into base contact with an enemy
// E40K war engine this assault phase (it fights it: seed 002).
const MarkChargedWE = "charged-war-engine"

// mayAssaultTitan reports whether a unit with profile p may make an
// assault move into base contact with a titan: an E40K war engine armed
// with close combat weapons (any war engine under
// OptWarEngineTitanCCAny).
func mayAssaultTitan(p *Profile, o Options) bool {
	return p.Class == world.WarEngine && (o.WarEngineTitanCCAny || p.Has(SpecialCCWeapons))
}

// e40kWarEngine reports whether unit u is an operational E40K war engine
// (not a titan).
func (r *Ruleset) e40kWarEngine(s *rules.State, u *rules.Unit) bool {
	if u == nil || !operational(u) || r.IsTitan(u) {
		return false
	}
	p, err := r.Profile(s, u)
	return err == nil && p.Class == world.WarEngine
}

// duelKey is the progress key of the fight between war engine we and
// titan t this phase.
func duelKey(we, t string) string { return "we-titan:" + we + "|" + t }

// warEnginesTouching lists the enemy E40K war engines in base contact
// with titan t, sorted.
func (r *Ruleset) warEnginesTouching(s *rules.State, t *rules.Unit) []string {
	tb, err := r.base(s, t)
	if err != nil {
		return nil
	}
	var out []string
	for i := range s.Units {
		o := &s.Units[i]
		if o.Side == t.Side || !r.e40kWarEngine(s, o) {
			continue
		}
		if ob, err := r.base(s, o); err == nil && world.InContact(tb, ob) {
			out = append(out, o.ID)
		}
	}
	sort.Strings(out)
	return out
}

// WarEngineTitanSides returns the two sides of a fight between E40K war
// engine we and titan t (for previews and odds: MarginDist): the war
// engine's Assault value (halved when its detachment is broken) with its
// detachment's blast markers, and the titan's E40K CCV. Errors: unknown
// units, a titan with no E40K CCV in its catalogue.
func (r *Ruleset) WarEngineTitanSides(s *rules.State, we, t string) (CombatSide, CombatSide, error) {
	wu := s.Unit(we)
	if !r.e40kWarEngine(s, wu) {
		return CombatSide{}, CombatSide{}, fmt.Errorf("%s is not an E40K war engine on the table", we)
	}
	tr, err := r.titan(s, t)
	if err != nil {
		return CombatSide{}, CombatSide{}, err
	}
	ccv := sheet.Of(tr.prof).E40KAssault
	if ccv <= 0 {
		return CombatSide{}, CombatSide{}, fmt.Errorf("titan %s has no E40K close combat value (e40k_assault) in its catalogue", t)
	}
	p, err := r.Profile(s, wu)
	if err != nil {
		return CombatSide{}, CombatSide{}, err
	}
	a := CombatSide{Detachment: wu.ID, Value: p.Assault, Units: []string{wu.ID}}
	if f := s.Formation(wu.Formation); f != nil {
		a.Markers = blast(f)
		if f.Broken {
			a.Value = Half(a.Value)
		}
	}
	return a, CombatSide{Detachment: t, Value: ccv, Units: []string{t}}, nil
}

// warEngineTitanFight resolves the fight between E40K war engine we and
// titan t (seed 002): the E40K result roll with the CCVs
// (WarEngineTitanSides, Contest); the loser is destroyed, the winner
// stays; ties put blast markers on the war engine's detachment only
// (titans take none).
func (r *Ruleset) warEngineTitanFight(s *rules.State, d rules.Dice, we, t string) ([]rules.Event, error) {
	a, b, err := r.WarEngineTitanSides(s, we, t)
	if err != nil {
		return []rules.Event{rules.Message(fmt.Sprintf("no close combat between %s and %s: %v", we, t, err))}, nil
	}
	o, err := r.options(s)
	if err != nil {
		return nil, err
	}
	wu := s.Unit(we)
	evs := rules.LogEvents(d, rules.Event{Kind: rules.EvMessage, Side: wu.Side, Units: []string{we, t},
		Text: fmt.Sprintf("close combat: war engine %s (CCV %d) against titan %s (CCV %d), the loser destroyed (seed 002)", we, a.Value, t, b.Value)})
	res, err := Contest(d, CloseCombat, a, b, o)
	if err != nil {
		return nil, err
	}
	if f := s.Formation(wu.Formation); f != nil && res.Ties > 0 {
		addBlast(f, res.Ties)
	}
	switch res.Winner {
	case 0:
		tr, err := r.titan(s, t)
		if err != nil {
			return nil, err
		}
		ts := tr.ts.Clone()
		ts.Destroyed, ts.Cause = true, "destroyed in close combat by war engine "+we
		if err := tr.put(ts); err != nil {
			return nil, err
		}
		evs = append(evs, rules.Event{Kind: rules.EvDestroyed, Side: tr.u.Side, Units: []string{t},
			Text: fmt.Sprintf("%s wins by %d: titan %s is destroyed", we, res.Diff, t)})
	case 1:
		evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: s.Unit(t).Side, Units: []string{t, we},
			Text: fmt.Sprintf("titan %s wins by %d: war engine %s is destroyed", t, res.Diff, we)})
		evs = append(evs, r.destroy(s, wu)...)
	default:
		evs = append(evs, rules.Message(fmt.Sprintf("the close combat between %s and %s ends undecided", we, t)))
	}
	return evs, nil
}

// warEngineDuels fights, for the assaulting detachment att, each of its
// war engines in base contact with an enemy titan it may assault
// (mayAssaultTitan); a detachment fights once a phase (autoAssault), so
// each pair fights once. It reports whether any fight took place.
func (r *Ruleset) warEngineDuels(s *rules.State, d rules.Dice, att string) ([]rules.Event, bool, error) {
	o, err := r.options(s)
	if err != nil {
		return nil, false, err
	}
	var evs []rules.Event
	fought := false
	for _, u := range members(s, att) {
		p, err := r.Profile(s, u)
		if err != nil || !mayAssaultTitan(&p, o) {
			continue
		}
		for _, t := range r.titansInContact(s, u) {
			if u.Destroyed {
				continue
			}
			e, err := r.warEngineTitanFight(s, d, u.ID, t)
			if err != nil {
				return nil, false, err
			}
			evs = append(evs, e...)
			fought = true
		}
	}
	return evs, fought, nil
}

// titanWarEngineFights lists the (titan, war engine) pairs to fight in
// the titan close combat stage: titans that charged an enemy E40K war
// engine this phase (MarkChargedWE) and each war engine they touch, not
// fought yet.
func (r *Ruleset) titanWarEngineFights(s *rules.State, g *Progress) [][2]string {
	var out [][2]string
	for i := range s.Units {
		u := &s.Units[i]
		if !operational(u) || !r.IsTitan(u) || u.Markers.Value(MarkChargedWE) == 0 {
			continue
		}
		for _, we := range r.warEnginesTouching(s, u) {
			if !g.acted(duelKey(we, u.ID)) {
				out = append(out, [2]string{u.ID, we})
			}
		}
	}
	return out
}
