package assets

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/auspex/auspex/assets/yamlx"
	"github.com/auspex/auspex/rules/catalog"
)

// node is a catalogue file's value as a catalog.Node: what a system's
// profile reader sees. Problems go to the file's decoder with the value's
// line and column.
type node struct {
	d *yamlx.Decoder
	n *yaml.Node
}

// wrap returns n as a catalog.Node, nil (an absent value) for nil.
func wrap(d *yamlx.Decoder, n *yaml.Node) catalog.Node {
	if n == nil {
		return nil
	}
	return node{d: d, n: n}
}

func (x node) Errorf(format string, args ...any) { x.d.Errorf(x.n, format, args...) }

func (x node) Unknown(msg, s string, candidates []string) {
	if sg := yamlx.Suggest(s, candidates); sg != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", sg)
	}
	x.d.Errorf(x.n, "%s", msg)
}

func (x node) Map(what string) catalog.Map {
	m := x.d.Map(x.n, what)
	if m == nil {
		return nil
	}
	return &mapNode{node: node{d: x.d, n: m.Node()}, m: m}
}

func (x node) Seq(what string) []catalog.Node {
	items := x.d.Seq(x.n, what)
	out := make([]catalog.Node, len(items))
	for i, it := range items {
		out[i] = node{d: x.d, n: it}
	}
	return out
}

func (x node) Str(what string) (string, bool)    { return x.d.Str(x.n, what) }
func (x node) Text(what string) (string, bool)   { return x.d.Text(x.n, what) }
func (x node) Int(what string) (int, bool)       { return x.d.Int(x.n, what) }
func (x node) Float(what string) (float64, bool) { return x.d.Float(x.n, what) }
func (x node) Bool(what string) (bool, bool)     { return x.d.Bool(x.n, what) }
func (x node) Target(what string) (int, bool)    { return x.d.Target(x.n, what) }
func (x node) OneOf(what, s string, allowed []string) bool {
	return x.d.OneOf(x.n, what, s, allowed)
}

func (x node) StrList(what string) ([]string, []catalog.Node) {
	ss, ns := x.d.StrList(x.n, what)
	out := make([]catalog.Node, len(ns))
	for i, n := range ns {
		out[i] = node{d: x.d, n: n}
	}
	return ss, out
}

// mapNode is a mapping of a catalogue file as a catalog.Map.
type mapNode struct {
	node
	m *yamlx.Map
}

func (x *mapNode) What() string                 { return x.m.What() }
func (x *mapNode) SetWhat(what string)          { x.m.SetWhat(what) }
func (x *mapNode) Get(key string) catalog.Node  { return wrap(x.d, x.m.Get(key)) }
func (x *mapNode) Need(key string) catalog.Node { return wrap(x.d, x.m.Need(key)) }
func (x *mapNode) Key(key string) catalog.Node  { return wrap(x.d, x.m.KeyNode(key)) }
func (x *mapNode) Close()                       { x.m.Close() }
