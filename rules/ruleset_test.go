package rules

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestNewFlowChecksTheTable(t *testing.T) {
	cmds, err := NewCommandSet(duel{}.Commands())
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		steps []Step
		want  string
	}{
		{"empty", nil, "no steps"},
		{"no id", []Step{{}}, "empty id"},
		{"duplicate", []Step{{ID: "a"}, {ID: "a"}}, "twice"},
		{"bad next", []Step{{ID: "a", Next: "b"}}, `next step "b"`},
		{"bad command", []Step{{ID: "a", Allowed: []string{"teleport"}}}, `unknown command "teleport"`},
	}
	for _, c := range cases {
		if _, err := NewFlow(c.steps, cmds); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	f, err := NewFlow(duel{}.Flow(), cmds)
	if err != nil {
		t.Fatal(err)
	}
	// "shoot" has no Next: the following entry; "end" names "move".
	s := &State{}
	sh, _ := f.Step("shoot")
	if n, _ := f.next(sh, s); n.ID != "end" {
		t.Errorf("after shoot: %s", n.ID)
	}
	en, _ := f.Step("end")
	if n, _ := f.next(en, s); n.ID != "move" {
		t.Errorf("after end: %s", n.ID)
	}
}

func TestCommandSetDecodeIsStrict(t *testing.T) {
	cs, err := NewCommandSet(duel{}.Commands())
	if err != nil {
		t.Fatal(err)
	}
	c, err := cs.Decode(Encoded{Cmd: "move", Args: json.RawMessage(`{"by":"red","unit":"r1","to":{"X":3,"Y":4}}`)})
	if err != nil {
		t.Fatal(err)
	}
	if m := c.(*moveCmd); m.To.X != 3 || m.To.Y != 4 || m.By != "red" {
		t.Errorf("decoded %+v", m)
	}
	for _, bad := range []Encoded{
		{Cmd: "move", Args: json.RawMessage(`{"by":"red","speed":3}`)},
		{Cmd: "move", Args: json.RawMessage(`{"by":7}`)},
		{Cmd: "move", Args: json.RawMessage(`{} {}`)},
		{Cmd: "warp", Args: json.RawMessage(`{}`)},
	} {
		if _, err := cs.Decode(bad); err == nil {
			t.Errorf("%s %s decoded", bad.Cmd, bad.Args)
		}
	}
	enc, err := EncodeCommand(&passCmd{By: "red", Unit: "r1"})
	if err != nil || enc.Cmd != "pass" || string(enc.Args) != `{"by":"red","unit":"r1"}` {
		t.Errorf("encode: %+v %v", enc, err)
	}
	if _, err := NewCommandSet([]CommandSpec{{Name: "move", New: func() Command { return &passCmd{} }}}); err == nil {
		t.Error("constructor with the wrong name accepted")
	}
	if _, err := NewCommandSet([]CommandSpec{{Name: "pass", New: func() Command { return &passCmd{} }}, {Name: "pass", New: func() Command { return &passCmd{} }}}); err == nil {
		t.Error("duplicate command accepted")
	}
}

func TestRegistryAndOptions(t *testing.T) {
	r, err := NewRegistry(duel{})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Register(duel{}); err == nil {
		t.Error("duplicate ruleset accepted")
	}
	if _, err := r.Get("atii"); !errors.Is(err, ErrUnknownRuleset) || !strings.Contains(err.Error(), "duel") {
		t.Errorf("unknown ruleset: %v", err)
	}
	opts, err := ResolveOptions(duel{}, map[string]string{"accurate": "on"})
	if err != nil || opts["accurate"] != "on" || opts["turns"] != "3" {
		t.Errorf("options %v %v", opts, err)
	}
	if _, err := ResolveOptions(duel{}, map[string]string{"fog": "on"}); err == nil || !strings.Contains(err.Error(), "accurate, turns") {
		t.Errorf("unknown option: %v", err)
	}
}
