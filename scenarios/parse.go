package scenarios

import (
	"fmt"
	"math"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/auspex/auspex/assets/yamlx"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// MaxFileSize is the largest scenario file accepted (4 MiB).
const MaxFileSize = 4 << 20

// Count limits that keep validation fast on hostile files.
const (
	MaxFeatures      = 500
	MaxPolygonPoints = 1000
	MaxUnits         = 2000
	MaxZones         = 200
)

// capList reports (once) a list longer than max and returns its first max
// items.
func (p *parser) capList(n *yaml.Node, items []*yaml.Node, max int, what string) []*yaml.Node {
	if len(items) > max {
		p.d.Errorf(n, "%s: at most %d entries are allowed, got %d", what, max, len(items))
		return items[:max]
	}
	return items
}

// Limits returns the hostile-input limits used for scenario files: size,
// nodes after alias expansion, nesting depth.
func Limits() yamlx.Limits {
	l := yamlx.DefaultLimits()
	l.MaxBytes = MaxFileSize
	return l
}

type parser struct {
	d    *yamlx.Decoder
	s    *Scenario
	cat  *catalog.Catalogue
	refs []refCheck
	// idNode is where each id was first defined.
	idNode map[string]*yaml.Node
	// zoneSides is the zone reference of each side, to check after decode.
	sideZone map[*Side]*yaml.Node
	// files, when not nil, hold the scenario's catalogue files by the
	// name its "catalogues" key gives them (ParseWithFiles): nothing is
	// read from disk.
	files map[string][]byte
}

// Parse decodes and validates a scenario. name is used in messages
// ("file:line:col: message"). cat is the unit catalogue unit types and
// weapons are looked up in. On failure the error is an Errors value listing
// every problem found, sorted by position; the Scenario is nil. Parse never
// panics: a panic inside would be a bug and is reported as an error. The
// only files Parse reads are those the scenario's "catalogues" key names
// (relative to the directory of name; see decodeCatalogues).
func Parse(name string, data []byte, cat *catalog.Catalogue) (s *Scenario, err error) {
	return parse(name, data, cat, nil)
}

// ParseWithFiles is Parse for a scenario whose catalogue files come with
// it (a saved game's copies, keyed by the scenario's "catalogues"
// entries): no file is read from disk, and an entry missing from files is
// an error at that entry.
func ParseWithFiles(name string, data []byte, cat *catalog.Catalogue, files map[string][]byte) (*Scenario, error) {
	if files == nil {
		files = map[string][]byte{}
	}
	return parse(name, data, cat, files)
}

func parse(name string, data []byte, cat *catalog.Catalogue, files map[string][]byte) (s *Scenario, err error) {
	defer func() {
		if r := recover(); r != nil {
			s = nil
			err = Errors{{File: name, Msg: fmt.Sprintf("internal error while reading the scenario (please report): %v", r)}}
		}
	}()
	p, root := start(name, data, cat)
	p.files = files
	if line := secondDocument(data); line > 0 {
		p.d.Errorf(&yaml.Node{Line: line, Column: 1}, "a second YAML document starts here: a scenario file holds exactly one (remove this line and what follows, or put it in a file of its own)")
	}
	if root == nil {
		if len(p.d.Errs) == 0 {
			p.d.Errorf(nil, "empty scenario file: expected at least format, name, system, table and sides")
		}
		return nil, p.d.Err()
	}
	p.decode(root)
	if err := p.d.Err(); err != nil {
		return nil, err
	}
	return p.s, nil
}

// CollectKeys parses data and returns every mapping key the decoder asked
// for, with the errors (for documentation tests).
func CollectKeys(name string, data []byte, cat *catalog.Catalogue) (map[string]bool, error) {
	p, root := start(name, data, cat)
	if root != nil {
		p.decode(root)
	}
	return p.d.Keys, p.d.Err()
}

func start(name string, data []byte, cat *catalog.Catalogue) (*parser, *yaml.Node) {
	root, d := yamlx.Parse(name, data, Limits())
	p := &parser{d: d, cat: cat, idNode: map[string]*yaml.Node{}, sideZone: map[*Side]*yaml.Node{},
		s: &Scenario{File: name, Source: append([]byte(nil), data...), Catalogue: cat,
			units: map[string]*Unit{}, ids: map[string]string{}, Deployment: PrePlaced}}
	if cat == nil {
		d.Errorf(nil, "no unit catalogue given (internal error)")
		return p, nil
	}
	return p, root
}

// Load reads and parses a scenario file from disk (at most MaxFileSize
// bytes).
func Load(path string, cat *catalog.Catalogue) (*Scenario, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", path, err)
	}
	if fi.IsDir() {
		return nil, fmt.Errorf("scenario %s: is a directory, expected a .yaml file", path)
	}
	data, err := readScenarioFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data, cat)
}

