package scenarios

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/auspex/auspex/assets/yamlx"
	"github.com/auspex/auspex/rules"
)

// Decoding of a side's controller: its type, preset and sliders, and a
// scripted opponent's tasks.

func (p *parser) decodeController(n *yaml.Node, what string, c *Controller) []*yaml.Node {
	d := p.d
	cw := what + " controller"
	m := d.Map(n, cw)
	if m == nil {
		return nil
	}
	defer m.Close()
	if v := m.Need("type"); v != nil {
		if t, ok := d.Str(v, cw+" type"); ok && d.OneOf(v, cw+" type", t, []string{"human", "scripted", "ai"}) {
			c.Type = t
		}
	}
	only := func(key string, types ...string) *yaml.Node {
		v := m.Get(key)
		if v == nil {
			return nil
		}
		for _, t := range types {
			if c.Type == t {
				return v
			}
		}
		d.Errorf(m.KeyNode(key), "%s: %q applies to %s controllers, this one is %s", cw, key, strings.Join(types, " or "), c.Type)
		return nil
	}
	if v := only("preset", "scripted", "ai"); v != nil {
		if s, ok := d.Str(v, cw+" preset"); ok && d.OneOf(v, cw+" preset", s, []string{"cautious", "balanced", "aggressive"}) {
			c.Preset = s
		}
	}
	slider := func(key string) float64 {
		v := only(key, "scripted", "ai")
		if v == nil {
			return -1
		}
		f, ok := d.Float(v, cw+" "+key)
		if ok && (f < 0 || f > 1) {
			d.Errorf(v, "%s %s: expected 0 to 1, got %v", cw, key, f)
		}
		return f
	}
	c.Aggression = slider("aggression")
	c.Caution = slider("caution")
	if v := only("level", "ai"); v != nil {
		if s, ok := d.Str(v, cw+" level"); ok && d.OneOf(v, cw+" level", s, []string{"easy", "normal", "hard"}) {
			c.Level = s
		}
	}
	if v := only("time_budget", "ai"); v != nil {
		f, ok := d.Float(v, cw+" time_budget")
		if ok && (f <= 0 || f > 600) {
			d.Errorf(v, "%s time_budget: expected seconds per decision, more than 0 and at most 600, got %v", cw, f)
		}
		c.TimeBudget = f
	}
	if c.Type == "ai" {
		if c.Level == "" {
			c.Level = "normal"
		}
		if c.TimeBudget == 0 {
			c.TimeBudget = 2
		}
	}
	if c.Type != "human" && c.Preset == "" {
		c.Preset = "balanced"
	}
	return d.Seq(only("tasks", "scripted"), cw+" tasks")
}

// taskTargets lists which id kinds each scripted task may target ("" means
// the target is optional).
func taskTargets(task string) ([]string, bool) {
	switch task {
	case "hold", "capture":
		return []string{"objective", "zone"}, false
	case "advance":
		return []string{"objective", "zone", "side"}, false
	case "screen":
		return []string{"unit", "formation", "objective", "zone"}, false
	case "destroy":
		return []string{"unit", "formation", "side"}, false
	case "reserve", "withdraw":
		return []string{"zone"}, true
	case "patrol":
		return []string{"objective", "zone"}, true
	}
	return nil, false
}

