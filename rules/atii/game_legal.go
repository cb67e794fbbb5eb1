package atii

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/world"
)

// legalErr keeps the first error a Legal call met: ruleset data in the
// state that does not decode, a unit that is not there. A nil *legalErr
// drops them (Legal).
type legalErr struct{ err error }

func (l *legalErr) note(err error) {
	if l != nil && l.err == nil && err != nil {
		l.err = err
	}
}

// LegalErr implements rules.LegalReporter: Legal on any state s, with the
// first error met reading it (the choices it could build are still
// returned with it). Errors: undecodable ruleset data in s, a unit the
// game's data names that s does not hold.
func (r *Ruleset) LegalErr(s *rules.State, side string) ([]rules.Choice, error) {
	var le legalErr
	out := r.legal(s, side, &le)
	if le.err != nil {
		return out, fmt.Errorf("atii legal choices for %s at %s: %w", side, s.Step, le.err)
	}
	return out, nil
}

// Legal implements rules.Ruleset: what side may do for the pending
// decision. Discrete choices are ready to submit (the order choice, hold,
// a fire command with every weapon at its nearest legal target, repairs in
// the default order, overwatch offers and orders, shield orders); moves and deployment are templates
// (Continuous says what to fill in: the path or the position).
func (r *Ruleset) Legal(s *rules.State, side string) []rules.Choice {
	return r.legal(s, side, nil)
}

func (r *Ruleset) legal(s *rules.State, side string, le *legalErr) []rules.Choice {
	p := s.Pending
	if s.Over || p == nil || p.Side != side {
		return nil
	}
	switch p.Kind {
	case KindOverwatch:
		return append(r.legalOverwatch(s, side, le), r.legalShields(s, side, le)...)
	case KindOrders:
		return append(r.legalOrders(s, side, le), r.legalShields(s, side, le)...)
	}
	if p.Kind == KindInitiative {
		what := "this turn"
		if s.Step != StepInitiative {
			what = "in the " + s.Phase + " phase"
		}
		out := append(make([]rules.Choice, 0, 2+r.orderRoom(s, side)),
			rules.Choice{Name: CmdOrder, Text: "go first " + what, Cmd: r.Order(side, true)},
			rules.Choice{Name: CmdOrder, Text: "go second " + what, Cmd: r.Order(side, false)})
		return r.appendDisengage(out, s, side, le)
	}
	switch s.Step {
	case StepDeploy:
		return r.legalDeploy(s, side, le)
	case StepMovement, StepAssault:
		out := r.legalMove(s, side, le, r.orderRoom(s, side))
		out = append(out, r.legalShields(s, side, le)...)
		return r.appendDisengage(out, s, side, le)
	case StepShooting:
		return append(r.legalFire(s, side, le), r.legalShields(s, side, le)...)
	case StepRally:
		if p.Kind == KindAllocate {
			return r.legalAllocate(s, side, le)
		}
		var out []rules.Choice
		for _, id := range p.Units {
			t, err := r.titan(s, id)
			if err != nil {
				le.note(err)
				continue
			}
			rep := Repairable(t.prof, t.ts)
			out = append(out, rules.Choice{Name: CmdRepair, Units: []string{id}, Cmd: r.Repair(side, id),
				Text: fmt.Sprintf("roll %d repair dice for %s, then allocate them (can fix: %s)", sheet.Of(t.prof).RepairDice, id, groupList(rep))})
		}
		return out
	}
	return nil
}

func (r *Ruleset) legalDeploy(s *rules.State, side string, le *legalErr) []rules.Choice {
	g, err := r.progressView(s)
	if err != nil {
		le.note(err)
		return nil
	}
	setup, err := r.setup(s)
	if err != nil {
		le.note(err)
		return nil
	}
	next := Movable(g.Order, side, false)
	if len(next) == 0 {
		return nil
	}
	first, err := r.titan(s, next[0])
	if err != nil {
		le.note(err)
		return nil
	}
	var out []rules.Choice
	for _, id := range next {
		t, err := r.titan(s, id)
		le.note(err)
		if err != nil || sheet.Of(t.prof).Man > sheet.Of(first.prof).Man {
			continue
		}
		zone := setup.SideZones[side]
		out = append(out, rules.Choice{Name: CmdDeploy, Units: []string{id}, Cmd: r.Deploy(side, id, t.u.Pos.X, t.u.Pos.Y, t.u.Facing),
			Text:       fmt.Sprintf("deploy %s", id),
			Continuous: fmt.Sprintf("x, y, facing: a position with the whole base inside zone %q, on the table, clear of other titans", zone)})
	}
	return out
}

