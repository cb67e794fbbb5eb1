// Package yamlx is strict, position-keeping YAML decoding for Auspex's data
// and scenario files. It parses a document into a yaml.Node tree (so every
// value keeps its line and column), guards against hostile input (size cap,
// alias-expansion cap, nesting-depth cap), and offers small helpers that
// decode mappings, lists and scalars while collecting every error of a file
// as "file:line:col: message" instead of stopping at the first.
//
// Decoding is strict: each mapping is read through a Map that remembers which
// keys the caller asked for; Close reports every other key as unknown, with a
// "did you mean" suggestion when one of the expected keys is close.
package yamlx

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Error is one problem in a file, at a 1-based line and column (0 when the
// position is unknown).
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

// Error formats the problem as "file:line:col: message".
func (e Error) Error() string {
	if e.Line <= 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// Errors is every problem found in one or more files, in file order.
type Errors []Error

// Error prints the problems one per line.
func (es Errors) Error() string {
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Sort orders the errors by file, line and column (stable for equal
// positions), so reports read top to bottom.
func (es Errors) Sort() {
	sort.SliceStable(es, func(i, j int) bool {
		a, b := es[i], es[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}

// Limits bound the work a document may cause.
type Limits struct {
	// MaxBytes is the largest accepted input.
	MaxBytes int
	// MaxNodes caps the number of nodes visited with aliases expanded, so an
	// "alias bomb" (anchors referencing anchors) is rejected cheaply.
	MaxNodes int
	// MaxDepth caps nesting (mappings and lists inside each other).
	MaxDepth int
	// MaxErrors stops collecting after this many errors (0 = 200).
	MaxErrors int
}

// DefaultLimits are the limits for scenario and catalogue files: 4 MiB,
// 200,000 nodes after alias expansion, 64 levels of nesting, 200 errors.
func DefaultLimits() Limits {
	return Limits{MaxBytes: 4 << 20, MaxNodes: 200000, MaxDepth: 64, MaxErrors: 200}
}

// Decoder collects the errors of one file while its tree is decoded.
type Decoder struct {
	File string
	Errs Errors
	// Keys records every mapping key a caller asked for (Map.Get/Need/Allow),
	// so tests can check that documentation covers the accepted schema.
	Keys map[string]bool
	// Full is set once MaxErrors errors have been collected.
	Full bool
	max  int
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// Parse checks the limits and parses data into a tree. It returns the
// document's root value (nil for an empty document) and a decoder holding any
// errors so far; when errors are present the root is nil and decoding should
// stop. Parse never panics on any input.
func Parse(file string, data []byte, lim Limits) (root *yaml.Node, d *Decoder) {
	d = &Decoder{File: file, Keys: map[string]bool{}, max: lim.MaxErrors}
	if d.max <= 0 {
		d.max = 200
	}
	if lim.MaxBytes > 0 && len(data) > lim.MaxBytes {
		d.Errorf(nil, "file is %d bytes, more than the %d byte limit", len(data), lim.MaxBytes)
		return nil, d
	}
	var doc yaml.Node
	if err := safeUnmarshal(data, &doc); err != nil {
		msg := err.Error()
		line := 0
		if m := yamlLine.FindStringSubmatch(msg); m != nil {
			line, _ = strconv.Atoi(m[1])
			msg = m[2]
		} else {
			msg = strings.TrimPrefix(msg, "yaml: ")
		}
		d.Errs = append(d.Errs, Error{File: file, Line: line, Col: 1, Msg: "YAML syntax: " + msg})
		return nil, d
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, d
	}
	r := doc.Content[0]
	if doc.Kind != yaml.DocumentNode {
		r = &doc
	}
	count := 0
	if msg := checkTree(r, 0, &count, lim); msg != "" {
		d.Errorf(r, "%s", msg)
		return nil, d
	}
	return r, d
}

// safeUnmarshal turns any panic inside the YAML library into an error: the
// last line of defence, not a substitute for the limits above.
func safeUnmarshal(data []byte, doc *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: unreadable document (%v)", r)
		}
	}()
	return yaml.Unmarshal(data, doc)
}

// checkTree walks the tree with aliases expanded, counting nodes and depth.
func checkTree(n *yaml.Node, depth int, count *int, lim Limits) string {
	if n == nil {
		return ""
	}
	*count++
	if lim.MaxNodes > 0 && *count > lim.MaxNodes {
		return fmt.Sprintf("document too large: more than %d values once aliases are expanded (alias bomb?)", lim.MaxNodes)
	}
	if lim.MaxDepth > 0 && depth > lim.MaxDepth {
		return fmt.Sprintf("document nested more than %d levels deep", lim.MaxDepth)
	}
	if n.Kind == yaml.AliasNode {
		return checkTree(n.Alias, depth+1, count, lim)
	}
	for _, c := range n.Content {
		if msg := checkTree(c, depth+1, count, lim); msg != "" {
			return msg
		}
	}
	return ""
}

// Errorf records an error at node n (nil: no position).
func (d *Decoder) Errorf(n *yaml.Node, format string, args ...any) {
	if d.Full {
		return
	}
	e := Error{File: d.File, Msg: fmt.Sprintf(format, args...)}
	if n != nil {
		e.Line, e.Col = n.Line, n.Column
	}
	d.Errs = append(d.Errs, e)
	if len(d.Errs) >= d.max {
		d.Full = true
		d.Errs = append(d.Errs, Error{File: d.File, Msg: fmt.Sprintf("too many errors (%d), stopping", d.max)})
	}
}

// Err returns the collected errors as an error, or nil when there are none.
func (d *Decoder) Err() error {
	if len(d.Errs) == 0 {
		return nil
	}
	es := append(Errors(nil), d.Errs...)
	es.Sort()
	return es
}

// Resolve follows aliases to the node they stand for (depth-limited by Parse).
func Resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 1000; i++ {
		n = n.Alias
	}
	return n
}

// Describe names what a node is, for "expected X, got Y" messages.
func Describe(n *yaml.Node) string {
	n = Resolve(n)
	if n == nil {
		return "nothing"
	}
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		v := n.Value
		if len(v) > 40 {
			v = v[:40] + "..."
		}
		switch n.ShortTag() {
		case "!!null":
			return "an empty value"
		case "!!int", "!!float":
			return "the number " + v
		case "!!bool":
			return "the boolean " + v
		case "!!str":
			return strconv.Quote(v)
		}
		return fmt.Sprintf("%s %q", n.ShortTag(), v)
	}
	return "an unexpected value"
}

// Map is a mapping being decoded. All methods are safe on a nil *Map (they
// return zero values), so a wrong-typed value reports one error and decoding
// continues.
type Map struct {
	d     *Decoder
	node  *yaml.Node
	what  string
	vals  map[string]*yaml.Node
	keys  map[string]*yaml.Node
	order []string
	asked map[string]bool
}

// Map starts decoding n as a mapping describing what (e.g. "unit"). A missing
// or wrong value is reported and nil returned. Duplicate keys are errors.
func (d *Decoder) Map(n *yaml.Node, what string) *Map {
	r := Resolve(n)
	if r == nil || r.Kind != yaml.MappingNode {
		d.Errorf(n, "%s: expected a mapping (key: value lines), got %s", what, Describe(n))
		return nil
	}
	m := &Map{d: d, node: r, what: what, vals: map[string]*yaml.Node{}, keys: map[string]*yaml.Node{}, asked: map[string]bool{}}
	for i := 0; i+1 < len(r.Content); i += 2 {
		k, v := Resolve(r.Content[i]), r.Content[i+1]
		if k == nil || k.Kind != yaml.ScalarNode {
			d.Errorf(r.Content[i], "%s: keys must be plain words, got %s", what, Describe(k))
			continue
		}
		if k.Tag == "!!merge" || k.Value == "<<" {
			d.Errorf(k, "%s: YAML merge keys (<<) are not supported; write the keys out", what)
			continue
		}
		if prev, dup := m.keys[k.Value]; dup {
			d.Errorf(k, "%s: key %q appears twice (first at line %d)", what, k.Value, prev.Line)
			continue
		}
		m.keys[k.Value] = k
		m.vals[k.Value] = v
		m.order = append(m.order, k.Value)
	}
	return m
}

// Node returns the mapping node itself (nil on a nil Map).
func (m *Map) Node() *yaml.Node {
	if m == nil {
		return nil
	}
	return m.node
}

// What is the description given to Map.
func (m *Map) What() string {
	if m == nil {
		return ""
	}
	return m.what
}

// SetWhat changes the description used in later messages (e.g. once an id
// has been read).
func (m *Map) SetWhat(what string) {
	if m != nil {
		m.what = what
	}
}

// Decoder returns the decoder the map reports to.
func (m *Map) Decoder() *Decoder {
	if m == nil {
		return nil
	}
	return m.d
}

// Allow marks keys as expected without reading them (for Close).
func (m *Map) Allow(keys ...string) {
	if m == nil {
		return
	}
	for _, k := range keys {
		m.asked[k] = true
		m.d.Keys[k] = true
	}
}

// Has reports whether key is present (and marks it expected).
func (m *Map) Has(key string) bool {
	if m == nil {
		return false
	}
	m.Allow(key)
	_, ok := m.vals[key]
	return ok
}

// Get returns the value of key, or nil when absent; the key becomes expected.
func (m *Map) Get(key string) *yaml.Node {
	if m == nil {
		return nil
	}
	m.Allow(key)
	return m.vals[key]
}

// Need is Get for a required key: a missing key is reported at the mapping.
func (m *Map) Need(key string) *yaml.Node {
	if m == nil {
		return nil
	}
	v := m.Get(key)
	if v == nil {
		m.d.Errorf(m.node, "%s: missing required key %q", m.what, key)
	}
	return v
}

// KeyNode returns the key node of key (for positions), or the mapping.
func (m *Map) KeyNode(key string) *yaml.Node {
	if m == nil {
		return nil
	}
	if k, ok := m.keys[key]; ok {
		return k
	}
	return m.node
}

// Keys lists the keys present, in file order.
func (m *Map) Keys() []string {
	if m == nil {
		return nil
	}
	return append([]string(nil), m.order...)
}

// Close reports every key that was never asked for, suggesting the closest
// expected key when one is near.
func (m *Map) Close() {
	if m == nil {
		return
	}
	var expected []string
	for k := range m.asked {
		expected = append(expected, k)
	}
	sort.Strings(expected)
	for _, k := range m.order {
		if m.asked[k] {
			continue
		}
		msg := fmt.Sprintf("%s: unknown key %q", m.what, k)
		if s := Suggest(k, expected); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		} else if len(expected) > 0 && len(expected) <= 30 {
			msg += " (expected one of: " + strings.Join(expected, ", ") + ")"
		}
		m.d.Errorf(m.keys[k], "%s", msg)
	}
}

// Suggest returns the candidate closest to s by edit distance when it is
// close enough to be a likely typo, else "".
func Suggest(s string, candidates []string) string {
	best, bestD := "", 1<<30
	for _, c := range candidates {
		d := editDistance(strings.ToLower(s), strings.ToLower(c))
		if d < bestD {
			best, bestD = c, d
		}
	}
	limit := 2
	if len(s) <= 3 {
		limit = 1
	}
	if l := len(s) / 3; l > limit {
		limit = l
	}
	if best != "" && bestD <= limit {
		return best
	}
	// A different separator or a prefix is also a likely slip.
	norm := func(x string) string {
		return strings.NewReplacer("-", "", "_", "", " ", "").Replace(strings.ToLower(x))
	}
	for _, c := range candidates {
		if norm(c) == norm(s) {
			return c
		}
	}
	return ""
}

func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		if a == b {
			return 0
		}
		return 1 << 20
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Seq returns the items of a list (nil and an error for anything else).
// An absent value (nil) is an empty list with no error.
func (d *Decoder) Seq(n *yaml.Node, what string) []*yaml.Node {
	if n == nil {
		return nil
	}
	r := Resolve(n)
	if r.Kind == yaml.ScalarNode && r.ShortTag() == "!!null" {
		return nil
	}
	if r.Kind != yaml.SequenceNode {
		d.Errorf(n, "%s: expected a list (lines starting with \"- \"), got %s", what, Describe(n))
		return nil
	}
	return r.Content
}

func scalar(n *yaml.Node) *yaml.Node {
	r := Resolve(n)
	if r == nil || r.Kind != yaml.ScalarNode {
		return nil
	}
	return r
}

// Str decodes a string value. Numbers and booleans are rejected so that ids
// stay strings ("quote it" hint).
func (d *Decoder) Str(n *yaml.Node, what string) (string, bool) {
	s := scalar(n)
	if s == nil || s.ShortTag() != "!!str" {
		hint := ""
		if s != nil && s.ShortTag() != "!!null" {
			hint = " (put it in quotes to make it text)"
		}
		d.Errorf(n, "%s: expected text, got %s%s", what, Describe(n), hint)
		return "", false
	}
	return s.Value, true
}

// Text decodes any scalar (text, number, boolean) as its literal text: for
// fields like rate of fire that may be written 4 or "D6".
func (d *Decoder) Text(n *yaml.Node, what string) (string, bool) {
	s := scalar(n)
	if s == nil || s.ShortTag() == "!!null" {
		d.Errorf(n, "%s: expected a value, got %s", what, Describe(n))
		return "", false
	}
	return s.Value, true
}

// Float decodes a finite number.
func (d *Decoder) Float(n *yaml.Node, what string) (float64, bool) {
	s := scalar(n)
	if s == nil || (s.ShortTag() != "!!int" && s.ShortTag() != "!!float") {
		d.Errorf(n, "%s: expected a number, got %s", what, Describe(n))
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(s.Value, "_", ""), 64)
	if err != nil {
		if i, ierr := strconv.ParseInt(strings.ReplaceAll(s.Value, "_", ""), 0, 64); ierr == nil {
			f, err = float64(i), nil
		}
	}
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		d.Errorf(n, "%s: expected a finite number, got %s", what, Describe(n))
		return 0, false
	}
	return f, true
}

// Int decodes a whole number within +-1e9.
func (d *Decoder) Int(n *yaml.Node, what string) (int, bool) {
	s := scalar(n)
	if s == nil || s.ShortTag() != "!!int" {
		d.Errorf(n, "%s: expected a whole number, got %s", what, Describe(n))
		return 0, false
	}
	i, err := strconv.ParseInt(strings.ReplaceAll(s.Value, "_", ""), 0, 64)
	if err != nil || i > 1e9 || i < -1e9 {
		d.Errorf(n, "%s: expected a whole number between -1e9 and 1e9, got %s", what, Describe(n))
		return 0, false
	}
	return int(i), true
}

// Bool decodes true/false.
func (d *Decoder) Bool(n *yaml.Node, what string) (bool, bool) {
	s := scalar(n)
	if s == nil || s.ShortTag() != "!!bool" {
		d.Errorf(n, "%s: expected true or false, got %s", what, Describe(n))
		return false, false
	}
	v := strings.ToLower(s.Value)
	return v == "true" || v == "yes" || v == "on", true
}

// Target decodes a D6 target written 4 or "4+"; 0 is allowed ("none").
func (d *Decoder) Target(n *yaml.Node, what string) (int, bool) {
	s := scalar(n)
	if s != nil && s.ShortTag() == "!!str" {
		v := strings.TrimSuffix(strings.TrimSpace(s.Value), "+")
		if i, err := strconv.Atoi(v); err == nil && i >= 0 && i <= 20 {
			return i, true
		}
		if s.Value == "-" {
			return 0, true
		}
		d.Errorf(n, "%s: expected a dice target like 4 or \"4+\", got %s", what, Describe(n))
		return 0, false
	}
	if s != nil && s.ShortTag() == "!!int" {
		i, ok := d.Int(n, what)
		if ok && (i < 0 || i > 20) {
			d.Errorf(n, "%s: expected a dice target between 0 and 20, got %d", what, i)
			return 0, false
		}
		return i, ok
	}
	d.Errorf(n, "%s: expected a dice target like 4 or \"4+\", got %s", what, Describe(n))
	return 0, false
}

// StrList decodes a list of strings (absent = empty).
func (d *Decoder) StrList(n *yaml.Node, what string) ([]string, []*yaml.Node) {
	var out []string
	var nodes []*yaml.Node
	for _, it := range d.Seq(n, what) {
		if s, ok := d.Str(it, what+" item"); ok {
			out = append(out, s)
			nodes = append(nodes, it)
		}
	}
	return out, nodes
}

// OneOf checks that s is one of the allowed values, reporting the choices
// and a suggestion otherwise.
func (d *Decoder) OneOf(n *yaml.Node, what, s string, allowed []string) bool {
	for _, a := range allowed {
		if s == a {
			return true
		}
	}
	msg := fmt.Sprintf("%s: %q is not one of: %s", what, s, strings.Join(allowed, ", "))
	if sg := Suggest(s, allowed); sg != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", sg)
	}
	d.Errorf(n, "%s", msg)
	return false
}
