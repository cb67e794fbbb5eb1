package atii

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/auspex/auspex/rules"
)

// CmdDisengage declares titans disengaging at the start of a turn.
const CmdDisengage = "disengage"

// DisengageCmd declares titans of a side disengaging this turn (digest
// section 1, ending the battle: "at the start of any turn you may declare
// that one or more of your Titans are disengaging"): their Speed is
// doubled, they may not shoot or make close combat attacks, and they may
// walk off the table in their movement or assault move. The declaration
// costs no activation and leaves the decision where it was: the initiative
// winner gives it with the order choice, and each side with its decisions
// of the movement phase until one of its titans has acted (the side that
// did not win the initiative has no decision earlier in the turn).
type DisengageCmd struct {
	r     *Ruleset
	By    string   `json:"by"`
	Units []string `json:"units"`
}

// Disengage returns a disengage declaration bound to the ruleset.
func (r *Ruleset) Disengage(by string, units ...string) *DisengageCmd {
	return &DisengageCmd{r: r, By: by, Units: units}
}

// Name implements rules.Command.
func (*DisengageCmd) Name() string { return CmdDisengage }

// Actor implements rules.Command.
func (c *DisengageCmd) Actor() string { return c.By }

// canDeclare reports whether side may declare disengaging titans now.
func canDeclare(s *rules.State, g GameProgress, side string) bool {
	p := s.Pending
	if p == nil || p.Side != side {
		return false
	}
	switch {
	case s.Step == StepInitiative:
		return p.Kind == KindInitiative
	case s.Step == StepMovement && p.Kind == "move":
		for _, e := range g.Order {
			if e.Side == side && e.Moved {
				return false
			}
		}
		return true
	}
	return false
}

// Validate implements rules.Command: at the start of the turn (see
// DisengageCmd), at least one titan, each the side's own, on the table,
// not already disengaging, listed once.
func (c *DisengageCmd) Validate(s *rules.State) error {
	r := c.r
	if r == nil {
		return errUnbound
	}
	g, err := r.progress(s)
	if err != nil {
		return err
	}
	if !canDeclare(s, g, c.By) {
		return fmt.Errorf("%s may declare disengaging titans only at the start of the turn (with the initiative choice, or before its first titan acts in the movement phase)", c.By)
	}
	if len(c.Units) == 0 {
		return fmt.Errorf("no titan listed")
	}
	seen := map[string]bool{}
	for _, id := range c.Units {
		t, err := r.titan(s, id)
		if err != nil {
			return err
		}
		switch {
		case seen[id]:
			return fmt.Errorf("%s listed twice", id)
		case t.u.Side != c.By:
			return fmt.Errorf("%s belongs to %s", id, t.u.Side)
		case !operational(t.u):
			return fmt.Errorf("%s is not on the table", id)
		case t.ts.Disengaging:
			return fmt.Errorf("%s is already disengaging", id)
		}
		seen[id] = true
	}
	return nil
}

// Apply implements rules.Command.
func (c *DisengageCmd) Apply(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	if err := c.Validate(s); err != nil {
		return nil, err
	}
	ids := append([]string(nil), c.Units...)
	sort.Strings(ids)
	for _, id := range ids {
		t, err := c.r.titan(s, id)
		if err != nil {
			return nil, err
		}
		ts := t.ts.Clone()
		ts.Disengaging = true
		if err := putTitan(t.u, t.prof, ts); err != nil {
			return nil, err
		}
	}
	text := fmt.Sprintf("%s disengaging this turn: %s (double Speed, no shooting or close combat, may leave the table)", c.By, strings.Join(ids, ", "))
	return []rules.Event{{Kind: rules.EvMessage, Side: c.By, Units: ids, Text: text}}, nil
}

// withDisengage adds the disengage command to a decision's commands when
// side may still declare (canDeclare on the decision about to be given).
func withDisengage(cmds []string) []string {
	return append(append(make([]string, 0, len(cmds)+1), cmds...), CmdDisengage)
}

// disengageText follows a titan's id in the text of its disengage choice.
const disengageText = " disengages this turn (double Speed, no shooting or close combat, may leave the table)"

// appendDisengage appends to out the choices of each titan of side that
// is not yet disengaging, alone, and all of them, when side may declare
// now.
func (r *Ruleset) appendDisengage(out []rules.Choice, s *rules.State, side string, le *legalErr) []rules.Choice {
	g, err := r.progressView(s) // only read
	le.note(err)
	if err != nil || !canDeclare(s, g, side) || !hasString(s.Pending.Commands, CmdDisengage) {
		return out
	}
	var idBuf [16]string // scratch: the choices keep copies
	ids := idBuf[:0]
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || !operational(u) {
			continue
		}
		t, err := r.titanRead(s, u.ID)
		le.note(err)
		if err == nil && !t.ts.Disengaging {
			ids = append(ids, u.ID)
		}
	}
	if len(ids) > 0 {
		out = slices.Grow(out, len(ids)+1)
	}
	// One block each for the unit lists (the choices' and the commands')
	// and the commands, and one string for the texts (each a part of it).
	all := len(ids) > 1
	n := 2 * len(ids)
	if all {
		n += 2 * len(ids)
	}
	units := make([]string, n)
	cmds := make([]DisengageCmd, len(ids))
	size := len(ids) * len(disengageText)
	for _, id := range ids {
		size += len(id)
	}
	var tb strings.Builder
	tb.Grow(size)
	for _, id := range ids {
		tb.WriteString(id)
		tb.WriteString(disengageText)
	}
	texts := tb.String()
	at := 0
	for i, id := range ids {
		units[2*i], units[2*i+1] = id, id
		cmds[i] = DisengageCmd{r: r, By: side, Units: units[2*i+1 : 2*i+2 : 2*i+2]}
		end := at + len(id) + len(disengageText)
		out = append(out, rules.Choice{Name: CmdDisengage, Units: units[2*i : 2*i+1 : 2*i+1], Cmd: &cmds[i], Text: texts[at:end]})
		at = end
	}
	if all {
		k := 2 * len(ids)
		cu, ou := units[k:k+len(ids):k+len(ids)], units[k+len(ids):]
		copy(cu, ids)
		copy(ou, ids)
		out = append(out, rules.Choice{Name: CmdDisengage, Units: ou, Cmd: r.Disengage(side, cu...), Text: "every titan disengages this turn"})
	}
	return out
}
