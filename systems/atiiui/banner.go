package atiiui

import (
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules/atii"
)

// StepName names a flow step for a player: the banner's title and the
// dice log's lines (play.SystemUI).
func (s *UI) StepName(step string) string { return stepName(step) }

// stepName names a flow step for the banner and the dice log.
func stepName(step string) string {
	switch step {
	case atii.StepMission:
		return "Mission objectives"
	case atii.StepDeploy:
		return "Deployment"
	case atii.StepInitiative:
		return "Initiative"
	case atii.StepMovement:
		return "Movement phase"
	case atii.StepShooting:
		return "Shooting phase"
	case atii.StepAssault:
		return "Assault phase"
	case atii.StepCloseCombat:
		return "Close combat"
	case atii.StepRally:
		return "Rally phase"
	case atii.StepEnd:
		return "End phase"
	case atii.StepDebrief:
		return "Debrief"
	}
	return step
}

// DecisionBanner is the banner's title (turn and step) and, for the end screen
// and a human's decision, its lines: the result, or what the decider may
// do and the keys that do it.
func (s *UI) DecisionBanner(m play.Mode) play.Banner {
	st := s.State()
	b := play.Banner{Title: s.TurnText() + " - " + stepName(st.Step)}
	d := s.Decider()
	switch m {
	case play.ModeOver:
		b.Title = "Game over"
		if st.Result != nil {
			b.Who = play.Capitalize(st.Result.Kind)
			if st.Result.Winner != "" {
				b.Who = s.SideName(st.Result.Winner) + ": " + st.Result.Kind
			}
			b.Lines = append(b.Lines, s.ResultWhy())
		}
		b.Lines = append(b.Lines, "Ctrl+S saves the finished game; Ctrl+N starts a new one.")
		return b
	case play.ModeHandover, play.ModeThinking, play.ModeTray, play.ModeDice:
		return b
	}
	b.Who = s.SideName(d) + " to decide"
	if p := st.Pending; p != nil && p.Prompt != "" {
		b.Lines = append(b.Lines, s.named(p.Prompt))
	}
	switch st.Step {
	case atii.StepMovement, atii.StepShooting, atii.StepAssault:
		if ChoosingOrder(st) {
			b.Lines = append(b.Lines, "Press 1 (or F) to go first, 2 (or S) to go second, or click a choice.")
			return b
		}
	}
	switch st.Step {
	case atii.StepDeploy:
		zone := "your deployment zone (gold)"
		if mv, err := atii.MissionOf(st); err == nil && mv.Map != "" {
			zone = "your zone (" + s.rs().ZoneName(mv.SideZones[s.Decider()]) + ", gold)"
		} else if z := s.DeployZone(); z != nil && z.Name != "" {
			zone = z.Name + " (gold)"
		}
		b.Lines = append(b.Lines, "Press inside "+zone+" to place "+s.Name(s.deployUnit())+", drag to aim, release to deploy; a click faces it across the table; [ ] turn it; Tab: another titan.")
	case atii.StepInitiative:
		b.Lines = append(b.Lines, "Press 1 (or F) to go first, 2 (or S) to go second, or click a choice.")
	case atii.StepMovement, atii.StepAssault:
		b.Lines = append(b.Lines, "Drag from your titan or the path's end, click points, or pick a suggestion (its number); wheel or [ ] turn the facing; Enter moves; H holds; E holds the next in Man order.")
	case atii.StepShooting:
		if p := st.Pending; p != nil && p.Kind != "fire" {
			b.Lines = append(b.Lines, "Pick a choice with its number key or click it; E passes.")
		} else {
			b.Lines = append(b.Lines, "Pick a weapon (1-9), click an enemy titan to declare it (T toggles aim high/low); Enter fires all declared weapons; H holds fire.")
		}
	case atii.StepRally:
		if s.Allocating() {
			b.Lines = append(b.Lines, "Allocate the repairs you rolled: pick a line (1-9) or click it; Enter takes the first.")
		} else {
			b.Lines = append(b.Lines, "Enter rolls the repair dice; then you choose what the repairs fix.")
		}
	default:
		b.Lines = append(b.Lines, "Pick a choice with its number key or click it; E ends the step.")
	}
	return b
}
