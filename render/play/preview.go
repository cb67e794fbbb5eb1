package play

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// MovePreview is the drafted move measured with the same functions the
// rules use: world.MeasureMove for the path, atii.CheckMove and
// atii.MoveOddsFor for the costs and the dangerous terrain odds, and the
// move command's own Validate for the verdict.
type MovePreview struct {
	Report *world.MoveReport
	Check  atii.MoveCheck
	Odds   *atii.MoveOdds
	// Err is why the rules refuse the move (nil when legal).
	Err error
	// Lines explain the preview: each turn and its Man, cost and Speed
	// left, backwards cost, terrain crossed, dangerous terrain odds.
	Lines []string
}

// PreviewMove measures the drafted move of the selected titan; nil when
// there is no draft.
func (s *Session) PreviewMove() *MovePreview {
	c := s.moveCmd()
	if c == nil {
		return nil
	}
	_, prof := s.profile(s.Selected)
	if prof == nil {
		return nil
	}
	// The rules measure and price the path; the preview only explains.
	v, _ := s.G.Ruleset.PlanMove(s.State(), c)
	if !v.Measured {
		return &MovePreview{Err: s.G.Engine.Check(s.G.Ruleset.Bind(c))}
	}
	rep := v.Report
	mp := &MovePreview{Report: &rep, Check: v.Check, Odds: v.Odds}
	mp.Err = s.G.Engine.Check(s.G.Ruleset.Bind(c))
	mp.Lines = moveLines(&rep, mp.Check, prof, mp.Odds, s.G.Ruleset.World())
	return mp
}

func moveLines(rep *world.MoveReport, chk atii.MoveCheck, prof *catalog.Unit, odds *atii.MoveOdds, w *world.World) []string {
	var out []string
	manLeft := prof.Man
	for i, t := range rep.Turns {
		cost := atii.TurnCost(t.Degrees)
		manLeft -= cost
		out = append(out, fmt.Sprintf("turn %d: %.0f deg at %.1f cm, %d Man (%d left)", i+1, math.Abs(t.Degrees), t.PathDist, cost, manLeft))
	}
	left := chk.Speed - chk.Cost
	out = append(out, fmt.Sprintf("path %.1f cm, costs %.1f of Speed %.0f cm: %.1f cm left", rep.Total, chk.Cost, chk.Speed, left))
	if rep.Backward > 0 {
		out = append(out, fmt.Sprintf("backwards %.1f cm costs %.1f cm (3 cm per cm)", rep.Backward, 3*rep.Backward))
	}
	var names []string
	for _, e := range rep.Entered {
		if e.Feature >= 0 && e.Feature < len(w.Features) {
			f := w.Features[e.Feature]
			n := f.Name
			if n == "" {
				n = string(f.Kind)
			}
			names = append(names, n)
		}
	}
	if len(names) > 0 {
		out = append(out, "terrain crossed: "+strings.Join(names, ", "))
	}
	if odds != nil {
		out = append(out, fmt.Sprintf("DANGEROUS terrain: %d D6 decide how far it gets; %.0f%% to finish the path", chk.DangerDice, 100*odds.Complete))
	}
	return out
}

// ReachAt is the chance of getting at least d cm along the drafted path
// (1 when the path is not dangerous).
func (m *MovePreview) ReachAt(d float64) float64 {
	if m == nil || m.Odds == nil {
		return 1
	}
	i := int(math.Floor(d + 1e-9))
	if i < 0 {
		return 1
	}
	if i >= len(m.Odds.Reach) {
		return m.Odds.Complete
	}
	return m.Odds.Reach[i]
}

// WeaponInfo is one weapon of a titan as the shooting panel shows it.
type WeaponInfo struct {
	Mount, Name string
	Weapon      *catalog.Weapon
	Arc         string
	// Usable is "" when the weapon may fire, else why not.
	Usable string
}

