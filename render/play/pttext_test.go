package play

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// A legal move into dangerous terrain that may stop short (ATII-MOV-4)
// is not announced as a plain green "legal": the verdict warns and gives
// the chance to reach the end in words and figures.
func TestDangerousMovePreviewWarnsOfStoppingShort(t *testing.T) {
	s := toRedMovement(t, 1)
	u := *s.State().Unit(s.Selected)
	to := world.Vec{X: 27, Y: 27}
	s.PressTable(u.Pos, s.Selected)
	s.DragTo(to)
	s.ReleaseTable(to)
	mp := s.PreviewMove()
	if mp == nil || mp.Err != nil || mp.Odds == nil {
		t.Fatalf("a legal dangerous path is wanted: %+v", mp)
	}
	if mp.Finish() >= certain {
		t.Fatalf("the path into the woods should be uncertain, got %.3f", mp.Finish())
	}
	v, warn := mp.Verdict()
	if !warn || strings.HasPrefix(v, "legal: Enter") || !strings.Contains(v, "to reach the end") {
		t.Errorf("verdict %q (warn %v) should warn with the chance to reach the end", v, warn)
	}
	txt := hudText(s)
	if strings.Contains(txt, "legal: Enter to move") || !strings.Contains(txt, "to reach the end") {
		t.Errorf("the panel should warn of stopping short:\n%s", txt)
	}
	prims, _ := s.HUD(Layout{W: 1400, H: 900, DSF: 1, Top: 38, Bottom: 24})
	for _, p := range prims {
		if p.Text == v && p.Style.Fill == colGood {
			t.Errorf("the uncertain verdict %q is drawn in the all-clear green", v)
		}
	}
}

// The verdict bands: certain, likely, a toss-up, unlikely.
func TestVerdictBands(t *testing.T) {
	for _, c := range []struct {
		p    float64
		want string
	}{{1, "legal: Enter to move"}, {0.8, "likely to get there: 80%"}, {0.5, "may stop short: 50%"}, {0.03, "likely stops short: 3% to reach the end"}} {
		mp := &MovePreview{Odds: &atii.MoveOdds{Complete: c.p}}
		if v, _ := mp.Verdict(); !strings.Contains(v, c.want) {
			t.Errorf("chance %.2f: verdict %q lacks %q", c.p, v, c.want)
		}
	}
	mp := &MovePreview{Odds: &atii.MoveOdds{Complete: 0.03}, Charge: "blue-reaver", Contact: 0.1}
	if v, _ := mp.Verdict(); !strings.Contains(v, "10% to make contact") {
		t.Errorf("a charge's verdict should give the chance of contact (ATII-CC-1): %q", v)
	}
}

// The shot preview says what its figures mean, leaves out empty parts and
// writes the void shield generator out.
func TestShotPreviewPlainWords(t *testing.T) {
	lines := shotLines(TargetInfo{Odds: &atii.ShotOdds{}, Outcome: &atii.OutcomeOdds{Locations: []string{atii.LocVSG}, Levels: map[string][5]float64{atii.LocVSG: {0.4, 0.6}}}})
	all := strings.Join(lines, " | ")
	if !strings.Contains(all, "chance to damage the titan past its shields: 0%") || !strings.Contains(all, "on average") {
		t.Errorf("odds wording: %q", all)
	}
	if strings.Contains(all, "damaged: |") || strings.HasSuffix(all, "damaged: ") || strings.Contains(all, "destroyed 0.0%") {
		t.Errorf("empty parts should be dropped: %q", all)
	}
	if !strings.Contains(all, "void shield generator 60%") || strings.Contains(all, "vsg") {
		t.Errorf("vsg should read as the void shield generator: %q", all)
	}
	none := shotLines(TargetInfo{Odds: &atii.ShotOdds{}, Outcome: &atii.OutcomeOdds{}})
	if len(none) != 1 {
		t.Errorf("with no damage possible only the odds line stays: %q", none)
	}
}

// The shooting panel names weapons, not bare mounts, for the declared
// shots and the targets heading (ATII-SHT-2).
func TestShootingPanelNamesWeapons(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 7, map[string]string{"red": Human, "blue": Human})
	toShooting(t, s)
	if s.Weapon == "" {
		t.Fatal("a weapon should be chosen")
	}
	lbl := s.weaponLabel(s.Selected, s.Weapon)
	if !strings.Contains(lbl, "(") || strings.HasPrefix(lbl, s.Weapon) {
		t.Fatalf("weapon label %q should be the weapon's name with its mount", lbl)
	}
	if txt := hudText(s); !strings.Contains(txt, "Targets for "+lbl) {
		t.Errorf("the targets heading should name %q:\n%s", lbl, txt)
	}
}

// Internal words never reach the player: plural attacks, no doubled
// "cannot fire: did not fire".
func TestNoInternalTerms(t *testing.T) {
	if got := weaponStats(&catalog.Weapon{Kind: catalog.CloseCombat, Attacks: 1}, ""); !strings.Contains(got, "1 attack") || strings.Contains(got, "1 attacks") {
		t.Errorf("one attack: %q", got)
	}
	if got := weaponStats(&catalog.Weapon{Kind: catalog.CloseCombat, Attacks: 3}, ""); !strings.Contains(got, "3 attacks") {
		t.Errorf("three attacks: %q", got)
	}
	if got := cannotFire("did not fire: the titan's weapons fire together"); strings.Contains(got, "cannot fire: did not fire") {
		t.Errorf("doubled reason: %q", got)
	}
	if got := plainTerms("blue-reaver vsg damaged"); got != "blue-reaver void shield generator damaged" {
		t.Errorf("plainTerms: %q", got)
	}
}
