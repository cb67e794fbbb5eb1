package e40k

import (
	"fmt"
	"sort"
	"strings"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/world"
)

// titanMoveChoices lists a titan's concrete move choices: the template
// (an empty path, valid as it is: the titan holds; an interface or the AI
// fills the path), holding, and the ready moves SuggestTitanMoves finds.
func (r *Ruleset) titanMoveChoices(s *rules.State, side, id string) []rules.Choice {
	out := []rules.Choice{{Name: CmdTitanMove, Text: "move titan " + id, Units: []string{id},
		Cmd: &TitanMoveCmd{r: r, By: side, Titan: id}, Continuous: r.titanAllowanceText(s, id)}}
	for _, c := range r.SuggestTitanMoves(s, side, id) {
		out = append(out, rules.Choice{Name: CmdTitanMove, Text: c.Text, Units: []string{id}, Cmd: c.Cmd})
	}
	return append(out, rules.Choice{Name: CmdPass, Text: id + " holds", Units: []string{id}, Cmd: &PassCmd{r: r, By: side, Detachment: id}})
}

func (r *Ruleset) titanAllowanceText(s *rules.State, id string) string {
	t, err := r.titan(s, id)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("titan move: up to %.0f cm, Man %d (a turn of up to 45 degrees per point)", atii.Speed(t.prof, t.ts, atiiOptions()), sheet.Of(t.prof).Man)
}

// TitanMoveSuggestion is one ready titan move with its text.
type TitanMoveSuggestion struct {
	Text string
	Cmd  *TitanMoveCmd
}

// SuggestTitanMoves returns ready moves for a titan, each checked to
// validate: in the movement phase an advance on the closest enemy (full
// Speed, else half, stopping short of the 10 cm around enemy titans);
// in the assault phase a charge into base contact with the closest enemy
// titan in reach, one into the closest enemy E40K war engine in reach
// (seed 002: the loser of that fight is destroyed) and a stomp on the closest enemy infantry or vehicle
// stand in reach; and a turn on the spot toward the closest enemy as far
// as its Man allows. The result may be empty.
func (r *Ruleset) SuggestTitanMoves(s *rules.State, side, id string) []TitanMoveSuggestion {
	t, err := r.titan(s, id)
	if err != nil || atii.CanMove(t.ts) != nil {
		return nil
	}
	assault := s.Step == StepTitanAssault
	tb := titanBase(t)
	speed := atii.Speed(t.prof, t.ts, atiiOptions())
	var out []TitanMoveSuggestion
	try := func(text string, to world.Vec, stomp []string) bool {
		c := &TitanMoveCmd{r: r, By: side, Titan: id, Path: []atii.Waypoint{{X: to.X, Y: to.Y}}, Stomp: stomp}
		if c.Validate(s) != nil {
			return false
		}
		out = append(out, TitanMoveSuggestion{Text: text, Cmd: c})
		return true
	}
	// The closest enemy titan, enemy stand and enemy war engine.
	var et, es, ew *rules.Unit
	var etb, esb, ewb world.Base
	for i := range s.Units {
		v := &s.Units[i]
		if v.Side == side || !operational(v) {
			continue
		}
		vp, err := r.Profile(s, v)
		if err != nil {
			continue
		}
		vb := world.Base{ID: v.ID, Pos: v.Pos, Facing: v.Facing, Foot: vp.Base}
		switch {
		case vp.Class == world.Titan:
			if et == nil || world.Distance(tb, vb) < world.Distance(tb, etb) {
				et, etb = v, vb
			}
		case !vp.WarEngine():
			if es == nil || world.Distance(tb, vb) < world.Distance(tb, esb) {
				es, esb = v, vb
			}
		default:
			if ew == nil || world.Distance(tb, vb) < world.Distance(tb, ewb) {
				ew, ewb = v, vb
			}
		}
	}
	toward := func(b world.Base, d float64) world.Vec {
		dir := b.Pos.Sub(tb.Pos)
		if dir.Len() < world.Eps {
			return tb.Pos
		}
		return tb.Pos.Add(dir.Scale(d / dir.Len()))
	}
	goal := et
	gb := etb
	if goal == nil {
		goal, gb = es, esb
	}
	if goal == nil {
		return nil
	}
	gap := world.Distance(tb, gb)
	if assault {
		if et != nil && world.Distance(tb, etb) > world.Eps {
			d := world.Distance(tb, etb)
			if d <= speed+world.Eps {
				try(id+" charges "+et.ID, toward(etb, d), nil)
			}
		}
		if ew != nil && world.Distance(tb, ewb) > world.Eps {
			if d := world.Distance(tb, ewb); d <= speed+world.Eps {
				try(id+" assaults war engine "+ew.ID+" (seed 002)", toward(ewb, d), nil)
			}
		}
		if es != nil && t.u.Markers.Value(MarkStomped) == 0 {
			d := world.Distance(tb, esb)
			if d <= speed+world.Eps {
				to := toward(esb, d)
				end := tb
				end.Pos = to
				stomp := r.standsTouching(s, side, end)
				if len(stomp) > 0 {
					try(id+" stomps "+strings.Join(stomp, ", "), to, stomp)
				}
			}
		}
	} else {
		for _, d := range []float64{min(speed, gap-atii.EnemyExclusion-0.5), speed / 2} {
			if d > 0.5 && try(fmt.Sprintf("%s advances %.0f cm on %s", id, d, goal.ID), toward(gb, d), nil) {
				break
			}
		}
	}
	// A turn on the spot toward the goal, as far as Man allows.
	rel := world.RelDeg(world.Bearing(gb.Pos.Sub(tb.Pos)) - tb.Facing)
	lim := float64(sheet.Of(t.prof).Man * atii.TurnStep)
	turn := max(-lim, min(lim, rel))
	if turn > 1 || turn < -1 {
		c := &TitanMoveCmd{r: r, By: side, Titan: id, Path: []atii.Waypoint{{X: tb.Pos.X, Y: tb.Pos.Y, Facing: atii.Face(world.NormDeg(tb.Facing + turn))}}}
		if c.Validate(s) == nil {
			out = append(out, TitanMoveSuggestion{Text: id + " turns " + world.TurnWords(turn) + " toward " + goal.ID, Cmd: c})
		}
	}
	return out
}

