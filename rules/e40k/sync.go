package e40k

import (
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
)

// sync stores g and sets the pending decision for the current step from
// it, moving the step's stages on while nobody has anything to decide
// there. It rolls no dice: work that does (retreats, combats, rallies) is
// left to the step's Auto, with no decision pending.
func (r *Ruleset) sync(s *rules.State, g Progress) error {
	s.Pending, s.Active = nil, ""
	switch s.Step {
	case StepOrders:
		if f := s.Formation(g.RestFor); f != nil {
			r.wait(s, sideIndex(s, f.Side), KindSpecialRest, "special orders for "+f.ID+": the rest of the detachment moves 5 cm, or goes on overwatch", []string{f.ID}, CmdRest)
			break
		}
		g.RestFor = ""
		for si := 0; si < 2; si++ {
			if ids := r.detachments(s, si, func(f *rules.Formation) bool { return !f.Broken && !g.acted(f.ID) && !r.titanFormation(s, f.ID) }); len(ids) > 0 {
				r.wait(s, si, KindOrders, "give orders to your detachments", ids, CmdOrders)
				break
			}
		}
	case StepMoveInit, StepShootInit, StepShootInit2, StepAssaultInit:
		if g.First < 0 && g.Init >= 0 {
			r.wait(s, g.Init, KindInitiative, "you have the initiative: go first or second", nil, CmdInitiative)
		}
	case StepMovement:
		r.syncMovement(s, &g)
	case StepShooting, StepWarEngines:
		we := warEngineStep(s)
		for k := 0; k < 2; k++ {
			si := (g.ToAct + k) % 2
			ids := r.detachments(s, si, func(f *rules.Formation) bool { return !g.acted(f.ID) && r.canShoot(s, f, we) })
			if we {
				// Titans shoot with the war engines, each on its own
				// (seed 002 shooting step 4).
				for _, id := range r.titanIDs(s, si) {
					if !g.acted(id) && r.titanCanFire(s, s.Unit(id)) {
						ids = append(ids, id)
					}
				}
			}
			if len(ids) > 0 {
				g.ToAct = si
				r.wait(s, si, KindFire, "shoot with a detachment (or a titan), or pass", ids, CmdFire, CmdTitanFire, CmdPass)
				break
			}
		}
	case StepTitanMove, StepTitanAssault:
		r.syncTitans(s, &g)
	case StepAssault:
		r.syncAssault(s, &g)
	case StepRally:
		r.syncRally(s, &g)
	}
	return r.storeProgress(s, g)
}

// wait sets the pending decision for side index si.
func (r *Ruleset) wait(s *rules.State, si int, kind, prompt string, units []string, cmds ...string) {
	s.Pending = &rules.Decision{Side: s.Sides[si].ID, Kind: kind, Prompt: prompt, Commands: cmds, Units: units}
	s.Active = s.Sides[si].ID
}

// detachments returns the ids of side si's living detachments that pass
// keep.
func (r *Ruleset) detachments(s *rules.State, si int, keep func(f *rules.Formation) bool) []string {
	var out []string
	for i := range s.Formations {
		f := &s.Formations[i]
		if f.Side != s.Sides[si].ID || !alive(s, f.ID) || !keep(f) {
			continue
		}
		out = append(out, f.ID)
	}
	return out
}

func (r *Ruleset) syncMovement(s *rules.State, g *Progress) {
	for g.Sub < 2 {
		mover := (max(g.First, 0) + g.Sub) % 2
		opp := 1 - mover
		switch g.Stage {
		case stageBombardStart, stageBombardEnd:
			window := "window:" + g.Stage + ":" + s.Sides[mover].ID
			ids := r.detachments(s, opp, func(f *rules.Formation) bool { return r.canBombard(s, f) })
			if len(ids) > 0 && !g.acted(window) {
				r.wait(s, opp, KindBombard, "preparatory bombardment: fire artillery on special orders, or pass", ids, CmdFire, CmdPass)
				return
			}
			if g.Stage == stageBombardStart {
				g.Stage = stageRetreat
			} else {
				g.Sub++
				g.Stage = stageBombardStart
			}
		case stageRetreat:
			if ids := r.detachments(s, mover, func(f *rules.Formation) bool { return f.Broken && !g.acted(f.ID) }); len(ids) > 0 {
				return // autoMovement retreats them
			}
			g.Stage = stageMoves
		case stageMoves:
			if g.Reaction != "" {
				ids := r.detachments(s, opp, func(f *rules.Formation) bool { return r.canOverwatch(s, f, g.Reaction) })
				if len(ids) > 0 {
					r.wait(s, opp, KindOverwatch, "overwatch: fire at "+g.Reaction+", or pass", ids, CmdFire, CmdPass)
					return
				}
				g.Reaction = ""
			}
			if ids := r.detachments(s, mover, func(f *rules.Formation) bool { return !f.Broken && !g.acted(f.ID) && !r.titanFormation(s, f.ID) }); len(ids) > 0 {
				r.wait(s, mover, KindMove, "move a detachment (embark or disembark stands), or pass", ids, CmdMove, CmdPass, CmdEmbark, CmdDisembark)
				return
			}
			g.Stage = stageBombardEnd
		default:
			g.Stage = stageBombardStart
		}
	}
}

