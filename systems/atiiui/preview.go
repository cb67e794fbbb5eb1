package atiiui

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
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
	// Charge is the enemy titan the move ends in base contact with that
	// the titan does not touch now (an assault-phase charge into close
	// combat, ATII-CC-1); "" when none.
	Charge string
	// Contact is the chance a charge makes base contact with Charge (1
	// when the path is not dangerous).
	Contact float64
	// Lines explain the preview: a charge, each turn and its Man, the
	// Man the turns use in all, cost and Speed left, backwards cost,
	// terrain crossed, dangerous terrain odds.
	Lines []string
}

// PreviewMove measures the drafted move of the selected titan; nil when
// there is no draft.
func (s *UI) PreviewMove() *MovePreview {
	c := s.moveCmd()
	if c == nil {
		return nil
	}
	_, prof := s.profile(s.Selected)
	if prof == nil {
		return nil
	}
	// The rules measure and price the path; the preview only explains.
	v, _ := s.rs().PlanMove(s.State(), c)
	if !v.Measured {
		return &MovePreview{Err: s.G.Engine.Check(s.G.Bind(c))}
	}
	rep := v.Report
	mp := &MovePreview{Report: &rep, Check: v.Check, Odds: v.Odds}
	mp.Err = s.G.Engine.Check(s.G.Bind(c))
	mp.Charge = s.charged(v.Start, rep.End)
	if mp.Charge != "" {
		mp.Contact = mp.ReachAt(s.contactAt(&rep, mp.Charge))
		ln := "charges " + s.unitName(mp.Charge) + ": base contact, close combat follows"
		if mp.Contact < certain {
			ln = fmt.Sprintf("charges %s: %.0f%% to make base contact (%s); close combat follows contact", s.unitName(mp.Charge), 100*mp.Contact, band(mp.Contact))
		}
		mp.Lines = append(mp.Lines, ln)
	}
	mp.Lines = append(mp.Lines, moveLines(&rep, mp.Check, prof, mp.Odds, s.rs().World())...)
	return mp
}

// certain is the chance at and above which a roll is told as certain.
const certain = 1 - 1e-9

// band words a chance for a player: certain, likely (at least 2 in 3),
// unlikely (below 1 in 3), else a toss-up.
func band(p float64) string {
	switch {
	case p >= certain:
		return "certain"
	case p >= 2.0/3:
		return "likely"
	case p < 1.0/3:
		return "unlikely"
	}
	return "a toss-up"
}

// Finish is the chance the drafted move reaches the end of its path (1
// when it crosses no dangerous terrain, ATII-MOV-4).
func (m *MovePreview) Finish() float64 {
	if m == nil || m.Odds == nil {
		return 1
	}
	return m.Odds.Complete
}

// Verdict is the preview's headline and whether it warns: "legal: Enter
// to move" for a legal move that surely gets there; a legal move that may
// stop short in dangerous terrain says how likely it is to reach the end
// (or, for a charge, to make contact); an illegal one says why not.
func (m *MovePreview) Verdict() (string, bool) {
	if m.Err != nil {
		return "ILLEGAL: " + reason(m.Err), true
	}
	p, what := m.Finish(), "reach the end"
	if m.Charge != "" {
		p, what = m.Contact, "make contact"
	}
	if p >= certain {
		return "legal: Enter to move", false
	}
	lead := "legal, but likely stops short"
	switch band(p) {
	case "likely":
		lead = "legal, likely to get there"
	case "a toss-up":
		lead = "legal, but may stop short"
	}
	return fmt.Sprintf("%s: %.0f%% to %s (Enter to move)", lead, 100*p, what), true
}

