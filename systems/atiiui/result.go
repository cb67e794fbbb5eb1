package atiiui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// MoveResult is a move that rolled dangerous terrain dice (ATII-MOV-4):
// the path asked for, how far the rolled allowance let the titan go and
// where it stopped.
type MoveResult struct {
	Unit string
	// Asked is the path asked for: the start, then the waypoints.
	Asked []world.Vec
	// Length is the asked path's length and Distance how far the titan got
	// along it (cm); End is where it stands now.
	Length, Distance float64
	End              world.Vec
	// Faces are the dangerous terrain dice; Allowance is how far they let
	// the titan go through dangerous terrain (their total capped by the
	// Speed left on entering it).
	Faces     []int
	Allowance float64
	Complete  bool
	// Reason is why the move stopped short ("" when complete).
	Reason string
	// dice is how many dangerous terrain dice the move rolls (one per Man
	// left after its turns; none when the turns spent it all).
	dice int
}

// Text sums the result up, e.g. "stopped after 9.5 of 14.0 cm: dangerous
// terrain allowance used up (7.0 cm); rolled 3+4 = 7".
func (m *MoveResult) Text() string {
	var fs []string
	sum := 0
	for _, f := range m.Faces {
		fs = append(fs, strconv.Itoa(f))
		sum += f
	}
	roll := fmt.Sprintf("rolled %s = %d", strings.Join(fs, "+"), sum)
	if len(fs) == 0 {
		roll = "no dice: the turns used every Man point"
	} else if m.Allowance < float64(sum)-1e-9 {
		// The allowance is the dice total capped by the Speed left on
		// entering the dangerous terrain (ATII-MOV-4).
		roll += fmt.Sprintf(", capped at %.0f cm: the Speed left on entering the dangerous terrain", m.Allowance)
	}
	if m.Complete {
		return fmt.Sprintf("dangerous terrain: %s, allowance %.0f cm: path completed (%.1f cm)", roll, m.Allowance, m.Length)
	}
	why := m.Reason
	if why == "" {
		why = fmt.Sprintf("allowance %.0f cm used up", m.Allowance)
	}
	return fmt.Sprintf("stopped after %.1f of %.1f cm: %s; %s", m.Distance, m.Length, why, roll)
}

// Split cuts the asked path where the titan stopped: the part it covered
// and the part it did not reach.
func (m *MoveResult) Split() (reached, unreached []world.Vec) {
	if len(m.Asked) == 0 {
		return nil, nil
	}
	left := m.Distance
	reached = []world.Vec{m.Asked[0]}
	for i := 1; i < len(m.Asked); i++ {
		a, b := m.Asked[i-1], m.Asked[i]
		l := b.Sub(a).Len()
		if left >= l-1e-9 {
			reached = append(reached, b)
			left -= l
			continue
		}
		cut := b
		if l > 0 {
			cut = a.Lerp(b, left/l)
		}
		reached = append(reached, cut)
		unreached = append([]world.Vec{cut}, m.Asked[i:]...)
		return reached, unreached
	}
	return reached, nil
}

// moveAsked notes the path a move command asks for, before it is played
// (nil for other commands or moves that cross no dangerous terrain).
func (s *UI) moveAsked(c rules.Command) *MoveResult {
	mc, ok := c.(*atii.MoveCmd)
	if !ok {
		return nil
	}
	u := s.State().Unit(mc.Unit)
	if u == nil {
		return nil
	}
	v, _ := s.rs().PlanMove(s.State(), mc)
	if !v.Measured || !v.Check.Dangerous {
		return nil
	}
	m := &MoveResult{Unit: mc.Unit, Asked: []world.Vec{u.Pos}, Length: v.Report.Total, dice: v.Check.DangerDice}
	for _, wp := range mc.Path {
		m.Asked = append(m.Asked, world.Vec{X: wp.X, Y: wp.Y})
	}
	// The allowance is the roll capped by the Speed left on entering the
	// dangerous terrain (ATII-MOV-4).
	m.Allowance = v.Check.Speed
	for _, sg := range v.Report.Segments {
		if sg.Dangerous {
			break
		}
		cost := sg.Length
		if sg.Backwards {
			cost *= atii.BackwardsCost
		}
		m.Allowance -= cost
	}
	return m
}

// moveResult completes the noted move from the log entries from index
// from: the dice, the distance covered, where the titan stands.
func (s *UI) moveResult(m *MoveResult, from int) *MoveResult {
	if m == nil {
		return nil
	}
	lg := s.State().Log
	moved := false
	for i := from; i < len(lg); i++ {
		e := lg[i]
		// A move rolls nothing but its dangerous terrain dice, before it
		// is logged as moved. (The roll names the titan's profile rather
		// than the titan, so it is not matched by unit.)
		if e.Roll != nil && len(m.Faces) == 0 && !moved && m.dice > 0 {
			m.Faces = append([]int(nil), e.Roll.Faces...)
		}
		if e.Kind == rules.EvMoved && hasUnit(e.Units, m.Unit) {
			moved = true
			if d, err := strconv.ParseFloat(e.Data["distance"], 64); err == nil {
				m.Distance = d
			}
			if _, why, ok := strings.Cut(e.Text, " and stops: "); ok {
				m.Reason = why
			}
		}
	}
	if !moved || len(m.Faces) != m.dice {
		return nil
	}
	sum := 0
	for _, f := range m.Faces {
		sum += f
	}
	if float64(sum) < m.Allowance {
		m.Allowance = float64(sum)
	}
	if m.Allowance < 0 {
		m.Allowance = 0
	}
	m.Complete = m.Reason == ""
	if u := s.State().Unit(m.Unit); u != nil {
		m.End = u.Pos
	}
	return m
}

func hasUnit(ids []string, id string) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}
