package atiiui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
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
		s := newSession(t, load(t, "titan-duel"), seed, map[string]string{"red": play.Human, "blue": play.Human})
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
			case s.Mode() == play.ModeHandover:
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
						want = sheet.WeaponOf(w.Weapon).Swiftness
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

// A melee of three titans (ATII-CC-1: one Reaver in base contact with two
// Warhounds) is fought in one swiftness sequence (ATII-CC-2): the tray
// labels every one of its strikes with the striking weapon's swiftness,
// as it does for a two-titan fight.
func TestMeleeOfThreeStrikesHaveSwiftnessInTray(t *testing.T) {
	strikeRe := regexp.MustCompile(`^(swiftness (\d+): )?(\S+) strikes (\S+) with (.+?): `)
	s := newSession(t, load(t, "titan-battlegroup"), 7, map[string]string{"red": play.Human, "blue": play.Human})
	st := s.State()
	r, b1, b2 := st.Unit("red-reaver-1"), st.Unit("blue-warhound-1"), st.Unit("blue-warhound-2")
	r.Pos, r.Facing = world.Vec{X: 60, Y: 60}, 180
	b1.Pos, b1.Facing = world.Vec{X: 60, Y: 64.5}, 0
	b2.Pos, b2.Facing = world.Vec{X: 60, Y: 55.5}, 180
	melee, labelled := false, 0
	for i := 0; i < 200 && !melee && s.State().Turn == 1; i++ {
		switch {
		case s.Mode() == play.ModeHandover:
			s.Continue()
		case ChoosingOrder(s.State()):
			s.ChooseOrder(true)
		default:
			s.EndStep()
		}
		tr := s.Tray()
		if tr == nil {
			continue
		}
		last := 1 << 30
		for _, stp := range tr.Steps {
			if strings.HasPrefix(stp.Head, "close combat (one melee)") {
				melee = true
			}
			for _, ln := range stp.Lines {
				m := strikeRe.FindStringSubmatch(ln)
				if m == nil {
					continue
				}
				if m[1] == "" {
					t.Errorf("a melee strike has no swiftness label: %q", ln)
					continue
				}
				sw, _ := strconv.Atoi(m[2])
				want := atii.ImprovisedSwiftness
				if m[5] != "Improvised attacks" {
					want = -1
					for _, w := range s.Weapons(m[3]) {
						if w.Name == m[5] {
							want = sheet.WeaponOf(w.Weapon).Swiftness
						}
					}
				}
				if sw != want {
					t.Errorf("%q: swiftness %d, the weapon has %d", ln, sw, want)
				}
				if sw > last {
					t.Errorf("strikes out of swiftness order: %q after swiftness %d", ln, last)
				}
				last = sw
				labelled++
			}
		}
		s.TrayClose()
	}
	if !melee || labelled == 0 {
		t.Fatalf("want a three-titan melee in the tray with labelled strikes: melee %v, %d labelled", melee, labelled)
	}
}