// contactAt is the shortest distance along the path at which the moving
// titan's base, facing as it will at the end, touches titan id (the
// path's length when it touches only at the end). Sampled every 0.25 cm.
func (s *UI) contactAt(rep *world.MoveReport, id string) float64 {
	u := s.State().Unit(id)
	me := s.State().Unit(s.Selected)
	if u == nil || me == nil {
		return rep.Total
	}
	tb := s.base(u)
	b := rep.End
	for _, sg := range rep.Segments {
		for d := sg.Start; d <= sg.End+1e-9; d += 0.25 {
			b.Pos = sg.From.Lerp(sg.To, (d-sg.Start)/math.Max(sg.Length, 1e-9))
			if world.InContact(b, tb) {
				return d
			}
		}
	}
	return rep.Total
}

// charged is the first enemy titan (by id) a move from start to end
// touches at its end and did not touch at its start ("" outside the
// assault phase).
func (s *UI) charged(start, end world.Base) string {
	st := s.State()
	me := st.Unit(s.Selected)
	if me == nil || st.Step != atii.StepAssault {
		return ""
	}
	for i := range st.Units {
		u := &st.Units[i]
		if u.Side == me.Side || u.Destroyed || !OnTable(u) {
			continue
		}
		b := s.base(u)
		if world.InContact(end, b) && !world.InContact(start, b) {
			return u.ID
		}
	}
	return ""
}

// unitName is a unit's name as the scenario labels it (its id when the
// scenario has none).
func (s *UI) unitName(id string) string {
	if sc := s.G.Scenario; sc != nil {
		if u := sc.Unit(id); u != nil {
			if l := u.Label(); l != "" {
				return l
			}
		}
	}
	return id
}

func moveLines(rep *world.MoveReport, chk atii.MoveCheck, prof *catalog.Unit, odds *atii.MoveOdds, w *world.World) []string {
	var out []string
	manLeft := sheet.Of(prof).Man
	for i, t := range rep.Turns {
		cost := atii.TurnCost(t.Degrees)
		manLeft -= cost
		out = append(out, fmt.Sprintf("turn %d: %s deg at %.1f cm, %d Man (%d left)", i+1, degrees(t.Degrees), t.PathDist, cost, manLeft))
	}
	if len(rep.Turns) == 0 {
		out = append(out, fmt.Sprintf("no turn: 0 Man (%d left)", manLeft))
	}
	left := chk.Speed - chk.Cost
	if math.Abs(left) < 0.05 {
		left = 0 // never "-0.0 cm left"
	}
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
	switch {
	case odds == nil:
	case chk.DangerDice <= 0:
		// No Man left for the dice (ATII-MOV-4: a die per unspent Man
		// point): the titan gets no distance through the dangerous
		// terrain. "0 D6 decide how far it gets" read as a misprint.
		out = append(out, fmt.Sprintf("DANGEROUS terrain: the turns use every Man point, so no dice: it goes no further into the terrain; %.0f%% to reach the end", 100*odds.Complete))
	default:
		out = append(out, fmt.Sprintf("DANGEROUS terrain: %d D6 decide how far it gets; %.0f%% to reach the end", chk.DangerDice, 100*odds.Complete))
	}
	return out
}