// orderRoom is at least the number of shield and disengage choices Legal
// offers side with the pending decision (one of each per operational
// titan of side, and "every titan disengages"): room a choice list keeps
// for them.
func (r *Ruleset) orderRoom(s *rules.State, side string) int {
	shields, disengage := hasString(s.Pending.Commands, CmdShields), hasString(s.Pending.Commands, CmdDisengage)
	if !shields && !disengage {
		return 0
	}
	n := 0
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && operational(u) {
			n++
		}
	}
	room := 0
	if shields {
		room += n
	}
	if disengage {
		room += n + 1
	}
	return room
}

// moveChoice is the memory of one titan's move and hold choices: their
// unit lists, the move template's path and the two commands.
type moveChoice struct {
	units [2]string
	path  [1]Waypoint
	move  MoveCmd
	hold  HoldCmd
}

// legalMove lists a move template and a hold for every titan of side that
// may act now, in a list with room for more choices.
func (r *Ruleset) legalMove(s *rules.State, side string, le *legalErr, room int) []rules.Choice {
	g, err := r.progressView(s)
	if err != nil {
		le.note(err)
		return nil
	}
	opts, err := r.options(s)
	if err != nil {
		le.note(err)
		return nil
	}
	assault := s.Step == StepAssault
	var mb [16]string
	movable := appendMovable(mb[:0], g.Order, side, assault)
	var out []rules.Choice // nil when none may move, as before
	if len(movable) > 0 {
		out = make([]rules.Choice, 0, 2*len(movable)+room)
	}
	// One block for the choices' unit lists, paths and commands.
	mem := make([]moveChoice, len(movable))
	// The texts go into one string, each text a part of it: the forfeit
	// notes first, to size it.
	var noteBuf [16]string
	notes := noteBuf[:0]
	size := 0
	for _, id := range movable {
		note := ""
		if lost := forfeited(g.Order, id, assault); len(lost) > 0 {
			note = " (forfeits " + strings.Join(lost, ", ") + ")"
		}
		notes = append(notes, note)
		size += len("move ") + len(" holds") + 2*(len(id)+len(note))
	}
	var tb strings.Builder
	tb.Grow(size)
	var spanBuf [32][2]int
	spans := spanBuf[:0]
	first := len(out)
	for i, id := range movable {
		t, err := r.titanRead(s, id)
		if err != nil {
			le.note(err)
			continue
		}
		note := notes[i]
		sp := Speed(t.prof, t.ts, opts)
		rule := "keep 10 cm from enemy titans"
		if assault {
			rule = "base contact with an enemy titan charges it"
			if len(r.enemiesInContact(s, t.u)) > 0 {
				rule = "in close combat: may only turn"
			}
		}
		m := &mem[i]
		m.units = [2]string{id, id}
		m.path[0] = Waypoint{X: t.u.Pos.X, Y: t.u.Pos.Y}
		m.move = MoveCmd{r: r, By: side, Unit: id, Path: m.path[:]}
		m.hold = HoldCmd{r: r, By: side, Unit: id}
		ta := tb.Len()
		tb.WriteString("move ")
		tb.WriteString(id)
		tb.WriteString(note)
		tm := tb.Len()
		tb.WriteString(id)
		tb.WriteString(" holds")
		tb.WriteString(note)
		spans = append(spans, [2]int{ta, tm}, [2]int{tm, tb.Len()})
		out = append(out,
			rules.Choice{Name: CmdMove, Units: m.units[0:1:1], Cmd: &m.move,
				Continuous: r.moveTemplateText(sp, sheet.Of(t.prof).Man, rule)},
			rules.Choice{Name: CmdHold, Units: m.units[1:2:2], Cmd: &m.hold})
	}
	texts := tb.String()
	for k, sp := range spans {
		out[first+k].Text = texts[sp[0]:sp[1]]
	}
	return out
}

// moveTemplateText is the Continuous text of a move template: what a path
// is and what limits it. The texts are few (a speed, a Man, a rule): each
// is built once per ruleset.
func (r *Ruleset) moveTemplateText(sp float64, man int, rule string) string {
	type key struct {
		sp   float64
		man  int
		rule string
	}
	k := key{sp, man, rule}
	if r.texts != nil && sp == sp { // a NaN key would never be found
		if v, ok := r.texts.Load(k); ok {
			return v.(string)
		}
	}
	t := "path: waypoints {x, y[, facing]}; Speed " + strconv.FormatFloat(sp, 'f', 0, 64) +
		" cm (backwards costs 3 cm per cm), Man " + strconv.Itoa(man) + " (one turn of up to 45 degrees per point); " + rule
	if r.texts != nil && sp == sp {
		r.texts.Store(k, t)
	}
	return t
}

