package scenarios

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/auspex/auspex/assets/yamlx"
	"github.com/auspex/auspex/rules"
)

// Trigger is one node of the trigger grammar shared by victory conditions
// and scripted tasks. Leaf kinds test the game (turn reached, side wiped
// out, objective held...); "all", "any" and "not" combine them. The rules
// engine evaluates triggers; this package only parses and checks their
// references.
type Trigger struct {
	// Kind is one of TriggerKinds.
	Kind string
	// Turn for "turn" and "turn-end".
	Turn int
	// Side, Objective, Zone and Unit (a unit or formation id) are the
	// references a kind takes.
	Side, Objective, Zone, Unit string
	// Count for "units-lost", "in-zone" and "vp" (VP at least Count).
	Count int
	// Distance (cm) for "enemy-within"; Percent for "damaged" (the share
	// of the unit's worth lost, as its rule system measures it).
	Distance float64
	Percent  int
	// Parts are the operands of "all", "any" and "not".
	Parts     []*Trigger
	Line, Col int
}

// Rules returns the trigger in the form the rule systems evaluate
// (rules.EvalTrigger); nil for nil.
func (t *Trigger) Rules() *rules.Trigger {
	if t == nil {
		return nil
	}
	out := &rules.Trigger{Kind: t.Kind, Turn: t.Turn, Side: t.Side, Objective: t.Objective, Zone: t.Zone, Unit: t.Unit,
		Count: t.Count, Distance: t.Distance, Percent: t.Percent}
	for _, p := range t.Parts {
		out.Parts = append(out.Parts, p.Rules())
	}
	return out
}

// triggerArg describes the argument a trigger kind takes.
type triggerArg struct {
	// scalar: "", "int", "side", "unit" (unit or formation), "objective".
	scalar string
	// keys of the mapping form: name -> "side", "objective", "zone",
	// "unit", "int"; required ones listed in need.
	keys map[string]string
	need []string
	// list: operands ("all", "any"), one: a single operand ("not").
	list, one bool
}

// TriggerKinds lists the trigger kinds, for docs and suggestions.
func TriggerKinds() []string {
	return []string{"start", "turn", "turn-end", "turn-limit", "destroy-all", "units-lost",
		"unit-destroyed", "broken", "hold-objective", "objective-lost", "in-zone", "vp", "vp-lead",
		"enemy-within", "damaged", "all", "any", "not"}
}

// triggerSpec returns what a kind takes (ok false for unknown kinds).
func triggerSpec(kind string) (triggerArg, bool) {
	switch kind {
	case "start", "turn-limit":
		return triggerArg{}, true
	case "turn", "turn-end":
		return triggerArg{scalar: "int"}, true
	case "destroy-all", "vp-lead":
		return triggerArg{scalar: "side"}, true
	case "unit-destroyed", "broken":
		return triggerArg{scalar: "unit"}, true
	case "units-lost":
		return triggerArg{keys: map[string]string{"side": "side", "count": "int"}, need: []string{"side", "count"}}, true
	case "hold-objective", "objective-lost":
		return triggerArg{keys: map[string]string{"side": "side", "objective": "objective"}, need: []string{"side", "objective"}}, true
	case "in-zone":
		return triggerArg{keys: map[string]string{"side": "side", "zone": "zone", "count": "int"}, need: []string{"side", "zone"}}, true
	case "vp":
		return triggerArg{keys: map[string]string{"side": "side", "count": "int"}, need: []string{"side", "count"}}, true
	case "enemy-within":
		return triggerArg{keys: map[string]string{"unit": "unit", "distance": "int"}, need: []string{"unit", "distance"}}, true
	case "damaged":
		return triggerArg{keys: map[string]string{"unit": "unit", "percent": "int"}, need: []string{"unit", "percent"}}, true
	case "all", "any":
		return triggerArg{list: true}, true
	case "not":
		return triggerArg{one: true}, true
	}
	return triggerArg{}, false
}

// refCheck is a reference to resolve once every id is known.
type refCheck struct {
	node  *yaml.Node
	id    string
	kinds []string // accepted id kinds
	what  string
}