// secondDocument returns the line where a second YAML document begins in
// data, or 0 when it holds at most one. Documents are separated by a "---"
// marker at the start of a line (after some content: a leading marker only
// opens the first document) or follow a "..." end marker. The YAML library
// silently reads only the first document, so a second one would be
// ignored without this check. A marker can never be inside a scalar at
// the start of a line (block scalars are indented, and quoted scalars may
// not hold document markers), so looking at line starts is exact.
func secondDocument(data []byte) int {
	content, ended := false, false
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimRight(line, "\r")
		if i == 0 {
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		marker := func(m string) bool {
			return line == m || strings.HasPrefix(line, m+" ") || strings.HasPrefix(line, m+"\t")
		}
		switch t := strings.TrimSpace(line); {
		case marker("---"):
			if content || ended {
				return i + 1
			}
			content = strings.TrimSpace(strings.TrimPrefix(line, "---")) != "" && !strings.HasPrefix(strings.TrimSpace(line[3:]), "#")
		case marker("..."):
			ended = true
		case t == "" || strings.HasPrefix(t, "#") || (strings.HasPrefix(line, "%") && !content):
		default:
			if ended {
				return i + 1
			}
			content = true
		}
	}
	return 0
}

var idRe = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$`)

// defineID reads the required "id" key and registers it as kind.
func (p *parser) defineID(m *yamlx.Map, kind string) (string, *yaml.Node) {
	n := m.Need("id")
	if n == nil {
		return "", nil
	}
	id, ok := p.d.Str(n, kind+" id")
	if !ok {
		return "", nil
	}
	if !idRe.MatchString(id) {
		p.d.Errorf(n, "%s id %s: use letters, digits, '-', '_' or '.' (at most 64, starting with a letter or digit)", kind, rules.QuoteShort(id))
		return "", nil
	}
	if prev, dup := p.idNode[id]; dup {
		p.d.Errorf(n, "%s id %q is already used by a %s at line %d (ids must be unique in the file)", kind, id, p.s.ids[id], prev.Line)
		return "", nil
	}
	p.idNode[id] = n
	p.s.ids[id] = kind
	return id, n
}

func (p *parser) decode(root *yaml.Node) {
	d, s := p.d, p.s
	m := d.Map(root, "scenario")
	if m == nil {
		return
	}
	if n := m.Need("format"); n != nil {
		if v, ok := d.Int(n, "format"); ok {
			s.Format = v
			if v != FormatVersion {
				d.Errorf(n, "format: this version of Auspex reads format %d, the file says %d", FormatVersion, v)
			}
		}
	}
	if n := m.Need("name"); n != nil {
		if v, ok := d.Str(n, "name"); ok {
			s.Name = v
			if strings.TrimSpace(v) == "" {
				d.Errorf(n, "name: must not be empty (it is shown in menus and the window title)")
			}
		}
	}
	if n := m.Get("description"); n != nil {
		s.Description, _ = d.Str(n, "description")
		s.Description = strings.TrimSpace(s.Description)
	}
	if n := m.Need("system"); n != nil {
		if v, ok := d.Str(n, "system"); ok && d.OneOf(n, "system", v, []string{"atii", "e40k", "ea", "epic3"}) {
			s.System = catalog.System(v)
		}
	}
	// Own catalogue files first: sides' unit types are looked up in them.
	p.decodeCatalogues(m.Get("catalogues"))
	opts, onodes := d.StrList(m.Get("options"), "options")
	optRe := regexp.MustCompile(`^[a-z0-9-]+(/[a-z0-9-]+)*$`)
	for i, o := range opts {
		if !optRe.MatchString(o) {
			d.Errorf(onodes[i], "options: %s is not an option name (lower-case words, e.g. remastered/resilient)", rules.QuoteShort(o))
		}
	}
	s.Options = opts
	tableOK := false
	if n := m.Need("table"); n != nil {
		tableOK = p.decodeTable(n)
	}
	if n := m.Get("deployment"); n != nil {
		if v, ok := d.Str(n, "deployment"); ok && d.OneOf(n, "deployment", v, []string{PrePlaced, DeployInZone}) {
			s.Deployment = v
		}
	}
	if n := m.Get("turn_limit"); n != nil {
		if v, ok := d.Int(n, "turn_limit"); ok {
			if v < 0 || v > 1000 {
				d.Errorf(n, "turn_limit: expected 0 (no limit) to 1000 turns, got %d", v)
			}
			s.TurnLimit = v
		}
	}
	// Terrain, zones and objectives first: sides refer to them.
	var features []world.Feature
	for i, fn := range p.capList(m.Get("terrain"), d.Seq(m.Get("terrain"), "terrain"), MaxFeatures, "terrain") {
		if f, ok := p.decodeFeature(fn, i, tableOK); ok {
			features = append(features, f)
		}
	}
	for i, zn := range p.capList(m.Get("zones"), d.Seq(m.Get("zones"), "zones"), MaxZones, "zones") {
		if z := p.decodeZone(zn, i, tableOK); z != nil {
			s.Zones = append(s.Zones, z)
		}
	}
	for i, on := range d.Seq(m.Get("objectives"), "objectives") {
		if o := p.decodeObjective(on, i, tableOK); o != nil {
			s.Objectives = append(s.Objectives, o)
		}
	}
	sidesN := m.Need("sides")
	for i, sn := range d.Seq(sidesN, "sides") {
		if sd := p.decodeSide(sn, i); sd != nil {
			s.Sides = append(s.Sides, sd)
		}
	}
	if sidesN != nil && len(s.Sides) == 0 && len(d.Errs) == 0 {
		d.Errorf(sidesN, "sides: a scenario needs at least one side")
	}
	for i, vn := range d.Seq(m.Get("victory"), "victory") {
		if v := p.decodeVictory(vn, i); v != nil {
			s.Victory = append(s.Victory, v)
		}
	}
	if n := m.Get("mission"); n != nil {
		s.Mission = p.decodeMission(n)
	}
	m.Close()

	p.resolveRefs()
	p.checkSemantics()
	if tableOK {
		p.checkPlacement()
		w, err := world.New(s.Table, features)
		if err != nil {
			// Features were validated one by one above; this is a backstop.
			d.Errorf(m.KeyNode("terrain"), "terrain: %v", err)
		} else {
			s.World = w
		}
	}
}

func (p *parser) decodeTable(n *yaml.Node) bool {
	d := p.d
	m := d.Map(n, "table")
	if m == nil {
		return false
	}
	defer m.Close()
	ok := true
	dim := func(key string) float64 {
		v := m.Need(key)
		if v == nil {
			ok = false
			return 0
		}
		f, good := d.Float(v, "table "+key)
		if good && (f < 10 || f > 2000) {
			d.Errorf(v, "table %s: expected 10 to 2000 cm, got %v", key, f)
			good = false
		}
		ok = ok && good
		return f
	}
	p.s.Table = world.Table{W: dim("width"), H: dim("height")}
	return ok
}

// decodePoint reads a position {x: 10, y: 20} or [10, 20] in cm.
func (p *parser) decodePoint(n *yaml.Node, what string) (world.Vec, bool) {
	d := p.d
	r := yamlx.Resolve(n)
	if r != nil && r.Kind == yaml.SequenceNode {
		if len(r.Content) != 2 {
			d.Errorf(n, "%s: a point is [x, y] or {x: X, y: Y} in cm, got a list of %d", what, len(r.Content))
			return world.Vec{}, false
		}
		x, ok1 := d.Float(r.Content[0], what+" x")
		y, ok2 := d.Float(r.Content[1], what+" y")
		return world.Vec{X: x, Y: y}, ok1 && ok2
	}
	if r == nil || r.Kind != yaml.MappingNode {
		d.Errorf(n, "%s: expected a point {x: X, y: Y} or [x, y] in cm, got %s", what, yamlx.Describe(n))
		return world.Vec{}, false
	}
	m := d.Map(n, what)
	defer m.Close()
	xn, yn := m.Need("x"), m.Need("y")
	if xn == nil || yn == nil {
		return world.Vec{}, false
	}
	x, ok1 := d.Float(xn, what+" x")
	y, ok2 := d.Float(yn, what+" y")
	return world.Vec{X: x, Y: y}, ok1 && ok2
}

func (p *parser) decodePoints(n *yaml.Node, what string) ([]world.Vec, bool) {
	items := p.d.Seq(n, what)
	if n != nil && items == nil {
		if r := yamlx.Resolve(n); r.Kind == yaml.SequenceNode {
			p.d.Errorf(n, "%s: needs at least 3 points", what)
		}
		return nil, false
	}
	if len(items) > MaxPolygonPoints {
		p.d.Errorf(n, "%s: at most %d points are allowed, got %d", what, MaxPolygonPoints, len(items))
		return nil, false
	}
	ok := true
	pts := make([]world.Vec, 0, len(items))
	for i, it := range items {
		v, good := p.decodePoint(it, fmt.Sprintf("%s point %d", what, i+1))
		ok = ok && good
		pts = append(pts, v)
	}
	if !ok {
		return nil, false
	}
	if err := world.ValidatePolygon(pts); err != nil {
		p.d.Errorf(n, "%s: invalid polygon: %v", what, err)
		return nil, false
	}
	return pts, true
}

// decodeShape reads one of the primitive shapes shared by terrain and
// zones from key/value: circle {x, y, radius}, rect {x, y, w, h, rotation},
// polygon [points].
func (p *parser) decodeShape(key string, v *yaml.Node, what string) (*Area, bool) {
	d := p.d
	a := &Area{Op: AreaOp(key), Line: v.Line, Col: v.Column}
	switch key {
	case "polygon":
		pts, ok := p.decodePoints(v, what+" polygon")
		a.Poly = pts
		return a, ok
	case "circle":
		m := d.Map(v, what+" circle")
		if m == nil {
			return a, false
		}
		defer m.Close()
		xn, yn, rn := m.Need("x"), m.Need("y"), m.Need("radius")
		if xn == nil || yn == nil || rn == nil {
			return a, false
		}
		x, ok1 := d.Float(xn, what+" circle x")
		y, ok2 := d.Float(yn, what+" circle y")
		r, ok3 := d.Float(rn, what+" circle radius")
		if ok3 && r <= 0 {
			d.Errorf(rn, "%s circle radius: must be positive cm, got %v", what, r)
			ok3 = false
		}
		a.Center, a.Radius = world.Vec{X: x, Y: y}, r
		return a, ok1 && ok2 && ok3
	case "rect":
		m := d.Map(v, what+" rect")
		if m == nil {
			return a, false
		}
		defer m.Close()
		vals := map[string]float64{}
		ok := true
		for _, k := range []string{"x", "y", "w", "h"} {
			n := m.Need(k)
			if n == nil {
				ok = false
				continue
			}
			f, good := d.Float(n, what+" rect "+k)
			if good && (k == "w" || k == "h") && f <= 0 {
				d.Errorf(n, "%s rect %s: must be positive cm, got %v", what, k, f)
				good = false
			}
			ok = ok && good
			vals[k] = f
		}
		rot := 0.0
		if n := m.Get("rotation"); n != nil {
			r, good := d.Float(n, what+" rect rotation")
			rot = r
			ok = ok && good
		}
		a.Poly = rectPoly(vals["x"], vals["y"], vals["w"], vals["h"], rot)
		return a, ok
	}
	return a, false
}

func (p *parser) decodeFeature(n *yaml.Node, idx int, tableOK bool) (world.Feature, bool) {
	d := p.d
	what := fmt.Sprintf("terrain %d", idx+1)
	m := d.Map(n, what)
	if m == nil {
		return world.Feature{}, false
	}
	defer m.Close()
	id, _ := p.defineID(m, "terrain")
	if id != "" {
		what = fmt.Sprintf("terrain %q", id)
		m.SetWhat(what)
	}
	f := world.Feature{ID: id}
	ok := id != ""
	if v := m.Get("name"); v != nil {
		f.Name, _ = d.Str(v, what+" name")
	}
	if v := m.Need("kind"); v != nil {
		k, good := d.Str(v, what+" kind")
		kinds := make([]string, len(world.Kinds))
		for i, x := range world.Kinds {
			kinds[i] = string(x)
		}
		if good && d.OneOf(v, what+" kind", k, kinds) {
			f.Kind = world.Kind(k)
		} else {
			ok = false
		}
	} else {
		ok = false
	}
	if v := m.Get("height"); v != nil {
		h, good := d.Float(v, what+" height")
		if good && h < 0 {
			d.Errorf(v, "%s height: must be 0 or more cm, got %v", what, h)
			good = false
		}
		f.Height = h
		ok = ok && good
	}
	var shapeKeys []string
	for _, k := range []string{"polygon", "rect", "circle"} {
		if m.Has(k) {
			shapeKeys = append(shapeKeys, k)
		}
	}
	if len(shapeKeys) != 1 {
		if len(shapeKeys) == 0 {
			d.Errorf(m.Node(), "%s: needs its outline: one of polygon, rect or circle", what)
		} else {
			d.Errorf(m.KeyNode(shapeKeys[1]), "%s: give only one of polygon, rect or circle (found %s)", what, strings.Join(shapeKeys, " and "))
		}
		return f, false
	}
	a, good := p.decodeShape(shapeKeys[0], m.Get(shapeKeys[0]), what)
	if !good {
		return f, false
	}
	if a.Op == AreaCircle {
		f.Poly = circlePoly(a.Center, a.Radius, 32)
	} else {
		f.Poly = a.Poly
	}
	// A polygon was validated as it was read (decodePoints); the outlines
	// made from a circle or a rect are checked here, once.
	if a.Op != AreaPolygon {
		if err := world.ValidatePolygon(f.Poly); err != nil {
			d.Errorf(m.Get(shapeKeys[0]), "%s: invalid outline: %v", what, err)
			return f, false
		}
	}
	if tableOK {
		for i, pt := range f.Poly {
			if !p.s.Table.Contains(pt) {
				d.Errorf(m.Get(shapeKeys[0]), "%s: outline point %d (%.4g, %.4g) is off the %gx%g cm table (terrain must lie on the table)",
					what, i+1, pt.X, pt.Y, p.s.Table.W, p.s.Table.H)
				return f, false
			}
		}
	}
	return f, ok
}

// decodeArea reads an area: a mapping with exactly one of circle, rect,
// polygon, band, union, difference, intersection.
func (p *parser) decodeArea(n *yaml.Node, what string, depth int) (*Area, bool) {
	d := p.d
	if depth > 16 {
		d.Errorf(n, "%s: areas nested more than 16 deep", what)
		return nil, false
	}
	m := d.Map(n, what)
	if m == nil {
		return nil, false
	}
	defer m.Close()
	ops := []string{"circle", "rect", "polygon", "band", "union", "difference", "intersection"}
	var found []string
	for _, k := range ops {
		if m.Has(k) {
			found = append(found, k)
		}
	}
	if len(found) != 1 {
		if len(found) == 0 {
			d.Errorf(m.Node(), "%s: expected one of %s", what, strings.Join(ops, ", "))
		} else {
			d.Errorf(m.KeyNode(found[1]), "%s: an area is one shape or combination; found %s (wrap them in union: [...])", what, strings.Join(found, " and "))
		}
		return nil, false
	}
	key := found[0]
	v := m.Get(key)
	switch key {
	case "circle", "rect", "polygon":
		return p.decodeShape(key, v, what)
	case "band":
		a := &Area{Op: AreaBand, Line: v.Line, Col: v.Column}
		bm := d.Map(v, what+" band")
		if bm == nil {
			return a, false
		}
		defer bm.Close()
		en, dn := bm.Need("edge"), bm.Need("depth")
		if en == nil || dn == nil {
			return a, false
		}
		edge, ok1 := d.Str(en, what+" band edge")
		ok1 = ok1 && d.OneOf(en, what+" band edge", edge, []string{"north", "south", "east", "west"})
		depthCM, ok2 := d.Float(dn, what+" band depth")
		if ok2 && depthCM <= 0 {
			d.Errorf(dn, "%s band depth: must be positive cm, got %v", what, depthCM)
			ok2 = false
		}
		if !ok1 || !ok2 {
			return a, false
		}
		t := p.s.Table
		switch edge {
		case "north":
			a.Poly = rectPoly(0, 0, t.W, math.Min(depthCM, t.H), 0)
		case "south":
			dd := math.Min(depthCM, t.H)
			a.Poly = rectPoly(0, t.H-dd, t.W, dd, 0)
		case "west":
			a.Poly = rectPoly(0, 0, math.Min(depthCM, t.W), t.H, 0)
		case "east":
			dd := math.Min(depthCM, t.W)
			a.Poly = rectPoly(t.W-dd, 0, dd, t.H, 0)
		}
		return a, true
	default:
		a := &Area{Op: AreaOp(key), Line: v.Line, Col: v.Column}
		items := d.Seq(v, what+" "+key)
		min := 1
		if key != string(AreaUnion) {
			min = 2
		}
		if len(items) < min && yamlx.Resolve(v).Kind == yaml.SequenceNode {
			d.Errorf(v, "%s %s: needs at least %d areas", what, key, min)
			return a, false
		}
		ok := len(items) >= min
		for i, it := range items {
			c, good := p.decodeArea(it, fmt.Sprintf("%s %s %d", what, key, i+1), depth+1)
			ok = ok && good
			if c != nil {
				a.Parts = append(a.Parts, c)
			}
		}
		return a, ok
	}
}

func (p *parser) decodeZone(n *yaml.Node, idx int, tableOK bool) *Zone {
	d := p.d
	what := fmt.Sprintf("zone %d", idx+1)
	m := d.Map(n, what)
	if m == nil {
		return nil
	}
	defer m.Close()
	id, _ := p.defineID(m, "zone")
	if id != "" {
		what = fmt.Sprintf("zone %q", id)
		m.SetWhat(what)
	}
	z := &Zone{ID: id, Line: n.Line, Col: n.Column}
	if v := m.Get("name"); v != nil {
		z.Name, _ = d.Str(v, what+" name")
	}
	an := m.Need("area")
	if an == nil || !tableOK {
		return nil
	}
	a, ok := p.decodeArea(an, what+" area", 0)
	if !ok || a == nil {
		return nil
	}
	if !a.finish(p.s.Table) {
		d.Errorf(an, "%s area: in an intersection or difference, every area after the first must be convex (circle, rect, band or a convex polygon), and the result must stay under %d pieces", what, maxPieces)
		return nil
	}
	if len(a.Polygons()) == 0 {
		d.Errorf(an, "%s area: is empty or lies entirely off the table", what)
		return nil
	}
	z.Area = a
	if id == "" {
		return nil
	}
	return z
}

func (p *parser) decodeObjective(n *yaml.Node, idx int, tableOK bool) *Objective {
	d := p.d
	what := fmt.Sprintf("objective %d", idx+1)
	m := d.Map(n, what)
	if m == nil {
		return nil
	}
	defer m.Close()
	id, _ := p.defineID(m, "objective")
	if id != "" {
		what = fmt.Sprintf("objective %q", id)
		m.SetWhat(what)
	}
	o := &Objective{ID: id, Line: n.Line, Col: n.Column}
	if v := m.Get("label"); v != nil {
		o.Label, _ = d.Text(v, what+" label")
	}
	pn := m.Need("position")
	if pn == nil {
		return nil
	}
	pos, ok := p.decodePoint(pn, what+" position")
	if !ok {
		return nil
	}
	if tableOK && !p.s.Table.Contains(pos) {
		d.Errorf(pn, "%s position (%.4g, %.4g) is off the %gx%g cm table", what, pos.X, pos.Y, p.s.Table.W, p.s.Table.H)
	}
	o.Pos = pos
	if id == "" {
		return nil
	}
	return o
}

var colourRe = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

func (p *parser) decodeSide(n *yaml.Node, idx int) *Side {
	d := p.d
	what := fmt.Sprintf("side %d", idx+1)
	m := d.Map(n, what)
	if m == nil {
		return nil
	}
	defer m.Close()
	id, _ := p.defineID(m, "side")
	if id != "" {
		what = fmt.Sprintf("side %q", id)
		m.SetWhat(what)
	}
	sd := &Side{ID: id, Line: n.Line, Col: n.Column}
	if v := m.Need("name"); v != nil {
		sd.Name, _ = d.Str(v, what+" name")
	}
	if v := m.Need("colour"); v != nil {
		if c, ok := d.Str(v, what+" colour"); ok {
			if !colourRe.MatchString(c) {
				d.Errorf(v, "%s colour: expected #rrggbb (six hex digits, in quotes), got %s", what, rules.QuoteShort(c))
			} else {
				x, _ := strconv.ParseUint(c[1:], 16, 32)
				sd.Colour.R, sd.Colour.G, sd.Colour.B, sd.Colour.A = uint8(x>>16), uint8(x>>8), uint8(x), 255
				sd.ColourText = strings.ToLower(c)
			}
		}
	}
	if v := m.Get("zone"); v != nil {
		if z, ok := d.Str(v, what+" zone"); ok {
			sd.Zone = z
			p.refs = append(p.refs, refCheck{v, z, []string{"zone"}, what + " zone"})
		}
	}
	sd.Controller = Controller{Type: "human", Aggression: -1, Caution: -1}
	var tasksPending []*yaml.Node
	if v := m.Get("controller"); v != nil {
		tasksPending = p.decodeController(v, what, &sd.Controller)
	}
	for i, fn := range d.Seq(m.Need("army"), what+" army") {
		if f := p.decodeFormation(fn, i, sd); f != nil {
			sd.Formations = append(sd.Formations, f)
		}
	}
	for i, tn := range tasksPending {
		if t := p.decodeTask(tn, i, what, sd); t != nil {
			sd.Controller.Tasks = append(sd.Controller.Tasks, t)
		}
	}
	if id == "" {
		return nil
	}
	return sd
}

// compatible reports whether a unit of system u may appear in a scenario of
// system s (ATII titans fight inside E40K games and vice versa).
func compatible(s, u catalog.System) bool {
	if s == u {
		return true
	}
	return (s == catalog.ATII && u == catalog.E40K) || (s == catalog.E40K && u == catalog.ATII)
}

func (p *parser) decodeFormation(n *yaml.Node, idx int, sd *Side) *Formation {
	d := p.d
	what := fmt.Sprintf("side %q formation %d", sd.ID, idx+1)
	m := d.Map(n, what)
	if m == nil {
		return nil
	}
	defer m.Close()
	id, _ := p.defineID(m, "formation")
	if id != "" {
		what = fmt.Sprintf("formation %q", id)
		m.SetWhat(what)
	}
	f := &Formation{ID: id, Side: sd.ID, Line: n.Line, Col: n.Column}
	if v := m.Get("name"); v != nil {
		f.Name, _ = d.Str(v, what+" name")
	}
	un := m.Need("units")
	items := d.Seq(un, what+" units")
	if un != nil && len(items) == 0 {
		if r := yamlx.Resolve(un); r.Kind == yaml.SequenceNode {
			d.Errorf(un, "%s: needs at least one unit", what)
		}
	}
	for i, it := range items {
		if len(p.s.units) >= MaxUnits {
			d.Errorf(it, "%s: a scenario may hold at most %d units", what, MaxUnits)
			break
		}
		if u := p.decodeUnit(it, i, sd, f); u != nil {
			f.Units = append(f.Units, u)
		}
	}
	return f
}

func (p *parser) decodeUnit(n *yaml.Node, idx int, sd *Side, f *Formation) *Unit {
	d := p.d
	what := fmt.Sprintf("formation %q unit %d", f.ID, idx+1)
	m := d.Map(n, what)
	if m == nil {
		return nil
	}
	defer m.Close()
	id, _ := p.defineID(m, "unit")
	if id != "" {
		what = fmt.Sprintf("unit %q", id)
		m.SetWhat(what)
	}
	u := &Unit{ID: id, Side: sd.ID, Formation: f.ID, Line: n.Line, Col: n.Column}
	if v := m.Get("name"); v != nil {
		u.Name, _ = d.Str(v, what+" name")
	}
	if v := m.Need("type"); v != nil {
		if t, ok := d.Str(v, what+" type"); ok {
			u.Type = t
			if prof, found := p.cat.Units[t]; found {
				u.Profile = prof
				if p.s.System != "" && !compatible(p.s.System, prof.System) {
					d.Errorf(v, "%s type: %q is a %s unit; this scenario's system is %s", what, t, prof.System, p.s.System)
				}
			} else {
				msg := fmt.Sprintf("%s type: unknown unit type %s", what, rules.QuoteShort(t))
				if s := yamlx.Suggest(t, p.cat.UnitIDs()); s != "" {
					msg += fmt.Sprintf(" (did you mean %q?)", s)
				}
				d.Errorf(v, "%s", msg)
			}
		}
	}
	if v := m.Get("position"); v != nil {
		pos, ok := p.decodePoint(v, what+" position")
		u.Pos, u.Placed = pos, ok
	} else if p.s.Deployment == PrePlaced {
		d.Errorf(m.Node(), "%s: missing required key \"position\" (deployment is pre-placed)", what)
	}
	if v := m.Get("facing"); v != nil {
		fc, ok := d.Float(v, what+" facing")
		if ok {
			u.Facing = world.NormDeg(fc)
		}
	}
	u.Loadout = map[string]string{}
	lm := (*yamlx.Map)(nil)
	if v := m.Get("loadout"); v != nil {
		lm = d.Map(v, what+" loadout")
	}
	if u.Profile != nil {
		mounts := u.Profile.MountSlots()
		if lm != nil && len(mounts) == 0 {
			d.Errorf(lm.Node(), "%s loadout: a %s has no weapon mounts", what, u.Profile.Name)
			lm.Allow(lm.Keys()...)
		}
		for _, mt := range mounts {
			wid := mt.Default
			if wn := lm.Get(mt.ID); wn != nil {
				if s, ok := d.Str(wn, what+" loadout "+mt.ID); ok {
					wid = s
					w, found := p.cat.Weapons[s]
					if !found {
						msg := fmt.Sprintf("%s loadout %s: unknown weapon %s", what, mt.ID, rules.QuoteShort(s))
						if sg := yamlx.Suggest(s, weaponIDs(p.cat)); sg != "" {
							msg += fmt.Sprintf(" (did you mean %q?)", sg)
						}
						d.Errorf(wn, "%s", msg)
					} else if err := u.Profile.CanMount(mt.ID, w); err != nil {
						d.Errorf(wn, "%s loadout %s: %v", what, mt.ID, err)
					}
				}
			}
			if wid == "" {
				d.Errorf(m.Node(), "%s: mount %q has no default weapon; give one under loadout", what, mt.ID)
			}
			u.Loadout[mt.ID] = wid
		}
		lm.Close()
	}
	if id == "" {
		return nil
	}
	p.s.units[id] = u
	return u
}

func weaponIDs(cat *catalog.Catalogue) []string {
	ids := make([]string, 0, len(cat.Weapons))
	for id := range cat.Weapons {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// resolveRefs checks every collected reference now that all ids are known.
func (p *parser) resolveRefs() {
	for _, r := range p.refs {
		kind, ok := p.s.ids[r.id]
		good := false
		for _, k := range r.kinds {
			good = good || (ok && k == kind)
		}
		if good {
			continue
		}
		if ok {
			p.d.Errorf(r.node, "%s: %s is a %s, expected a %s id", r.what, rules.QuoteShort(r.id), kind, strings.Join(r.kinds, " or "))
			continue
		}
		var cands []string
		for id, k := range p.s.ids {
			for _, want := range r.kinds {
				if k == want {
					cands = append(cands, id)
				}
			}
		}
		sort.Strings(cands)
		msg := fmt.Sprintf("%s: no %s with id %s", r.what, strings.Join(r.kinds, " or "), rules.QuoteShort(r.id))
		if s := yamlx.Suggest(r.id, cands); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
		p.d.Errorf(r.node, "%s", msg)
	}
	if mi := p.s.Mission; mi != nil && len(mi.Objectives) > 0 {
		for _, sd := range p.s.Sides {
			if _, ok := mi.Objectives[sd.ID]; !ok {
				p.d.Errorf(&yaml.Node{Line: mi.Line, Column: mi.Col}, "mission objectives: side %q has no objective type (mobile, static or divided)", sd.ID)
			}
		}
	}
}

// checkSemantics reports settings that are well formed but cannot work
// together: units to deploy with no zone to deploy in, triggers on turns
// after the turn limit.
func (p *parser) checkSemantics() {
	s := p.s
	for _, sd := range s.Sides {
		if sd.Zone != "" {
			continue
		}
		for _, f := range sd.Formations {
			for _, u := range f.Units {
				if !u.Placed && s.Deployment == DeployInZone {
					p.d.Errorf(&yaml.Node{Line: sd.Line, Column: sd.Col}, "side %q: unit %q deploys in play (deployment: deploy-in-zone) but the side has no zone", sd.ID, u.ID)
					return
				}
			}
		}
	}
	if s.TurnLimit <= 0 {
		return
	}
	var walk func(t *Trigger)
	walk = func(t *Trigger) {
		if t == nil {
			return
		}
		if (t.Kind == "turn" || t.Kind == "turn-end") && t.Turn > s.TurnLimit {
			p.d.Errorf(&yaml.Node{Line: t.Line, Column: t.Col}, "trigger %s %d can never hold: the game ends after turn %d (turn_limit)", t.Kind, t.Turn, s.TurnLimit)
		}
		for _, c := range t.Parts {
			walk(c)
		}
	}
	for _, v := range s.Victory {
		walk(v.When)
	}
	for _, sd := range s.Sides {
		for _, t := range sd.Controller.Tasks {
			walk(t.When)
		}
	}
}