// standsTouching lists the enemy infantry and vehicle stands (of the side
// opposing side) in base contact with base b, sorted.
func (r *Ruleset) standsTouching(s *rules.State, side string, b world.Base) []string {
	var out []string
	for i := range s.Units {
		v := &s.Units[i]
		if v.Side == side || !operational(v) {
			continue
		}
		vp, err := r.Profile(s, v)
		if err != nil || vp.WarEngine() {
			continue
		}
		vb := world.Base{ID: v.ID, Pos: v.Pos, Facing: v.Facing, Foot: vp.Base}
		if world.InContact(b, vb) || world.Overlap(b, vb) {
			out = append(out, v.ID)
		}
	}
	sort.Strings(out)
	return out
}

// titanFireChoices lists a titan's fire choices: for each enemy titan
// and each enemy detachment, every weapon that can fire at it alone,
// fired together at it (when they validate together).
func (r *Ruleset) titanFireChoices(s *rules.State, side, id string) []rules.Choice {
	t, err := r.titan(s, id)
	if err != nil {
		return nil
	}
	var targets []string
	for i := range s.Units {
		v := &s.Units[i]
		if v.Side != side && operational(v) && r.IsTitan(v) {
			targets = append(targets, v.ID)
		}
	}
	for i := range s.Formations {
		f := &s.Formations[i]
		if f.Side != side && alive(s, f.ID) && !r.titanFormation(s, f.ID) {
			targets = append(targets, f.ID)
		}
	}
	var out []rules.Choice
	for _, tg := range targets {
		aims := []atii.Aim{atii.AimNone}
		if u := s.Unit(tg); u != nil && r.IsTitan(u) {
			aims = []atii.Aim{atii.AimHigh, atii.AimLow}
		}
		for _, aim := range aims {
			var shots []TitanShot
			for _, m := range sheet.Of(t.prof).Mounts {
				sh := TitanShot{Mount: m.ID, Target: tg, Aim: aim}
				one := &TitanFireCmd{r: r, By: side, Titan: id, Shots: []TitanShot{sh}}
				if one.Validate(s) == nil && r.titanShotCanHit(s, id, sh) {
					shots = append(shots, sh)
				}
			}
			if len(shots) == 0 {
				continue
			}
			c := &TitanFireCmd{r: r, By: side, Titan: id, Shots: shots}
			if c.Validate(s) != nil {
				continue
			}
			names := make([]string, len(shots))
			for i, sh := range shots {
				names[i] = sh.Mount
			}
			text := fmt.Sprintf("%s fires %s at %s", id, strings.Join(names, ", "), tg)
			if aim != atii.AimNone {
				text += " aimed " + string(aim)
			}
			out = append(out, rules.Choice{Name: CmdTitanFire, Text: text, Units: []string{id, tg}, Cmd: c})
		}
	}
	return out
}