func (r *Ruleset) legalFire(s *rules.State, side string, le *legalErr) []rules.Choice {
	g, err := r.progressView(s)
	if err != nil {
		le.note(err)
		return nil
	}
	opts, err := r.options(s)
	if err != nil {
		le.note(err)
		return nil
	}
	var mb [16]string
	movable := appendMovable(mb[:0], g.Order, side, false)
	sight := r.sight
	ue := r.unitEnds(len(s.Units))
	// The choices are drafted in the call's scratch (kept with ue), then
	// copied into memory of their own, each list sized exactly.
	sc := &ue.fire
	// A titan whose choices nothing has changed since an earlier call
	// (fireMemo) has them replayed, not drafted again.
	memo := ue.memo.begin(s, opts)
	for _, id := range movable {
		t, err := r.titanRead(s, id)
		if err != nil {
			le.note(err)
			continue
		}
		if !memo || !ue.memo.replay(sc, t) {
			mk := sc.mark()
			sc.fireChoices(id, r.shotsByMount(s, t, opts, sight, ue, nil))
			if memo {
				ue.memo.record(sc, mk, t)
			}
		}
		sc.hold(id)
	}
	out := sc.choices(r, side)
	r.putUnitEnds(ue)
	return out
}

// MoveToward returns a path for titan id that walks straight toward point
// to, stopping short by keep cm of centre distance, for at most dist cm,
// and optionally turning to face face at the end. Controllers and tests
// use it to fill move templates.
func MoveToward(s *rules.State, id string, to world.Vec, dist float64) []Waypoint {
	u := s.Unit(id)
	if u == nil {
		return nil
	}
	d := to.Sub(u.Pos)
	l := d.Len()
	if l < 1e-9 {
		return []Waypoint{{X: u.Pos.X, Y: u.Pos.Y}}
	}
	if dist > l {
		dist = l
	}
	p := u.Pos.Add(d.Scale(dist / l))
	return []Waypoint{{X: p.X, Y: p.Y}}
}

// legalOverwatch offers each titan on overwatch firing every weapon at its
// nearest legal target, then passing.
func (r *Ruleset) legalOverwatch(s *rules.State, side string, le *legalErr) []rules.Choice {
	opts, err := r.options(s)
	if err != nil {
		le.note(err)
		return nil
	}
	var out []rules.Choice
	for _, id := range s.Pending.Units {
		t, err := r.titan(s, id)
		if err != nil {
			le.note(err)
			continue
		}
		shots, probs := r.bestShots(s, t, opts)
		if len(shots) == 0 {
			continue
		}
		var parts []string
		units := make([]string, 1, 1+len(shots))
		units[0] = id
		for i, sh := range shots {
			parts = append(parts, fmt.Sprintf("%s at %s (%.0f%% a die)", sh.Mount, sh.Target, 100*probs[i]))
			if !hasString(units, sh.Target) {
				units = append(units, sh.Target)
			}
		}
		out = append(out, rules.Choice{Name: CmdFire, Units: units, Cmd: r.Fire(side, id, shots...),
			Text: id + " fires on overwatch: " + strings.Join(parts, ", ")})
	}
	return append(out, rules.Choice{Name: CmdPass, Cmd: r.Pass(side), Text: "hold the overwatch fire for later"})
}

// legalOrders offers the end-of-turn overwatch orders: none, each titan
// alone, or all of them.
func (r *Ruleset) legalOrders(s *rules.State, side string, le *legalErr) []rules.Choice {
	ids := s.Pending.Units
	out := []rules.Choice{{Name: CmdOverwatch, Cmd: r.Overwatch(side), Text: "no titan on overwatch"}}
	for _, id := range ids {
		out = append(out, rules.Choice{Name: CmdOverwatch, Units: []string{id}, Cmd: r.Overwatch(side, id), Text: id + " goes on overwatch"})
	}
	if len(ids) > 1 {
		out = append(out, rules.Choice{Name: CmdOverwatch, Units: append([]string(nil), ids...), Cmd: r.Overwatch(side, ids...), Text: "every titan goes on overwatch"})
	}
	return out
}

