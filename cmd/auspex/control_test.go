package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/render/play"
)

// TestControlFlag: --control takes SIDE=KIND pairs, comma-separated or
// repeated: human, script, ai[:SECONDS], greedy, random; anything else
// is a plain error.
func TestControlFlag(t *testing.T) {
	c := controlFlag{}
	if err := c.Set("red=greedy, blue=random"); err != nil {
		t.Fatal(err)
	}
	if err := c.Set("green=human"); err != nil {
		t.Fatal(err)
	}
	if c.String() != "blue=random,green=human,red=greedy" {
		t.Errorf("parsed %s", c)
	}
	if err := c.Set("yellow=ai:2.5,purple=script,orange=ai"); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []struct{ v, want string }{
		{"red=ai:0", "seconds from 0 to 600"},
		{"red=ai:soon", "seconds from 0 to 600"},
		{"red=oracle", "unknown controller"},
		{"red", "want SIDE=KIND"},
		{"=greedy", "want SIDE=KIND"},
		{"red=greedy,red=random", "twice"},
	} {
		err := controlFlag{}.Set(bad.v)
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: %v, want %q", bad.v, err, bad.want)
		}
	}
}

// TestPlayControlRefusedBeforeTheWindow: a --control the game cannot
// honour stops auspex play with exit 2 and a plain message before any
// window opens.
func TestPlayControlRefusedBeforeTheWindow(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "bundled:titan-duel", "--control", "red=ai:0"}, "seconds from 0 to 600"},
		{[]string{"play", "bundled:titan-mission", "--control", "red=script"}, "has no script"},
		{[]string{"play", "bundled:titan-duel", "--control", "green=greedy"}, `no side "green"`},
		{[]string{"play", "--control", "red=greedy"}, "--control needs one scenario"},
	} {
		code, msg := playExit(t, c.args...)
		if code != 2 || !strings.Contains(msg, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, msg, c.want)
		}
	}
}

// TestControlledSession: auspex play --control builds a play session
// whose sides have the named players: computer sides decide on their own
// (greedy and random both play commands), human sides wait, and a side
// --control does not name keeps the scenario's player (the duel's blue
// side is scripted).
func TestControlledSession(t *testing.T) {
	cat, err := assets.LoadCatalogue(shippedReaders())
	if err != nil {
		t.Fatal(err)
	}
	s, err := controlledSession(shippedSystems(), cat, "titan-duel", false, controlFlag{"red": "greedy", "blue": "random"}, 5)
	if err != nil {
		t.Fatal(err)
	}
	if s.Kinds["red"] != "greedy" || s.Kinds["blue"] != "random" {
		t.Fatalf("kinds %v", s.Kinds)
	}
	for i := 0; i < 30 && s.State().Seq < 8; i++ {
		s.Wait()
	}
	if s.State().Seq < 8 {
		t.Errorf("two computer sides played only %d commands", s.State().Seq)
	}
	h, err := controlledSession(shippedSystems(), cat, "bundled:titan-duel", false, controlFlag{"red": "human"}, 5)
	if err != nil {
		t.Fatal(err)
	}
	if h.Kinds["red"] != play.Human || h.Kinds["blue"] != "script" {
		t.Errorf("kinds %v, want red human and blue the scenario's script", h.Kinds)
	}
	if _, err := controlledSession(shippedSystems(), cat, "titan-duel", false, controlFlag{"green": "greedy"}, 5); !errors.Is(err, errBadControl) {
		t.Errorf("an unknown side: %v", err)
	}
}