// Weapons lists a titan's weapons and whether each may fire.
func (s *Session) Weapons(id string) []WeaponInfo {
	u, prof := s.profile(id)
	if u == nil || prof == nil {
		return nil
	}
	ts, _ := atii.TitanOf(u)
	var out []WeaponInfo
	for _, m := range prof.Mounts {
		wid := u.Loadout.Value(m.ID)
		if wid == "" {
			continue
		}
		w, err := s.G.Ruleset.Catalogue().Weapon(wid)
		if err != nil {
			continue
		}
		wi := WeaponInfo{Mount: m.ID, Name: w.Name, Weapon: w, Arc: m.Arc}
		if err := atii.CanFire(prof, ts, m.ID, w); err != nil {
			wi.Usable = err.Error()
		} else if w.Kind == "close-combat" {
			wi.Usable = "close combat weapon"
		} else if u.Fired {
			wi.Usable = "already fired this turn"
		}
		out = append(out, wi)
	}
	return out
}

// TargetInfo is what the chosen weapon can do against one enemy titan.
type TargetInfo struct {
	ID string
	// Reason is "" when the shot may be declared, else why not.
	Reason string
	// Odds is the to-hit number and the chance of each outcome.
	ToHit        atii.ToHitNumber
	Odds         *atii.ShotOdds
	Outcome      *atii.OutcomeOdds
	Geo          atii.ShotGeometry
	LegsHidden   bool
	AimAllowedLo bool
}

// Targets lists, for the chosen weapon of the selected titan, every enemy
// titan on the table with the reason it cannot be targeted or the odds.
func (s *Session) Targets() []TargetInfo {
	st := s.State()
	u, prof := s.profile(s.Selected)
	if u == nil || prof == nil || s.Weapon == "" {
		return nil
	}
	var w *WeaponInfo
	for _, wi := range s.Weapons(u.ID) {
		if wi.Mount == s.Weapon {
			wi := wi
			w = &wi
		}
	}
	if w == nil {
		return nil
	}
	var out []TargetInfo
	for i := range st.Units {
		t := &st.Units[i]
		if t.Side == u.Side || t.Destroyed || !OnTable(t) {
			continue
		}
		out = append(out, s.target(u, prof, *w, t))
	}
	return out
}

func (s *Session) target(u *unitT, prof *catalog.Unit, w WeaponInfo, t *unitT) TargetInfo {
	ti := TargetInfo{ID: t.ID}
	if _, err := s.G.Ruleset.Catalogue().Unit(t.Type); err != nil {
		ti.Reason = err.Error()
		return ti
	}
	st := s.State()
	geo, err := atii.MeasureShot(s.G.Ruleset.World(), s.G.Ruleset.Terrain(st), w.Arc, s.base(u), s.base(t))
	if err != nil {
		ti.Reason = err.Error()
		return ti
	}
	ti.Geo = geo
	// The rules' verdict on declaring this weapon at this target.
	aim := s.Aim
	if geo.LegsHidden && aim == atii.AimLow {
		aim = atii.AimHigh
	}
	c := s.G.Ruleset.Fire(s.Decider(), u.ID, atii.Shot{Mount: w.Mount, Target: t.ID, Aim: aim})
	if err := s.G.Engine.Check(s.G.Ruleset.Bind(c)); err != nil {
		ti.Reason = trimReason(err.Error())
	}
	switch {
	case w.Usable != "":
		ti.Reason = w.Usable
	case !geo.InArc:
		ti.Reason = "not in the " + w.Arc + " arc"
	case geo.LOS == world.LOSBlocked:
		ti.Reason = "no line of sight: " + geo.Reason
	case !w.Weapon.Unlimited && geo.Range > w.Weapon.Range+1e-9:
		ti.Reason = fmt.Sprintf("out of range: %.1f cm, range %.0f cm", geo.Range, w.Weapon.Range)
	}
	opts, _ := atii.ParseOptions(st.Options)
	// The ruleset's own setup of this shot: the odds shown are the odds
	// the fire command rolls against.
	sh, err := s.G.Ruleset.ShotSetupFor(st, u.ID, atii.Shot{Mount: w.Mount, Target: t.ID, Aim: aim})
	if err != nil {
		if ti.Reason == "" {
			ti.Reason = trimReason(err.Error())
		}
		return ti
	}
	ti.LegsHidden = geo.LegsHidden
	if th, err := atii.ToHit(sh, opts); err == nil {
		ti.ToHit = th
	}
	if ti.Reason == "" {
		if so, err := atii.OddsShot(sh, opts); err == nil {
			ti.Odds = &so
		}
		if oo, err := atii.OddsShotOutcome(sh, opts); err == nil {
			ti.Outcome = &oo
		}
	}
	return ti
}