// decodeTrigger reads a trigger: a bare kind ("turn-limit") or a one-key
// mapping {kind: argument}.
func (p *parser) decodeTrigger(n *yaml.Node, what string, depth int) *Trigger {
	d := p.d
	r := yamlx.Resolve(n)
	if r == nil {
		d.Errorf(n, "%s: expected a trigger", what)
		return nil
	}
	if depth > 16 {
		d.Errorf(n, "%s: triggers nested more than 16 deep", what)
		return nil
	}
	t := &Trigger{Line: n.Line, Col: n.Column}
	var arg *yaml.Node
	switch r.Kind {
	case yaml.ScalarNode:
		s, ok := d.Str(n, what)
		if !ok {
			return nil
		}
		t.Kind = s
	case yaml.MappingNode:
		if len(r.Content) != 2 {
			d.Errorf(n, "%s: a trigger is one kind with its argument, e.g. {destroy-all: red}; got %d keys", what, len(r.Content)/2)
			return nil
		}
		k, ok := d.Str(r.Content[0], what+" kind")
		if !ok {
			return nil
		}
		t.Kind, arg = k, r.Content[1]
	default:
		d.Errorf(n, "%s: expected a trigger such as turn-limit or {destroy-all: SIDE}, got %s", what, yamlx.Describe(n))
		return nil
	}
	spec, ok := triggerSpec(t.Kind)
	if !ok {
		msg := fmt.Sprintf("%s: unknown trigger %s (known: %s)", what, rules.QuoteShort(t.Kind), strings.Join(TriggerKinds(), ", "))
		if s := yamlx.Suggest(t.Kind, TriggerKinds()); s != "" {
			msg = fmt.Sprintf("%s: unknown trigger %s (did you mean %q?)", what, rules.QuoteShort(t.Kind), s)
		}
		d.Errorf(n, "%s", msg)
		return nil
	}
	tw := what + " " + t.Kind
	noArg := spec.scalar == "" && spec.keys == nil && !spec.list && !spec.one
	switch {
	case noArg:
		if arg != nil {
			if a := yamlx.Resolve(arg); !(a.Kind == yaml.ScalarNode && a.ShortTag() == "!!null") {
				d.Errorf(arg, "%s: takes no argument (write just %s)", tw, t.Kind)
			}
		}
	case arg == nil:
		d.Errorf(n, "%s: needs an argument, e.g. {%s: ...}", tw, t.Kind)
		return nil
	case spec.list:
		items := d.Seq(arg, tw)
		if len(items) == 0 && yamlx.Resolve(arg).Kind == yaml.SequenceNode {
			d.Errorf(arg, "%s: needs at least one trigger", tw)
		}
		for i, it := range items {
			if c := p.decodeTrigger(it, fmt.Sprintf("%s %d", tw, i+1), depth+1); c != nil {
				t.Parts = append(t.Parts, c)
			}
		}
	case spec.one:
		if c := p.decodeTrigger(arg, tw, depth+1); c != nil {
			t.Parts = append(t.Parts, c)
		}
	case spec.scalar != "":
		p.triggerValue(t, spec.scalar, spec.scalar, arg, tw)
	default:
		m := d.Map(arg, tw)
		for key, typ := range spec.keys {
			v := m.Get(key)
			if v == nil {
				continue
			}
			p.triggerValue(t, key, typ, v, tw+" "+key)
		}
		for _, key := range spec.need {
			m.Need(key)
		}
		m.Close()
	}
	return t
}

func (p *parser) triggerValue(t *Trigger, key, typ string, v *yaml.Node, what string) {
	d := p.d
	if typ == "int" {
		i, ok := d.Int(v, what)
		if ok && i < 0 {
			d.Errorf(v, "%s: must not be negative", what)
		}
		switch key {
		case "count":
			t.Count = i
		case "distance":
			t.Distance = float64(i)
		case "percent":
			t.Percent = i
			if ok && i > 100 {
				d.Errorf(v, "%s: a share from 0 to 100", what)
			}
		default:
			t.Turn = i
			if ok && i < 1 {
				d.Errorf(v, "%s: turns count from 1", what)
			}
		}
		return
	}
	s, ok := d.Str(v, what)
	if !ok {
		return
	}
	switch typ {
	case "side":
		t.Side = s
		p.refs = append(p.refs, refCheck{v, s, []string{"side"}, what})
	case "objective":
		t.Objective = s
		p.refs = append(p.refs, refCheck{v, s, []string{"objective"}, what})
	case "zone":
		t.Zone = s
		p.refs = append(p.refs, refCheck{v, s, []string{"zone"}, what})
	case "unit":
		t.Unit = s
		p.refs = append(p.refs, refCheck{v, s, []string{"unit", "formation"}, what})
	}
}
