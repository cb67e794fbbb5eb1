package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/auspex/auspex/scenarios"
)

// duelInRange writes the bundled titan-duel with the two Reavers moved to
// face each other 40 cm apart (35 cm edge to edge) across open ground on
// the x = 60 line, the red one facing redFacing.
func duelInRange(t *testing.T, redFacing string) string {
	t.Helper()
	src, err := scenarios.BundledSource("titan-duel")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	for _, r := range [][2]string{
		{"position: {x: 40, y: 12}\n            facing: 180", "position: {x: 60, y: 40}\n            facing: " + redFacing},
		{"position: {x: 80, y: 108}\n            facing: 0", "position: {x: 60, y: 80}\n            facing: 0"},
	} {
		if !strings.Contains(text, r[0]) {
			t.Fatalf("titan-duel changed: %q not found", r[0])
		}
		text = strings.Replace(text, r[0], r[1], 1)
	}
	path := filepath.Join(t.TempDir(), "duel.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func runOdds(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := cmdOdds(args, &out, &errb)
	return code, out.String(), errb.String()
}

// TestOddsHuman: ATII-SHT-4 to hit with both "not yet moved" bonuses
// (Gunnery 4+ becomes 2+, 5/6 a die), two Turbo-laser shots, every hit on
// a void shield (ATII-SHT-7: D6 + 6 - 8 >= 1 on a 3+).
func TestOddsHuman(t *testing.T) {
	path := duelInRange(t, "180")
	code, out, errs := runOdds(path, "--attacker", "red-reaver", "--weapon", "turbo-lasers", "--target", "blue-reaver")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"red-reaver (Reaver Battle Titan) fires Turbo-lasers (carapace) at blue-reaver",
		"range 35.0 cm, from the target's front (centre), aimed high",
		"Gunnery 4+, +1 target not yet moved, +1 firer not yet moved",
		"chance per die 83.3%",
		"hits: 0: 2.8%, 1: 27.8%, 2: 69.4%",
		"each hit knocks one down 66.7%",
		"line of sight clear",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestOddsJSON: --json gives the same odds as data; --moved feeds the
// to-hit modifiers (ATII-SHT-4: a target that moved 20 cm or more is -1,
// a firer that moved loses its +1).
func TestOddsJSON(t *testing.T) {
	path := duelInRange(t, "180")
	for _, c := range []struct {
		moved []string
		need  int
		p     float64
	}{
		{nil, 2, 5.0 / 6},
		{[]string{"--moved", "blue-reaver=20"}, 4, 3.0 / 6},
		{[]string{"--moved", "blue-reaver=5", "--moved", "red-reaver=10"}, 4, 3.0 / 6},
		{[]string{"--moved", "blue-reaver=25", "--moved", "red-reaver=10"}, 5, 2.0 / 6},
	} {
		args := append([]string{path, "--attacker", "red-reaver", "--weapon", "carapace", "--target", "blue-reaver", "--json"}, c.moved...)
		code, out, errs := runOdds(args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.moved, code, errs)
		}
		var rep struct {
			Weapon   string  `json:"weapon"`
			Range    float64 `json:"range"`
			Quadrant string  `json:"quadrant"`
			Odds     struct {
				ToHit struct {
					Need int     `json:"need"`
					P    float64 `json:"p"`
				} `json:"to_hit"`
				Hits []float64 `json:"hits"`
			} `json:"odds"`
			Outcome struct {
				Destroyed float64 `json:"destroyed"`
			} `json:"outcome"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, out)
		}
		if rep.Weapon != "turbo-lasers" || math.Abs(rep.Range-35) > 1e-9 || rep.Quadrant != "front" {
			t.Errorf("%v: report %+v", c.moved, rep)
		}
		if rep.Odds.ToHit.Need != c.need || math.Abs(rep.Odds.ToHit.P-c.p) > 1e-12 {
			t.Errorf("%v: to hit %d+ p %.4f, want %d+ p %.4f", c.moved, rep.Odds.ToHit.Need, rep.Odds.ToHit.P, c.need, c.p)
		}
		if len(rep.Odds.Hits) != 3 || math.Abs(rep.Odds.Hits[2]-c.p*c.p) > 1e-12 {
			t.Errorf("%v: hits %v, want P(2) = %.4f", c.moved, rep.Odds.Hits, c.p*c.p)
		}
		if rep.Outcome.Destroyed != 0 {
			t.Errorf("two hits cannot get through four shields: destroyed %v", rep.Outcome.Destroyed)
		}
	}
}

// TestOddsBadInput: unknown units, a weapon not carried, a target out of
// the mount's arc (ATII-SHT-2) and missing arguments are refused with a
// clear message and a non-zero exit.
func TestOddsBadInput(t *testing.T) {
	path := duelInRange(t, "180")
	behind := duelInRange(t, "0") // red turns its back on blue
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{path, "--attacker", "nobody", "--weapon", "carapace", "--target", "blue-reaver"}, 1, `no unit "nobody"`},
		{[]string{path, "--attacker", "red-reaver", "--weapon", "carapace", "--target", "ghost"}, 1, `no unit "ghost"`},
		{[]string{path, "--attacker", "red-reaver", "--weapon", "volcano-cannon", "--target", "blue-reaver"}, 1, `red-reaver has no weapon "volcano-cannon" (fitted: carapace=turbo-lasers`},
		{[]string{behind, "--attacker", "red-reaver", "--weapon", "turbo-lasers", "--target", "blue-reaver"}, 1, "outside the fire arc of the Turbo-lasers"},
		{[]string{path, "--attacker", "red-reaver", "--weapon", "turbo-lasers", "--target", "red-reaver"}, 1, "same side"},
		{[]string{path, "--attacker", "red-reaver", "--weapon", "turbo-lasers", "--target", "blue-reaver", "--aim", "sideways"}, 1, `aim "sideways"`},
		{[]string{path, "--attacker", "red-reaver", "--weapon", "turbo-lasers", "--target", "blue-reaver", "--moved", "blue-reaver"}, 1, "want ID=CM"},
		{[]string{path, "--attacker", "red-reaver", "--weapon", "turbo-lasers", "--target", "blue-reaver", "--option", "atii/nonsense=on"}, 1, `unknown option "atii/nonsense"`},
		{[]string{path, "--attacker", "red-reaver", "--target", "blue-reaver"}, 2, "usage: auspex odds"},
		{[]string{filepath.Join(t.TempDir(), "missing.yaml"), "--attacker", "a", "--weapon", "b", "--target", "c"}, 1, "missing.yaml"},
	} {
		code, out, errs := runOdds(c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args[1:], code, errs, c.code, c.want)
		}
		if out != "" {
			t.Errorf("%v: nothing on stdout on error, got %q", c.args[1:], out)
		}
	}
}

// TestOddsGoesThroughTheSystem: the odds command asks the scenario's
// system (game.OddsTool); a scenario no shipped system plays, or no FILE,
// is refused with a plain message.
func TestOddsGoesThroughTheSystem(t *testing.T) {
	code, out, errs := runOdds(scenarios.BundledPrefix+"ea-formations", "--attacker", "a", "--weapon", "b", "--target", "c")
	if code != 1 || out != "" || !strings.Contains(errs, "no registered rule system plays it") {
		t.Errorf("an EA scenario: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := runOdds("--attacker", "a"); code != 2 || !strings.Contains(errs, "usage: auspex odds FILE") {
		t.Errorf("no FILE: exit %d, stderr %q", code, errs)
	}
	if code, _, _ := runOdds("-h"); code != 0 {
		t.Errorf("-h: exit %d", code)
	}
}
