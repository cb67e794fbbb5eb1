package scenarios

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScriptedTasksParse reads the kitchen sink's unit task: a patrol
// with its route, an ignore list and the enemy-within and damaged
// triggers.
func TestScriptedTasksParse(t *testing.T) {
	cat := testCatalogue(t)
	src, err := os.ReadFile(filepath.Join("testdata", "kitchen-sink.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Parse("kitchen-sink.yaml", src, cat)
	if err != nil {
		t.Fatal(err)
	}
	tasks := s.Sides[0].Controller.Tasks
	if len(tasks) != 3 {
		t.Fatalf("%d tasks, want 3", len(tasks))
	}
	p := tasks[2]
	if p.Unit != "r1" || p.Formation != "" || p.Task != "patrol" || strings.Join(p.Route, ",") != "o1,z1" || strings.Join(p.Ignore, ",") != "infantry,b1" {
		t.Errorf("patrol task: %+v", p)
	}
	w := p.When
	if w == nil || w.Kind != "any" || len(w.Parts) != 2 || w.Parts[0].Kind != "enemy-within" || w.Parts[0].Unit != "rf" || w.Parts[0].Distance != 30 ||
		w.Parts[1].Kind != "damaged" || w.Parts[1].Unit != "r1" || w.Parts[1].Percent != 50 {
		t.Errorf("patrol trigger: %+v", w)
	}
}

// TestScriptedTaskErrors: each mistake in a task names its place.
func TestScriptedTaskErrors(t *testing.T) {
	cat := testCatalogue(t)
	src, err := os.ReadFile(filepath.Join("testdata", "kitchen-sink.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	const line = "{unit: r1, task: patrol, route: [o1, z1], ignore: [infantry, b1], when: {any: [{enemy-within: {unit: rf, distance: 30}}, {damaged: {unit: r1, percent: 50}}]}}"
	cases := []struct{ name, to, want string }{
		{"not own unit", "{unit: b1, task: hold, target: o1}", `task 3 unit: "b1" is not a unit of this side`},
		{"unit and formation", "{unit: r1, formation: rf, task: hold, target: o1}", "give a formation or a unit, not both"},
		{"short route", "{unit: r1, task: patrol, route: [o1]}", "a patrol needs a route of at least two"},
		{"route outside patrol", "{unit: r1, task: hold, target: o1, route: [o1, z1]}", "only a patrol has a route"},
		{"dangling route", "{unit: r1, task: patrol, route: [o1, zz]}", `route: no objective or zone with id "zz"`},
		{"unknown ignore", "{unit: r1, task: hold, target: o1, ignore: [tanks]}", `ignore (a unit class, a unit type or a unit id): no unit with id "tanks"`},
		{"percent over 100", "{unit: r1, task: hold, target: o1, when: {damaged: {unit: r1, percent: 150}}}", "percent: a share from 0 to 100"},
		{"distance missing", "{unit: r1, task: hold, target: o1, when: {enemy-within: {unit: r1}}}", `missing required key "distance"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			bad := strings.Replace(string(src), line, c.to, 1)
			if bad == string(src) {
				t.Fatal("test bug: the task line is not in the kitchen sink")
			}
			_, err := Parse("sink.yaml", []byte(bad), cat)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "sink.yaml:") {
				t.Fatalf("error %v, want one containing %q with file:line:col", err, c.want)
			}
		})
	}
}