func runSim(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(append([]string{"sim"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

// TestSim: auspex sim plays quiet games of a scenario with the given
// players and counts every game once (wins, draws, unfinished); the
// counts do not depend on the number of workers; the text report names
// the players and the rate.
func TestSim(t *testing.T) {
	var reps []simReport
	for _, jobs := range []string{"1", "2"} {
		code, out, errs := runSim("bundled:titan-duel", "--games", "6", "--seed", "3", "--control", "red=greedy,blue=random", "--jobs", jobs, "--json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var rep simReport
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		reps = append(reps, rep)
	}
	r := reps[0]
	if r.Games != 6 || r.Wins["red"]+r.Wins["blue"]+r.Draws+r.Unfinished+r.Errors != 6 || r.Errors != 0 || r.Failures != 0 {
		t.Errorf("report %+v", r)
	}
	if r.Controls["red"] != "greedy" || r.Controls["blue"] != "random" || r.AvgCommands < 10 || r.GamesPerSecond <= 0 || r.System != "atii" {
		t.Errorf("report %+v", r)
	}
	for side, n := range r.Wins {
		ci, rate := r.WinCI[side], float64(n)/float64(r.Games)
		if ci[0] > rate || ci[1] < rate || ci[1]-ci[0] < 0.1 {
			t.Errorf("%s: win rate %.2f outside its interval %v", side, rate, ci)
		}
	}
	if r.Refused != 0 || r.MedianDecisionMS > r.P99DecisionMS || r.P99DecisionMS <= 0 {
		t.Errorf("refused %d, decision times median %v p99 %v", r.Refused, r.MedianDecisionMS, r.P99DecisionMS)
	}
	b := reps[1]
	if b.Wins["red"] != r.Wins["red"] || b.Wins["blue"] != r.Wins["blue"] || b.Draws != r.Draws || b.AvgCommands != r.AvgCommands {
		t.Errorf("one worker %+v and two %+v disagree", r, b)
	}
	code, out, errs := runSim("bundled:titan-duel", "--games", "2", "--control", "red=random")
	if code != 0 || !strings.Contains(out, "blue=random red=random") || !strings.Contains(out, "games/s") {
		t.Errorf("text report: exit %d\n%s%s", code, out, errs)
	}
}

// TestSimStrict: with --strict a soak fails (exit 3) when a game stalls
// at the command cap, and passes when every game ends cleanly.
func TestSimStrict(t *testing.T) {
	if code, _, errs := runSim("bundled:titan-duel", "--games", "2", "--p1", "greedy", "--p2", "random", "--strict"); code != 0 {
		t.Errorf("clean games: exit %d, %s", code, errs)
	}
	code, _, errs := runSim("bundled:titan-duel", "--games", "2", "--p1", "greedy", "--p2", "random", "--max-commands", "5", "--strict")
	if code != 3 || !strings.Contains(errs, "2 games stalled") {
		t.Errorf("games stopped at 5 commands: exit %d, %q; want 3 and the count", code, errs)
	}
}

// TestSimBadUsage: humans, planned controllers, unknown sides and a
// missing file are refused with exit 2 (1 for a file that does not load).
func TestSimBadUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"bundled:titan-duel", "--control", "red=human"}, 2, "no humans"},
		{[]string{"bundled:titan-duel", "--control", "red=ai:-1"}, 2, "seconds from 0 to 600"},
		{[]string{"bundled:titan-duel", "--control", "red=script"}, 2, "has no script"},
		{[]string{"bundled:titan-duel", "--control", "green=greedy"}, 2, `no side "green"`},
		{[]string{"--games", "3"}, 2, "usage: auspex sim"},
		{[]string{"bundled:titan-duel", "--games", "0"}, 2, "usage: auspex sim"},
		{[]string{"no-such-file.yaml"}, 1, "no-such-file.yaml"},
	} {
		code, out, errs := runSim(c.args...)
		if code != c.code || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want %d and %q", c.args, code, errs, out, c.code, c.want)
		}
	}
}

// TestWilson: the 95 % Wilson interval against published values (2 of
// 10: 5.7 %-51.0 %; 0 of 10: 0-27.8 %; 50 of 100: 40.4 %-59.6 %).
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{{2, 10, 0.0567, 0.5098}, {0, 10, 0, 0.2775}, {50, 100, 0.4038, 0.5962}, {10, 10, 0.7225, 1}} {
		got := wilson(c.k, c.n)
		if math.Abs(got[0]-c.lo) > 5e-4 || math.Abs(got[1]-c.hi) > 5e-4 {
			t.Errorf("%d of %d: %v, want [%.4f %.4f]", c.k, c.n, got, c.lo, c.hi)
		}
	}
}

// TestSimPlayers: --p1 greedy --p2 random --swap plays each seed from
// both sides and counts each player wherever it stood: greedy's wins as
// player 1 are the games won by whichever side it had, the score lies in
// its interval and the victory-point margin is reported.
func TestSimPlayers(t *testing.T) {
	code, out, errs := runSim("bundled:titan-battlegroup", "--games", "4", "--seed", "2", "--p1", "greedy", "--p2", "random", "--swap", "--json", "--jobs", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep simReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	m := rep.Players
	if m == nil || m.P1 != "greedy" || m.P2 != "random" || !m.Swap {
		t.Fatalf("players %+v", m)
	}
	if m.P1Wins+m.P2Wins+m.Draws != 4-rep.Unfinished-rep.Errors {
		t.Errorf("players %+v do not add up to the %d finished games", m, 4-rep.Unfinished)
	}
	if m.P1Wins != rep.Wins["red"]+rep.Wins["blue"]-m.P2Wins {
		t.Errorf("players %+v, sides %v", m, rep.Wins)
	}
	if m.P1Score < m.P1ScoreCI[0] || m.P1Score > m.P1ScoreCI[1] || !m.HasMargin || m.MeanMargin <= 0 {
		t.Errorf("greedy against random: %+v (want a positive victory-point margin)", m)
	}
	for _, bad := range [][]string{
		{"bundled:titan-duel", "--p1", "greedy"},
		{"bundled:titan-duel", "--p1", "greedy", "--p2", "random", "--control", "red=greedy"},
		{"bundled:titan-duel", "--swap"},
		{"bundled:titan-duel", "--p1", "human", "--p2", "random"},
	} {
		if code, _, _ := runSim(bad...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}