// degrees formats a turn's size exactly enough to see why it costs what
// it costs: whole degrees as such, anything else to a tenth, with more
// decimals when a tenth would read as a whole number of 45-degree steps
// (0.0, 45.0) that the turn is not: the rules charge one Man per 45
// degrees or part (ATII-MOV-2).
func degrees(d float64) string {
	a := math.Abs(d)
	if r := math.Round(a); math.Abs(a-r) < 1e-6 {
		return fmt.Sprintf("%.0f", r)
	}
	out := ""
	for n := 1; n <= 6; n++ {
		out = fmt.Sprintf("%.*f", n, a)
		var shown float64
		if _, err := fmt.Sscan(out, &shown); err != nil {
			break
		}
		if math.Abs(math.Remainder(shown, atii.TurnStep)) > 1e-9 {
			break
		}
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
func (s *UI) Weapons(id string) []WeaponInfo {
	u, prof := s.profile(id)
	if u == nil || prof == nil {
		return nil
	}
	ts, _ := atii.TitanOf(u)
	var out []WeaponInfo
	for _, m := range sheet.Of(prof).Mounts {
		wid := u.Loadout.Value(m.ID)
		if wid == "" {
			continue
		}
		w, err := s.rs().Catalogue().Weapon(wid)
		if err != nil {
			continue
		}
		wi := WeaponInfo{Mount: m.ID, Name: w.Name, Weapon: w, Arc: m.Arc}
		if err := atii.CanFire(prof, ts, m.ID, w); err != nil {
			wi.Usable = err.Error()
		} else if w.Kind == "close-combat" {
			wi.Usable = "close combat weapon"
		} else if u.Fired && s.firedThisTurn(id, m.ID) {
			wi.Usable = "fired this turn"
		} else if u.Fired {
			wi.Usable = "did not fire: the titan's weapons fire together and it has fired this turn"
		} else if u.Activated && s.State().Step == atii.StepShooting {
			wi.Usable = "the titan has held fire this turn"
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
func (s *UI) Targets() []TargetInfo {
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

// options are the game's ATII options (the zero Options when they cannot
// be read: the rules refuse such a game anyway).
func (s *UI) options() atii.Options {
	o, err := atii.ParseOptions(s.State().Options)
	if err != nil {
		return atii.Options{}
	}
	return o
}

// Sight is how this game reads line of sight, for the window's sight
// tool: the game's world, its terrain rules now, and the options its
// shots are measured with (atii/flat-terrain-sight ignores terrain and
// titan heights; the legs band of ATII-SHT-3), so the tool's verdict is
// the rules' verdict for a shot between the same titans.
func (s *UI) Sight() (*world.World, world.TerrainRules, world.LOSOptions) {
	o := s.options()
	return s.rs().World(), s.rs().Terrain(s.State()), world.LOSOptions{FlatTerrain: o.FlatTerrainSight, LowBand: atii.LegsHeightShare}
}

func (s *UI) target(u *unitT, prof *catalog.Unit, w WeaponInfo, t *unitT) TargetInfo {
	ti := TargetInfo{ID: t.ID}
	if _, err := s.rs().Catalogue().Unit(t.Type); err != nil {
		ti.Reason = err.Error()
		return ti
	}
	st := s.State()
	geo, err := atii.MeasureShotWith(s.rs().World(), s.rs().Terrain(st), w.Arc, s.base(u), s.base(t), s.options())
	if err != nil {
		ti.Reason = err.Error()
		return ti
	}
	ti.Geo = geo
	// The rules' verdict on declaring this weapon at this target, at the
	// aim it is (or would be) declared with.
	aim := s.weaponAim(w.Mount, t.ID)
	if geo.LegsHidden && aim == atii.AimLow {
		aim = atii.AimHigh
	}
	c := s.rs().Fire(s.Decider(), u.ID, atii.Shot{Mount: w.Mount, Target: t.ID, Aim: aim})
	if err := s.G.Engine.Check(s.G.Bind(c)); err != nil {
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
	sh, err := s.rs().ShotSetupFor(st, u.ID, atii.Shot{Mount: w.Mount, Target: t.ID, Aim: aim})
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
	s = reason(errors.New(s))
	if i := strings.LastIndex(s, ": "); i > 0 && i < len(s)-2 && len(s) > 90 {
		return s[i+2:]
	}
	return s
}

// declare adds (or replaces) the chosen weapon's shot at target id.
func (s *UI) declare(id string) {
	if s.Weapon == "" {
		s.Fail(errors.New("pick a weapon first (number keys or click it in the panel)"))
		return
	}
	for _, t := range s.Targets() {
		if t.ID != id {
			continue
		}
		if t.Reason != "" {
			s.Fail(fmt.Errorf("%s cannot fire at %s: %s", s.weaponLabel(s.Selected, s.Weapon), s.Name(id), t.Reason))
			return
		}
		aim := s.Aim
		if t.LegsHidden && aim == atii.AimLow {
			aim = atii.AimHigh
			s.Note("the target's legs are hidden by cover: aimed high")
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
	s.Fail(fmt.Errorf("%s is not an enemy titan on the table", id))
}

// resolvedShots is a copy of the declared shots in the order the volley
// resolves them: weakest weapon first, so that the strongest shots meet
// the fewest void shields (atii.Ruleset.SortShots; ATII-SHT-2 lets the
// firer choose). The declaration order is kept when the titan cannot be
// read.
func (s *UI) resolvedShots() []atii.Shot {
	shots := append([]atii.Shot(nil), s.Shots...)
	if err := s.rs().SortShots(s.State(), s.Selected, shots); err != nil {
		return append(shots[:0], s.Shots...)
	}
	return shots
}

// nextWeapon moves the weapon choice to the next usable undeclared one.
func (s *UI) nextWeapon() {
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
func (s *UI) PickWeapon(i int) {
	if s.Mode() != play.ModeTurn {
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
			s.Fail(fmt.Errorf("%s: %s", ws[i].Name, cannotFire(ws[i].Usable)))
			return
		}
		s.Weapon = ws[i].Mount
	case st.Step == atii.StepRally && s.Allocating():
		ac := s.AllocationChoices()
		if i >= 0 && i < len(ac) {
			s.Play(ac[i].Cmd)
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

// ToggleAim flips the aim of one weapon (T): the chosen weapon's
// declaration when it has one, else the last declared weapon's; with
// nothing declared, the aim of the next declaration. Each weapon keeps its
// own aim (ATII-SHT-2: every weapon declares its target and high or low). An aim the
// rules refuse (ATII-SHT-3: low at a titan whose legs are hidden by cover) is not set:
// the reason is shown and the declaration keeps its aim.
func (s *UI) ToggleAim() {
	i := s.aimShot()
	if i < 0 {
		s.Aim = flipAim(s.Aim)
		return
	}
	shots := append([]atii.Shot(nil), s.Shots...)
	shots[i].Aim = flipAim(shots[i].Aim)
	c := s.rs().Fire(s.Decider(), s.Selected, shots...)
	if err := s.G.Engine.Check(s.G.Bind(c)); err != nil {
		s.Fail(fmt.Errorf("%s cannot aim %s at %s: %s", s.weaponLabel(s.Selected, shots[i].Mount), shots[i].Aim, s.Name(shots[i].Target), trimReason(err.Error())))
		return
	}
	s.Shots = shots
	s.Note(fmt.Sprintf("%s aims %s at %s", s.weaponLabel(s.Selected, shots[i].Mount), shots[i].Aim, s.Name(shots[i].Target)))
}

// weaponAim is the aim a weapon's shot at target has: its declaration's
// when that weapon is declared at that target (T flips a declaration, not
// the aim for the next one), else the aim for the next declaration.
func (s *UI) weaponAim(mount, target string) atii.Aim {
	for _, sh := range s.Shots {
		if sh.Mount == mount && sh.Target == target {
			return sh.Aim
		}
	}
	return s.Aim
}

// aimShot is the declaration T toggles: the chosen weapon's, else the
// last one (-1 when nothing is declared).
func (s *UI) aimShot() int {
	for i, sh := range s.Shots {
		if sh.Mount == s.Weapon {
			return i
		}
	}
	return len(s.Shots) - 1
}

func flipAim(a atii.Aim) atii.Aim {
	if a == atii.AimLow {
		return atii.AimHigh
	}
	return atii.AimLow
}

type unitT = rules.Unit

// chosenAim is the aim T sets for the chosen weapon: its declaration's
// when it is declared, else the aim for the next declaration.
func (s *UI) chosenAim() atii.Aim {
	for _, sh := range s.Shots {
		if sh.Mount == s.Weapon {
			return sh.Aim
		}
	}
	return s.Aim
}
