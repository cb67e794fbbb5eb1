package atii

import "github.com/auspex/auspex/rules"

// Forfeits lists the titans that lose their activation this phase if id
// acts now (ATII-MOV-1: in the movement phase the lowest Man goes first,
// in the assault phase the highest; starting a titan out of that order
// forfeits the titans of its side that should have gone before it). It is
// nil when acting now forfeits nobody, in the combat phase (no order to
// keep there), and when s holds no readable order. Players use it to
// weigh going out of order; the rules apply it in StartMove.
func (r *Ruleset) Forfeits(s *rules.State, id string) []string {
	if s.Step != StepMovement && s.Step != StepAssault {
		return nil
	}
	g, err := r.progressView(s)
	if err != nil {
		return nil
	}
	return forfeited(g.Order, id, s.Step == StepAssault)
}