// trimReason drops the "fire: unit:" prefixes of a command error.
func trimReason(s string) string {
	s = Reason(errors.New(s))
	if i := strings.LastIndex(s, ": "); i > 0 && i < len(s)-2 && len(s) > 90 {
		return s[i+2:]
	}
	return s
}

// declare adds (or replaces) the chosen weapon's shot at target id.
func (s *Session) declare(id string) {
	if s.Weapon == "" {
		s.fail(errors.New("pick a weapon first (number keys or click it in the panel)"))
		return
	}
	for _, t := range s.Targets() {
		if t.ID != id {
			continue
		}
		if t.Reason != "" {
			s.fail(fmt.Errorf("%s cannot fire at %s: %s", s.Weapon, id, t.Reason))
			return
		}
		aim := s.Aim
		if t.LegsHidden && aim == atii.AimLow {
			aim = atii.AimHigh
			s.note("the target's legs are hidden by cover: aimed high")
		}
		for i := range s.Shots {
			if s.Shots[i].Mount == s.Weapon {
				s.Shots[i] = atii.Shot{Mount: s.Weapon, Target: id, Aim: aim}
				s.nextWeapon()
				return
			}
		}
		s.Shots = append(s.Shots, atii.Shot{Mount: s.Weapon, Target: id, Aim: aim})
		s.nextWeapon()
		return
	}
	s.fail(fmt.Errorf("%s is not an enemy titan on the table", id))
}

// nextWeapon moves the weapon choice to the next usable undeclared one.
func (s *Session) nextWeapon() {
	declared := map[string]bool{}
	for _, sh := range s.Shots {
		declared[sh.Mount] = true
	}
	for _, w := range s.Weapons(s.Selected) {
		if w.Usable == "" && !declared[w.Mount] {
			s.Weapon = w.Mount
			return
		}
	}
}

// PickWeapon chooses weapon i (0-based) of the selected titan for the next
// target click; in the rally phase it picks the system to repair first;
// in other steps it plays discrete choice i.
func (s *Session) PickWeapon(i int) {
	if s.mode != ModeTurn {
		return
	}
	st := s.State()
	switch {
	case ChoosingOrder(st) && i < 2:
		s.ChooseOrder(i == 0)
	case st.Step == atii.StepShooting && st.Pending != nil && st.Pending.Kind == "fire":
		ws := s.Weapons(s.Selected)
		if i < 0 || i >= len(ws) {
			return
		}
		if ws[i].Usable != "" {
			s.fail(fmt.Errorf("%s cannot fire: %s", ws[i].Name, ws[i].Usable))
			return
		}
		s.Weapon = ws[i].Mount
	case st.Step == atii.StepRally && s.Allocating():
		ac := s.AllocationChoices()
		if i >= 0 && i < len(ac) {
			s.submit(ac[i].Cmd)
		}
	case st.Step == atii.StepRally:
		rp := s.RepairChoices()
		if i >= 0 && i < len(rp) {
			s.RepairFirst = rp[i].System
		}
	default:
		s.Choose(i)
	}
}

// ToggleAim flips the aim of new declarations and of the declared shots
// (T).
func (s *Session) ToggleAim() {
	if s.Aim == atii.AimLow {
		s.Aim = atii.AimHigh
	} else {
		s.Aim = atii.AimLow
	}
	for i := range s.Shots {
		s.Shots[i].Aim = s.Aim
	}
}

type unitT = rules.Unit