func (p *parser) decodeTask(n *yaml.Node, idx int, sideWhat string, sd *Side) *Task {
	d := p.d
	what := fmt.Sprintf("%s task %d", sideWhat, idx+1)
	m := d.Map(n, what)
	if m == nil {
		return nil
	}
	defer m.Close()
	t := &Task{Line: n.Line, Col: n.Column}
	if v := m.Get("unit"); v != nil {
		if u, ok := d.Str(v, what+" unit"); ok {
			t.Unit = u
			p.checkOwnUnit(v, u, what, sd)
		}
		if m.Get("formation") != nil {
			d.Errorf(v, "%s: give a formation or a unit, not both", what)
		}
	} else if v := m.Need("formation"); v != nil {
		if f, ok := d.Str(v, what+" formation"); ok {
			t.Formation = f
			own := false
			for _, fm := range sd.Formations {
				own = own || fm.ID == f
			}
			if !own {
				msg := fmt.Sprintf("%s formation: %s is not a formation of this side", what, rules.QuoteShort(f))
				var ids []string
				for _, fm := range sd.Formations {
					ids = append(ids, fm.ID)
				}
				if s := yamlx.Suggest(f, ids); s != "" {
					msg += fmt.Sprintf(" (did you mean %q?)", s)
				}
				d.Errorf(v, "%s", msg)
			}
		}
	}
	tasks := []string{"hold", "capture", "advance", "screen", "destroy", "reserve", "withdraw", "patrol"}
	var kinds []string
	optional := false
	if v := m.Need("task"); v != nil {
		if s, ok := d.Str(v, what+" task"); ok && d.OneOf(v, what+" task", s, tasks) {
			t.Task = s
			kinds, optional = taskTargets(s)
		}
	}
	if v := m.Get("target"); v != nil {
		if s, ok := d.Str(v, what+" target"); ok {
			t.Target = s
			if kinds != nil {
				p.refs = append(p.refs, refCheck{v, s, kinds, what + " target"})
			}
		}
	} else if t.Task != "" && !optional {
		d.Errorf(m.Node(), "%s: task %s needs a target (%s id)", what, t.Task, strings.Join(kinds, " or "))
	}
	if v := m.Get("when"); v != nil {
		t.When = p.decodeTrigger(v, what+" when", 0)
	}
	pr, pnodes := d.StrList(m.Get("priorities"), what+" priorities")
	for i, x := range pr {
		known := false
		for _, c := range []string{"infantry", "vehicle", "war-engine", "titan"} {
			known = known || c == x
		}
		if !known && p.cat.Units[x] == nil {
			d.Errorf(pnodes[i], "%s priorities: %s is neither a unit class (infantry, vehicle, war-engine, titan) nor a unit type", what, rules.QuoteShort(x))
		}
	}
	t.Priorities = pr
	ig, inodes := d.StrList(m.Get("ignore"), what+" ignore")
	for i, x := range ig {
		if !p.unitClassOrType(x) {
			p.refs = append(p.refs, refCheck{inodes[i], x, []string{"unit"}, what + " ignore (a unit class, a unit type or a unit id)"})
		}
	}
	t.Ignore = ig
	route, rnodes := d.StrList(m.Get("route"), what+" route")
	for i, x := range route {
		p.refs = append(p.refs, refCheck{rnodes[i], x, []string{"objective", "zone"}, what + " route"})
	}
	t.Route = route
	if t.Task == "patrol" && len(route) < 2 {
		d.Errorf(m.Node(), "%s: a patrol needs a route of at least two objective or zone ids", what)
	}
	if t.Task != "patrol" && len(route) > 0 {
		d.Errorf(rnodes[0], "%s: only a patrol has a route", what)
	}
	return t
}

// checkOwnUnit reports an error unless id is a unit of side sd.
func (p *parser) checkOwnUnit(v *yaml.Node, id, what string, sd *Side) {
	var ids []string
	for _, f := range sd.Formations {
		for _, u := range f.Units {
			if u.ID == id {
				return
			}
			ids = append(ids, u.ID)
		}
	}
	msg := fmt.Sprintf("%s unit: %s is not a unit of this side", what, rules.QuoteShort(id))
	if s := yamlx.Suggest(id, ids); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	p.d.Errorf(v, "%s", msg)
}

// unitClassOrType reports whether x names a unit class or a catalogue
// unit type.
func (p *parser) unitClassOrType(x string) bool {
	for _, c := range []string{"infantry", "vehicle", "war-engine", "titan"} {
		if c == x {
			return true
		}
	}
	return p.cat.Units[x] != nil
}