// legalShields offers to flip the overload-shields order of side's titans
// (only with OptOverloadShields).
func (r *Ruleset) legalShields(s *rules.State, side string, le *legalErr) []rules.Choice {
	opts, err := r.options(s)
	le.note(err)
	if err != nil || !opts.OverloadShields || s.Pending == nil || !hasString(s.Pending.Commands, CmdShields) {
		return nil
	}
	var out []rules.Choice
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || !operational(u) {
			continue
		}
		t, err := r.titanRead(s, u.ID)
		if err != nil {
			le.note(err)
			continue
		}
		text := u.ID + ": overload void shields as they go down"
		if t.ts.OverloadOrder {
			text = u.ID + ": stop overloading void shields"
		}
		out = append(out, rules.Choice{Name: CmdShields, Units: []string{u.ID}, Cmd: r.Shields(side, u.ID, !t.ts.OverloadOrder), Text: text})
	}
	return out
}

// maxAllocations caps the allocations Legal lists.
const maxAllocations = 64

// legalAllocate lists the ways to allocate the pending repair successes:
// every multiset of repairable systems of the right size (up to
// maxAllocations), described grouped ("head, shield x2").
func (r *Ruleset) legalAllocate(s *rules.State, side string, le *legalErr) []rules.Choice {
	g, err := r.progressView(s)
	le.note(err)
	if err != nil || g.Repair == nil || g.Repair.Side != side {
		return nil
	}
	t, err := r.titan(s, g.Repair.Unit)
	if err != nil {
		le.note(err)
		return nil
	}
	rep := Repairable(t.prof, t.ts)
	n := RepairsToAllocate(t.prof, t.ts, g.Repair.Successes)
	var systems []string
	caps := map[string]int{}
	for _, x := range rep {
		if caps[x] == 0 {
			systems = append(systems, x)
		}
		caps[x]++
	}
	var out []rules.Choice
	var pick []string
	var walk func(i, left int)
	walk = func(i, left int) {
		if len(out) >= maxAllocations {
			return
		}
		if left == 0 {
			sys := append([]string(nil), pick...)
			out = append(out, rules.Choice{Name: CmdAllocate, Units: []string{g.Repair.Unit}, Cmd: r.Allocate(side, g.Repair.Unit, sys...),
				Text: fmt.Sprintf("%s repairs %s", g.Repair.Unit, groupList(sys))})
			return
		}
		if i == len(systems) {
			return
		}
		for k := min(caps[systems[i]], left); k >= 0; k-- {
			for j := 0; j < k; j++ {
				pick = append(pick, systems[i])
			}
			walk(i+1, left-k)
			pick = pick[:len(pick)-k]
		}
	}
	walk(0, n)
	return out
}

// groupList writes a list with repeats grouped: "head x2, shield".
func groupList(list []string) string {
	var order []string
	n := map[string]int{}
	for _, x := range list {
		if n[x] == 0 {
			order = append(order, x)
		}
		n[x]++
	}
	parts := make([]string, len(order))
	for i, x := range order {
		parts[i] = x
		if n[x] > 1 {
			parts[i] = fmt.Sprintf("%s x%d", x, n[x])
		}
	}
	return strings.Join(parts, ", ")
}

// fireDraft is one choice legalFire offers, drafted in a fireScratch:
// a fire command of unit or its hold, with the spans of its shots, unit
// list and text in the scratch.
type fireDraft struct {
	unit               string
	hold               bool
	shots, units, text [2]int
}

// fireScratch is legalFire's scratch, kept with the call's unitEnds (so
// reused from one call to the next, never shared by two calls): the
// drafted choices and one list each for their shots, unit lists and
// texts; choices copies what the choices keep.
type fireScratch struct {
	drafts  []fireDraft
	shots   []Shot
	units   []string
	text    []byte
	picks   []mountShot
	targets []string
}

// reset empties sc, dropping what it points into. What lies past the
// lists' lengths was cleared by the last reset or, for shots dropped as
// a duplicate, when they were dropped (fireChoices empties picks and
// targets itself).
func (sc *fireScratch) reset() {
	clear(sc.drafts)
	clear(sc.shots)
	clear(sc.units)
	sc.drafts, sc.shots, sc.units, sc.text = sc.drafts[:0], sc.shots[:0], sc.units[:0], sc.text[:0]
}

// hold drafts titan id's hold.
func (sc *fireScratch) hold(id string) {
	ua, ta := len(sc.units), len(sc.text)
	sc.units = append(sc.units, id)
	sc.text = append(append(sc.text, id...), " holds its fire"...)
	sc.drafts = append(sc.drafts, fireDraft{unit: id, hold: true,
		shots: [2]int{len(sc.shots), len(sc.shots)}, units: [2]int{ua, len(sc.units)}, text: [2]int{ta, len(sc.text)}})
}

