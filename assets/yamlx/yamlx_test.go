package yamlx

import (
	"strings"
	"testing"
)

func TestSuggest(t *testing.T) {
	cands := []string{"speed", "name", "turn_limit", "left-arm"}
	for in, want := range map[string]string{"sped": "speed", "nmae": "name", "turn-limit": "turn_limit", "leftarm": "left-arm", "xyz": "", "colour": ""} {
		if got := Suggest(in, cands); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseLimitsAndPositions(t *testing.T) {
	root, d := Parse("a.yaml", []byte("a: 1\nb:\n  c: [1, 2]\n"), DefaultLimits())
	if root == nil || len(d.Errs) != 0 {
		t.Fatalf("plain document: %v", d.Err())
	}
	m := d.Map(root, "top")
	m.Get("a")
	c := d.Map(m.Get("b"), "b").Get("c")
	if c.Line != 3 || c.Column != 6 {
		t.Errorf("position of c's value = %d:%d, want 3:6", c.Line, c.Column)
	}
	m.Close()
	if len(d.Errs) != 0 {
		t.Errorf("all keys were asked for: %v", d.Err())
	}

	lim := DefaultLimits()
	lim.MaxNodes = 50
	_, d = Parse("b.yaml", []byte("x: &x [1, 2, 3, 4, 5, 6, 7, 8]\ny: [*x, *x, *x, *x, *x, *x, *x, *x]\n"), lim)
	if d.Err() == nil || !strings.Contains(d.Err().Error(), "b.yaml:1:1: document too large") {
		t.Errorf("alias expansion cap: %v", d.Err())
	}
	lim.MaxDepth = 3
	lim.MaxNodes = 0
	_, d = Parse("c.yaml", []byte("[[[[[1]]]]]"), lim)
	if d.Err() == nil || !strings.Contains(d.Err().Error(), "nested more than 3") {
		t.Errorf("depth cap: %v", d.Err())
	}
	lim.MaxBytes = 4
	_, d = Parse("d.yaml", []byte("a: 12345"), lim)
	if d.Err() == nil || !strings.Contains(d.Err().Error(), "byte limit") {
		t.Errorf("size cap: %v", d.Err())
	}
}

func TestStrictMapAndScalars(t *testing.T) {
	src := "id: 7\nspeed: fast\ngunnery: \"4+\"\narmour: 5\nflag: yes\nspeeed: 1\nid: x\n"
	root, d := Parse("m.yaml", []byte(src), DefaultLimits())
	m := d.Map(root, "unit")
	d.Str(m.Get("id"), "id")
	d.Float(m.Get("speed"), "speed")
	if g, ok := d.Target(m.Get("gunnery"), "gunnery"); !ok || g != 4 {
		t.Errorf("gunnery \"4+\" = %d", g)
	}
	if a, ok := d.Target(m.Get("armour"), "armour"); !ok || a != 5 {
		t.Errorf("armour 5 = %d", a)
	}
	m.Get("flag")
	m.Close()
	got := d.Err().Error()
	for _, w := range []string{
		`m.yaml:1:5: id: expected text, got the number 7 (put it in quotes to make it text)`,
		`m.yaml:2:8: speed: expected a number, got "fast"`,
		`m.yaml:6:1: unit: unknown key "speeed" (did you mean "speed"?)`,
		`m.yaml:7:1: unit: key "id" appears twice (first at line 1)`,
	} {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q in:\n%s", w, got)
		}
	}
	if strings.Contains(got, "flag") {
		t.Errorf("flag: yes is a YAML 1.1 boolean but as text it was only asked for: %s", got)
	}
}

func TestErrorsSortedAndFormatted(t *testing.T) {
	es := Errors{{File: "f", Line: 3, Col: 1, Msg: "c"}, {File: "f", Line: 1, Col: 5, Msg: "a"}, {File: "f", Msg: "no position"}}
	es.Sort()
	if es.Error() != "f: no position\nf:1:5: a\nf:3:1: c" {
		t.Errorf("got %q", es.Error())
	}
}