// titanTargetChoices lists a detachment's shooting at each enemy titan it
// can hurt (ATII rules) in the pending fire mode: in the shooting steps,
// on overwatch at the titan that has just moved, in a preparatory
// bombardment; with the chance of at least one hit on the titan itself
// from its first attack (the overwatch re-roll included).
func (r *Ruleset) titanTargetChoices(s *rules.State, side, det string) []rules.Choice {
	mode := fireMode(s)
	if mode == fireSnap {
		return nil
	}
	var reaction string
	if mode == fireOverwatch {
		g, err := r.progress(s)
		if err != nil {
			return nil
		}
		reaction = g.Reaction
	}
	var out []rules.Choice
	for i := range s.Units {
		v := &s.Units[i]
		if v.Side == side || !operational(v) || !r.IsTitan(v) || (mode == fireOverwatch && v.ID != reaction) {
			continue
		}
		for _, aim := range []atii.Aim{atii.AimHigh, atii.AimLow} {
			vol, err := r.planTitanFire(s, det, v.ID, aim, mode)
			if err != nil {
				continue
			}
			how := "fires at"
			switch mode {
			case fireOverwatch:
				how = "fires on overwatch (misses re-rolled) at"
			case fireBombard:
				how = "bombards"
			}
			text := fmt.Sprintf("%s %s titan %s aimed %s (ATII rules, Gunnery %d+, %d attack(s))", det, how, v.ID, aim, atii.NonTitanGunnery, len(vol.Attacks))
			if od, err := vol.Odds(); err == nil && len(od) > 0 {
				text += fmt.Sprintf(": %.0f%% for a hit on the titan behind its shields (first attack)", 100*od[0].AtLeastOneTitanHit)
			}
			out = append(out, rules.Choice{Name: CmdFire, Text: text, Units: append([]string{det, v.ID}, vol.Shooters...),
				Cmd: &FireCmd{r: r, By: side, Detachment: det, Titan: v.ID, Aim: aim}})
		}
	}
	return out
}

// titanShotCanHit reports whether a titan's shot at an enemy titan has
// any chance to hit. ATII-SHT-2 asks only arc and sight of a declared
// target, and ATII-SHT-4 makes a shot out of range an automatic miss: the
// declaration stays legal (TitanFireCmd validates it, and the log says
// why it missed), but Legal's ready choices leave such a weapon out, so
// no listed fire wastes a weapon on a shot that cannot hit. A shot at a
// detachment is always kept here: its volley already needs a unit in
// arc, range and sight (titanAtDetachment).
func (r *Ruleset) titanShotCanHit(s *rules.State, id string, sh TitanShot) bool {
	tu := s.Unit(sh.Target)
	if tu == nil || !r.IsTitan(tu) {
		return true
	}
	t, err := r.titan(s, id)
	if err != nil {
		return false
	}
	ws, err := r.titanWeapons(t)
	if err != nil || ws[sh.Mount] == nil {
		return false
	}
	setup, err := r.titanAtTitan(s, t, sh.Mount, ws[sh.Mount], sh.Target, sh.Aim)
	if err != nil {
		return false
	}
	th, err := atii.ToHit(setup, atiiOptions())
	return err == nil && (th.AutoHit || !th.AutoMiss && th.P > 0)
}