// choices returns the drafted choices of side, each with memory of its
// own: one list each for every choice's shots, unit lists, commands and
// texts (each choice takes a capped part). sc is left as it was (reset
// empties it).
func (sc *fireScratch) choices(r *Ruleset, side string) []rules.Choice {
	out := make([]rules.Choice, len(sc.drafts))
	shots := slices.Clone(sc.shots)
	units := slices.Clone(sc.units)
	texts := string(sc.text)
	nHold := 0
	for _, d := range sc.drafts {
		if d.hold {
			nHold++
		}
	}
	holds := make([]HoldCmd, 0, nHold)
	cmds := make([]FireCmd, 0, len(sc.drafts)-nHold)
	for k, d := range sc.drafts {
		c := rules.Choice{Name: CmdFire, Units: units[d.units[0]:d.units[1]:d.units[1]], Text: texts[d.text[0]:d.text[1]]}
		if d.hold {
			holds = append(holds, HoldCmd{r: r, By: side, Unit: d.unit})
			c.Name, c.Cmd = CmdHold, &holds[len(holds)-1]
		} else {
			cmds = append(cmds, FireCmd{r: r, By: side, Unit: d.unit, Shots: shots[d.shots[0]:d.shots[1]:d.shots[1]]})
			c.Cmd = &cmds[len(cmds)-1]
		}
		out[k] = c
	}
	return out
}

// fireChoices drafts a titan's concrete shooting declarations (every one
// executable as it is; ATII-SHT-1/2/3): every weapon at its nearest
// target; then, for each enemy some weapon can hit, every weapon that can
// at that enemy (the others at their nearest), aimed high, and aimed low
// where no cover hides the legs. Duplicates are left out. byMount is only
// read.
func (sc *fireScratch) fireChoices(id string, byMount [][]mountShot) {
	if len(byMount) == 0 {
		return
	}
	first := len(sc.shots) // this titan's shots start there
	add := func(what string, picks []mountShot, aim Aim) {
		at := len(sc.shots)
		for _, p := range picks {
			sh := p.shot
			if aim == AimLow && p.lowOK && p.target == what {
				sh.Aim = AimLow
			}
			sc.shots = append(sc.shots, sh)
		}
		shots := sc.shots[at:]
		// This titan's choices so far hold sc.shots[first:at], len(picks)
		// shots each.
		for m := first; m < at; m += len(picks) {
			if slices.Equal(sc.shots[m:m+len(picks)], shots) {
				clear(shots)
				sc.shots = sc.shots[:at]
				return
			}
		}
		ta := len(sc.text)
		sc.text = append(sc.text, id...)
		if what == "" {
			sc.text = append(sc.text, " fires: "...)
		} else {
			sc.text = append(sc.text, " focuses on "...)
			sc.text = append(sc.text, what...)
			sc.text = append(sc.text, " (aimed "...)
			sc.text = append(sc.text, aim...)
			sc.text = append(sc.text, "): "...)
		}
		ua := len(sc.units)
		sc.units = append(sc.units, id)
		for i, sh := range shots {
			if i > 0 {
				sc.text = append(sc.text, ", "...)
			}
			sc.text = append(sc.text, sh.Mount...)
			sc.text = append(sc.text, " at "...)
			sc.text = append(sc.text, sh.Target...)
			sc.text = append(sc.text, ' ')
			sc.text = append(sc.text, sh.Aim...)
			sc.text = append(sc.text, " ("...)
			sc.text = strconv.AppendInt(sc.text, int64(int(100*picks[i].p+0.5)), 10)
			sc.text = append(sc.text, "% a die)"...)
			if !hasString(sc.units[ua:], sh.Target) {
				sc.units = append(sc.units, sh.Target)
			}
		}
		sc.drafts = append(sc.drafts, fireDraft{unit: id,
			shots: [2]int{at, len(sc.shots)}, units: [2]int{ua, len(sc.units)}, text: [2]int{ta, len(sc.text)}})
	}
	picks := sc.picks[:0]
	targets := sc.targets[:0]
	for _, list := range byMount {
		picks = append(picks, list[0])
		for _, ms := range list {
			if !hasString(targets, ms.target) {
				targets = append(targets, ms.target)
			}
		}
	}
	add("", picks, AimHigh)
	for _, tg := range targets {
		anyLow := false
		for i, list := range byMount {
			picks[i] = list[0]
			for _, ms := range list {
				if ms.target == tg {
					picks[i] = ms
					anyLow = anyLow || ms.lowOK
					break
				}
			}
		}
		add(tg, picks, AimHigh)
		if anyLow {
			add(tg, picks, AimLow)
		}
	}
	// A titan's scratch: emptied for the next.
	clear(picks)
	clear(targets)
	sc.picks, sc.targets = picks[:0], targets[:0]
}