func (r *Ruleset) syncAssault(s *rules.State, g *Progress) {
	for g.Sub < 2 {
		mover := (max(g.First, 0) + g.Sub) % 2
		switch g.Stage {
		case stageMoves:
			ids := r.detachments(s, mover, func(f *rules.Formation) bool {
				return !f.Broken && f.Orders == OrderAssault && !g.acted(f.ID)
			})
			if len(ids) > 0 {
				r.wait(s, mover, KindAssault, "make a detachment's assault moves, or pass", ids, CmdAssault, CmdPass)
				return
			}
			g.Stage = stageSnap
		case stageSnap:
			if r.syncSnap(s, g, mover) { // snap.go
				return
			}
			g.Stage = stageCombat
		case stageCombat:
			if len(g.Assaulted) > 0 || len(g.combats()) > 0 {
				return // autoAssault fights them
			}
			g.Sub++
			g.Stage = stageMoves
		default:
			g.Stage = stageMoves
		}
	}
}

func (r *Ruleset) syncRally(s *rules.State, g *Progress) {
	if g.Stage != stageRallyTests {
		return // autoRally's work
	}
	for si := 0; si < 2; si++ {
		ids := r.detachments(s, si, func(f *rules.Formation) bool {
			return f.Broken && !g.acted(f.ID) && CanRally(blast(f), len(members(s, f.ID)))
		})
		if len(ids) > 0 {
			r.wait(s, si, KindRally, "rally a broken detachment, or pass", ids, CmdRally, CmdPass)
			return
		}
	}
	g.Stage = stageRepairs // autoRally repairs, then ends the turn
}

// canShoot reports whether detachment f has a unit that may shoot in this
// shooting step: not broken, not marching (E40K-BRK-1, orders), with an
// unfired unit in command of the step's kind (war engines in their own
// step) that has firepower or a super-heavy weapon.
func (r *Ruleset) canShoot(s *rules.State, f *rules.Formation, we bool) bool {
	if f.Broken || f.Orders == OrderMarch || r.titanFormation(s, f.ID) {
		return false
	}
	return len(r.shooters(s, f, func(p *Profile) bool { return p.WarEngine() == we })) > 0
}

// canBombard: special orders and an artillery unit that has not fired
// (E40K-ART-1).
func (r *Ruleset) canBombard(s *rules.State, f *rules.Formation) bool {
	if f.Broken || !specialOrders(f.Orders) {
		return false
	}
	return len(r.shooters(s, f, func(p *Profile) bool { return p.Artillery() })) > 0
}

// canOverwatch: overwatch orders (or special orders with the rest on
// overwatch, E40K-ART-1), an unfired unit, and the moved detachment (or
// titan, fired at with the ATII rules: seed 002) a valid target.
func (r *Ruleset) canOverwatch(s *rules.State, f *rules.Formation, target string) bool {
	if f.Broken || !onOverwatch(f.Orders) {
		return false
	}
	if u := s.Unit(target); u != nil && r.IsTitan(u) {
		for _, aim := range []atii.Aim{atii.AimHigh, atii.AimLow} {
			if _, err := r.planTitanFire(s, f.ID, target, aim, fireOverwatch); err == nil {
				return true
			}
		}
		return false
	}
	_, err := r.planFire(s, f.ID, target, fireOverwatch)
	return err == nil
}

// shooters returns the units of f that may fire now: alive, in command,
// not yet fired, with firepower or a super-heavy weapon, passing keep.
func (r *Ruleset) shooters(s *rules.State, f *rules.Formation, keep func(p *Profile) bool) []*rules.Unit {
	var out []*rules.Unit
	for _, u := range members(s, f.ID) {
		if u.Fired || u.Markers.Value(MarkOutOfCommand) > 0 {
			continue
		}
		p, err := r.Profile(s, u)
		if err != nil || (p.Firepower <= 0 && len(p.SuperHeavy) == 0) || !keep(&p) {
			continue
		}
		out = append(out, u)
	}
	return out
}
