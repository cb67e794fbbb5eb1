package play

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// The dice tray labels each close combat strike with its swiftness from
// the rules' strike order (atii.CloseCombatOrder, ATII-CC-2), not from the
// log's words: the labels are checked here against the catalogue weapon
// each strike names, improvised attacks included, and must not rise.
func TestCloseCombatSwiftnessInTray(t *testing.T) {
	strikeRe := regexp.MustCompile(`^swiftness (\d+): (\S+) strikes (\S+) with (.+?): `)
	checked, improvised := 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		s := newSession(t, load(t, "titan-duel"), seed, map[string]string{"red": Human, "blue": Human})
		st := s.State()
		red, blue := st.Unit("red-reaver"), st.Unit("blue-reaver")
		// Put the titans face to face 3 cm apart; red charges in the
		// assault phase.
		b := s.base(red)
		gap := 2*b.Foot.Radius + 3
		blue.Pos = red.Pos.Add(world.Heading(red.Facing).Scale(gap))
		blue.Facing = world.NormDeg(red.Facing + 180)
		var lines []string
		charged := false
		for i := 0; i < 60 && st.Turn <= 1 && len(lines) == 0; i++ {
			switch {
			case s.Mode() == ModeHandover:
				s.Continue()
			case ChoosingOrder(s.State()):
				s.ChooseOrder(true)
			case s.State().Step == atii.StepAssault && s.Decider() == "red" && !charged:
				charged = true
				s.Select("red-reaver")
				s.PressTable(red.Pos, "red-reaver")
				to := red.Pos.Add(world.Heading(red.Facing).Scale(3 - world.Eps/2))
				s.DragTo(to)
				s.ReleaseTable(to)
				s.Commit()
				if s.MsgErr {
					t.Logf("seed %d: the charge was refused: %s", seed, s.Msg)
				}
			default:
				s.EndStep()
			}
			if tr := s.Tray(); tr != nil {
				for _, stp := range tr.Steps {
					for _, ln := range stp.Lines {
						if strikeRe.MatchString(ln) {
							lines = append(lines, ln)
						}
					}
				}
			}
			st = s.State()
		}
		last := 1 << 30
		for _, ln := range lines {
			m := strikeRe.FindStringSubmatch(ln)
			sw, _ := strconv.Atoi(m[1])
			want := atii.ImprovisedSwiftness
			if m[4] == "Improvised attacks" {
				improvised++
			} else {
				want = -1
				for _, w := range s.Weapons(m[2]) {
					if w.Name == m[4] {
						want = w.Weapon.Swiftness
					}
				}
			}
			if sw != want {
				t.Errorf("seed %d: %q: swiftness %d, the weapon has %d", seed, ln, sw, want)
			}
			if sw > last {
				t.Errorf("seed %d: strikes out of swiftness order: %q after swiftness %d", seed, ln, last)
			}
			last = sw
			checked++
		}
	}
	if checked == 0 || improvised == 0 {
		t.Fatalf("%d close combat strikes (%d improvised) were labelled with their swiftness; want some of each", checked, improvised)
	}
}
