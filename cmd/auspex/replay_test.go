package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// race is a one-step test ruleset: side "a" rolls a D6 per command and wins
// when its score reaches 15.
type race struct{}

func (race) ID() string              { return "race" }
func (race) Name() string            { return "Dice race" }
func (race) Options() []rules.Option { return nil }
func (race) Flow() []rules.Step {
	return []rules.Step{{ID: "play", Phase: "play", NewTurn: true, Allowed: []string{"roll"}}}
}
func (race) Commands() []rules.CommandSpec {
	return []rules.CommandSpec{{Name: "roll", New: func() rules.Command { return &rollCmd{} }}}
}
func (race) Terrain(*rules.State) world.TerrainRules { return nil }
func (race) Victory(s *rules.State) *rules.Outcome {
	if s.Sides[0].Markers.Value("score") >= 15 {
		return &rules.Outcome{Winner: "a", Kind: "finished"}
	}
	return nil
}
func (race) Legal(*rules.State, string) []rules.Choice { return nil }

type rollCmd struct {
	By string `json:"by"`
}

func (*rollCmd) Name() string                  { return "roll" }
func (c *rollCmd) Actor() string               { return c.By }
func (c *rollCmd) Validate(*rules.State) error { return nil }
func (c *rollCmd) Apply(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	f := d.Roll(rules.Roll{Purpose: "advance", Sides: 6}, 1)
	n := rules.AddCount(&s.Sides[0].Markers, "score", f[0])
	return []rules.Event{rules.Message(fmt.Sprintf("a reaches %d", n))}, nil
}

func raceBuild(su rules.Setup) (*rules.State, error) {
	if su.Scenario != "race" {
		return nil, fmt.Errorf("unknown scenario %q", su.Scenario)
	}
	return &rules.State{Seed: su.Seed, Sides: []rules.Side{{ID: "a", Name: "A", Controller: rules.ControllerHuman}}}, nil
}

func raceSave(t *testing.T) (string, []byte, string) {
	t.Helper()
	st, _ := raceBuild(rules.Setup{Scenario: "race", Seed: 31})
	e, err := rules.New(race{}, st, rules.Config{Scenario: "race"})
	if err != nil {
		t.Fatal(err)
	}
	for !e.State().Over {
		if _, err := e.Submit(&rollCmd{By: "a"}); err != nil {
			t.Fatal(err)
		}
	}
	data, err := e.Save()
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "race.auspex-save")
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return p, data, rules.HashString(e.State().Hash())
}

func TestReplayPrintsVerifiedLog(t *testing.T) {
	path, _, hash := raceSave(t)
	reg, _ := rules.NewRegistry(race{})
	var out, errb bytes.Buffer
	if code := runReplay([]string{path}, &out, &errb, reg, raceBuild); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	text := out.String()
	for _, want := range []string{"every state hash verified", "game over", "winner a", "advance: 1D6 [", hash} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}

	out.Reset()
	if code := runReplay([]string{path, "--json"}, &out, &errb, reg, raceBuild); code != 0 {
		t.Fatalf("--json exit %d: %s", code, errb.String())
	}
	var rep replayReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("--json output is not JSON: %v", err)
	}
	if !rep.Verified || rep.Hash != hash || !rep.Over || rep.Result.Winner != "a" || len(rep.Log) == 0 {
		t.Errorf("report %+v", rep)
	}
}

func TestReplayErrors(t *testing.T) {
	path, data, _ := raceSave(t)
	reg, _ := rules.NewRegistry(race{})
	empty, _ := rules.NewRegistry()
	dir := t.TempDir()
	tampered := filepath.Join(dir, "tampered")
	var sv rules.Save
	_ = json.Unmarshal(data, &sv)
	sv.Commands[len(sv.Commands)-1].Hash = "00000000000000ff"
	td, _ := json.Marshal(&sv)
	_ = os.WriteFile(tampered, td, 0o600)
	truncated := filepath.Join(dir, "truncated")
	_ = os.WriteFile(truncated, data[:len(data)-20], 0o600)

	cases := []struct {
		name string
		args []string
		reg  *rules.Registry
		code int
		want string
	}{
		{"no file", nil, reg, 2, "usage"},
		{"bad flag", []string{path, "--fast"}, reg, 2, "unknown flag"},
		{"missing", []string{filepath.Join(dir, "nope")}, reg, 1, "no such file"},
		{"unknown ruleset", []string{path}, empty, 1, `ruleset "race"`},
		{"tampered", []string{tampered}, reg, 1, "hash mismatch"},
		{"truncated", []string{truncated}, reg, 1, "truncated"},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		code := runReplay(c.args, &out, &errb, c.reg, raceBuild)
		if code != c.code || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%s: exit %d, stderr %q; want %d and %q", c.name, code, errb.String(), c.code, c.want)
		}
	}
}

func TestReplayWithoutWiringSaysSo(t *testing.T) {
	path, _, _ := raceSave(t)
	var out, errb bytes.Buffer
	if code := cmdReplay([]string{path}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "race") {
		t.Errorf("unwired replay: exit %d, %q", code, errb.String())
	}
}

// TestReplayShowsNotes: a computer player's reason saved with a command
// is printed under it ("why: ...") and listed in --json's notes.
func TestReplayShowsNotes(t *testing.T) {
	st, _ := raceBuild(rules.Setup{Scenario: "race", Seed: 31})
	e, err := rules.New(race{}, st, rules.Config{Scenario: "race"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Submit(&rollCmd{By: "a"}); err != nil {
		t.Fatal(err)
	}
	e.NoteLast("a: rolling is the only way to win")
	data, err := e.Save()
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "race.auspex-save")
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	reg, _ := rules.NewRegistry(race{})
	var out, errb bytes.Buffer
	if code := runReplay([]string{p}, &out, &errb, reg, raceBuild); code != 0 || !strings.Contains(out.String(), "why: a: rolling is the only way to win") {
		t.Fatalf("exit %d, output:\n%s%s", code, out.String(), errb.String())
	}
	out.Reset()
	if code := runReplay([]string{p, "--json"}, &out, &errb, reg, raceBuild); code != 0 {
		t.Fatalf("--json exit %d: %s", code, errb.String())
	}
	var rep replayReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Notes) != 1 || rep.Notes[0].Command != 1 || rep.Notes[0].Side != "a" || rep.Notes[0].Text != "a: rolling is the only way to win" {
		t.Errorf("notes %+v", rep.Notes)
	}
}

// TestReplayListsQuirks: a save from before format 5 replays with the
// quirk its rules keep for it (here E40K's halted-and-hit unit), and the
// replay says so in words and in --json.
func TestReplayListsQuirks(t *testing.T) {
	p := filepath.Join("..", "..", "systems", "e40ksys", "testdata", "own-weapons.auspex-save")
	var out, errb bytes.Buffer
	if code := cmdReplay([]string{p}, &out, &errb); code != 0 || !strings.Contains(out.String(), "kept from the rules it began under: e40k-halt-hit-unmoved") {
		t.Fatalf("exit %d, output:\n%.800s%s", code, out.String(), errb.String())
	}
	out.Reset()
	if code := cmdReplay([]string{p, "--json"}, &out, &errb); code != 0 {
		t.Fatalf("--json exit %d: %s", code, errb.String())
	}
	var rep replayReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Quirks) != 1 || rep.Quirks[0] != "e40k-halt-hit-unmoved" || !rep.Verified {
		t.Errorf("--json quirks %v, verified %v", rep.Quirks, rep.Verified)
	}
}
