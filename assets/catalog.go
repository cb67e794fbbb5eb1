// Package assets holds Auspex's embedded data files and their loaders: the
// unit and weapon catalogues (catalog/*.yaml, one file per rule system) and
// the terrain effect tables (terrain.yaml). Data is decoded strictly: unknown
// keys, wrong types, dangling references and impossible values are errors
// reported as "file:line:col: message", all of them at once.
package assets

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/auspex/auspex/assets/yamlx"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

//go:embed catalog/*.yaml terrain.yaml
var dataFS embed.FS

// CatalogueFiles lists the embedded catalogue files (sorted paths).
func CatalogueFiles() []string {
	ents, err := fs.Glob(dataFS, "catalog/*.yaml")
	if err != nil {
		return nil
	}
	sort.Strings(ents)
	return ents
}

// LoadCatalogue decodes and validates the embedded catalogue files of the
// systems readers read (the files of other systems are left out: a build
// or a test that does not read EA profiles has no EA units) and merges
// them. Ids must be unique across all files. The catalogue keeps readers
// for the files that extend it. The error, when not nil, is a
// yamlx.Errors listing every problem as file:line:col: message.
func LoadCatalogue(readers catalog.Readers) (*catalog.Catalogue, error) {
	var srcs []Source
	for _, name := range CatalogueFiles() {
		data, err := dataFS.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("assets: reading embedded %s: %w", name, err)
		}
		srcs = append(srcs, Source{Name: "assets/" + name, Data: data})
	}
	return merge(nil, readers, true, srcs)
}

// Source is one catalogue file's name (for messages) and contents.
type Source = catalog.Source

// ParseCatalogue decodes and validates a single catalogue file, its
// units' system part with readers. References (weapon ids in mounts and
// default arms) must resolve within the file.
func ParseCatalogue(readers catalog.Readers, name string, data []byte) (*catalog.Catalogue, error) {
	return MergeCatalogues(readers, Source{Name: name, Data: data})
}

// MergeCatalogues decodes several catalogue files and validates them as one
// catalogue: ids unique across files, references resolved across files. A
// file of a system readers lacks is an error.
func MergeCatalogues(readers catalog.Readers, srcs ...Source) (*catalog.Catalogue, error) {
	return merge(nil, readers, false, srcs)
}

// merge decodes srcs over base (nil for none) and validates them. Ids must
// be unique among srcs; an id of base may be taken again by a source, which
// then replaces base's profile (keeping its system). base is not modified.
// Units are read with readers; a source of a system without a reader is
// left out when skip is set, an error otherwise.
func merge(base *catalog.Catalogue, readers catalog.Readers, skip bool, srcs []Source) (*catalog.Catalogue, error) {
	cat := &catalog.Catalogue{Units: map[string]*catalog.Unit{}, Weapons: map[string]*catalog.Weapon{}, Armies: map[string]*catalog.Army{}, Readers: readers}
	if base != nil {
		cat = base.Clone()
	}
	var all yamlx.Errors
	var decs []*fileDecode
	seenU := map[string]string{}
	seenW := map[string]string{}
	seenA := map[string]string{}
	for _, s := range srcs {
		fd := decodeCatalogueFile(s.Name, s.Data, cat.Readers, skip)
		if fd.skipped {
			continue
		}
		decs = append(decs, fd)
		for _, u := range fd.units {
			if prev, dup := seenU[u.u.ID]; dup {
				fd.d.Errorf(u.idNode, "unit id %q is already used (%s)", u.u.ID, prev)
				continue
			}
			seenU[u.u.ID] = fmt.Sprintf("%s:%d", s.Name, u.idNode.Line)
			if old, ok := cat.Units[u.u.ID]; ok && old.System != u.u.System {
				fd.d.Errorf(u.idNode, "unit %q replaces a %s profile with a %s one: an override must keep the system", u.u.ID, old.System, u.u.System)
				continue
			}
			cat.Units[u.u.ID] = u.u
		}
		for _, w := range fd.weapons {
			if prev, dup := seenW[w.w.ID]; dup {
				fd.d.Errorf(w.idNode, "weapon id %q is already used (%s)", w.w.ID, prev)
				continue
			}
			seenW[w.w.ID] = fmt.Sprintf("%s:%d", s.Name, w.idNode.Line)
			if old, ok := cat.Weapons[w.w.ID]; ok && old.System != w.w.System {
				fd.d.Errorf(w.idNode, "weapon %q replaces a %s profile with a %s one: an override must keep the system", w.w.ID, old.System, w.w.System)
				continue
			}
			cat.Weapons[w.w.ID] = w.w
		}
		for _, a := range fd.armies {
			if prev, dup := seenA[a.a.ID]; dup {
				fd.d.Errorf(a.idNode, "army id %q is already used (%s)", a.a.ID, prev)
				continue
			}
			seenA[a.a.ID] = fmt.Sprintf("%s:%d", s.Name, a.idNode.Line)
			cat.Armies[a.a.ID] = a.a
		}
	}
	for _, fd := range decs {
		for _, u := range fd.units {
			validateUnit(cat, u)
			if base != nil {
				checkKeptCommand(fd.d, cat, base, seenA, u)
			}
		}
		for _, a := range fd.armies {
			validateArmy(fd.d, cat, a)
		}
		all = append(all, fd.d.Errs...)
	}
	if len(all) > 0 {
		all.Sort()
		return nil, all
	}
	return cat, nil
}

type unitDecode struct {
	u      *catalog.Unit
	idNode *yaml.Node
	// check is the system reader's check of the unit's references (nil:
	// none).
	check func(cat *catalog.Catalogue)
}

type weaponDecode struct {
	w      *catalog.Weapon
	idNode *yaml.Node
}

type fileDecode struct {
	d       *yamlx.Decoder
	system  catalog.System
	units   []*unitDecode
	weapons []*weaponDecode
	armies  []*armyDecode
	// skipped marks a file of a system without a reader, left out.
	skipped bool
}

// Systems lists the rule systems a catalogue or scenario may name.
func Systems() []string {
	return []string{string(catalog.ATII), string(catalog.E40K), string(catalog.EA), string(catalog.Epic3)}
}

// UnitClasses lists the movement classes in data files.
func UnitClasses() []string {
	return []string{string(world.Infantry), string(world.Vehicle), string(world.WarEngine), string(world.Titan)}
}

// WeaponKinds lists the weapon kinds in data files.
func WeaponKinds() []string {
	return []string{string(catalog.Gun), string(catalog.CloseCombat), string(catalog.SupportMissile)}
}

// decodeCatalogueFile decodes one file, its units' system part with the
// reader readers has for the file's system. With skip, a file of a system
// without a reader comes back marked skipped; without, that is an error.
func decodeCatalogueFile(name string, data []byte, readers catalog.Readers, skip bool) *fileDecode {
	root, d := yamlx.Parse(name, data, yamlx.DefaultLimits())
	fd := &fileDecode{d: d}
	if root == nil {
		if len(d.Errs) == 0 {
			d.Errorf(nil, "empty catalogue file: expected keys system, units, weapons (and optionally armies)")
		}
		return fd
	}
	m := d.Map(root, "catalogue")
	if sn := m.Need("system"); sn != nil {
		if s, ok := d.Str(sn, "system"); ok && d.OneOf(sn, "system", s, Systems()) {
			fd.system = catalog.System(s)
		}
	}
	reader := readers[fd.system]
	if reader == nil && fd.system != "" {
		if skip {
			return &fileDecode{d: d, system: fd.system, skipped: true}
		}
		known := "none"
		if len(readers) > 0 {
			var ids []string
			for _, s := range readers.Systems() {
				ids = append(ids, string(s))
			}
			known = strings.Join(ids, ", ")
		}
		d.Errorf(m.Get("system"), "system: this build reads no %s catalogue (it reads: %s)", fd.system, known)
	}
	for i, un := range d.Seq(m.Get("units"), "units") {
		if u := decodeUnit(d, un, i, fd.system, reader); u != nil {
			fd.units = append(fd.units, u)
		}
	}
	for i, wn := range d.Seq(m.Get("weapons"), "weapons") {
		if w := decodeWeapon(d, wn, i, fd.system, reader); w != nil {
			fd.weapons = append(fd.weapons, w)
		}
	}
	for i, an := range d.Seq(m.Get("armies"), "armies") {
		if a := decodeArmy(d, an, i, fd.system); a != nil {
			fd.armies = append(fd.armies, a)
		}
	}
	m.Close()
	return fd
}

// idPattern is the accepted shape of ids: lower-case words joined by dashes.
func validID(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

func decodeID(d *yamlx.Decoder, m *yamlx.Map, what string) (string, *yaml.Node) {
	n := m.Need("id")
	if n == nil {
		return "", nil
	}
	s, ok := d.Str(n, what+" id")
	if !ok {
		return "", nil
	}
	if !validID(s) {
		d.Errorf(n, "%s id %q: use lower-case letters, digits, '-' or '_' (at most 64)", what, s)
		return "", nil
	}
	return s, n
}

func optStr(d *yamlx.Decoder, m *yamlx.Map, key, what string) string {
	if n := m.Get(key); n != nil {
		s, _ := d.Text(n, what+" "+key)
		return s
	}
	return ""
}

func optInt(d *yamlx.Decoder, m *yamlx.Map, key, what string) int {
	if n := m.Get(key); n != nil {
		v, _ := d.Int(n, what+" "+key)
		return v
	}
	return 0
}

func optBool(d *yamlx.Decoder, m *yamlx.Map, key, what string) bool {
	if n := m.Get(key); n != nil {
		v, _ := d.Bool(n, what+" "+key)
		return v
	}
	return false
}

func optTarget(d *yamlx.Decoder, m *yamlx.Map, key, what string) int {
	if n := m.Get(key); n != nil {
		v, _ := d.Target(n, what+" "+key)
		return v
	}
	return 0
}

func optFloat(d *yamlx.Decoder, m *yamlx.Map, key, what string) float64 {
	if n := m.Get(key); n != nil {
		v, ok := d.Float(n, what+" "+key)
		if ok && v < 0 {
			d.Errorf(n, "%s %s: must not be negative, got %v", what, key, v)
		}
		return v
	}
	return 0
}

// DecodeFootprint reads a base footprint mapping ({shape: circle, radius: 2}
// or {shape: rect, w: 4, h: 2}, cm, with an optional sight_height: how tall
// the model stands, for line of sight) and validates it.
func DecodeFootprint(d *yamlx.Decoder, n *yaml.Node, what string) (world.Footprint, bool) {
	m := d.Map(n, what)
	if m == nil {
		return world.Footprint{}, false
	}
	defer m.Close()
	var f world.Footprint
	sn := m.Need("shape")
	m.Allow("radius", "w", "h")
	if v := m.Get("sight_height"); v != nil {
		f.SightHeight, _ = d.Float(v, what+" sight_height")
	}
	if sn == nil {
		return f, false
	}
	s, ok := d.Str(sn, what+" shape")
	if !ok || !d.OneOf(sn, what+" shape", s, []string{"circle", "rect"}) {
		return f, false
	}
	num := func(key string) (float64, bool) {
		v := m.Need(key)
		if v == nil {
			return 0, false
		}
		return d.Float(v, what+" "+key)
	}
	wrong := func(key, shape string) {
		if m.Get(key) != nil {
			d.Errorf(m.KeyNode(key), "%s: %q does not apply to a %s base", what, key, shape)
		}
	}
	if s == "circle" {
		f.Shape = world.Circle
		r, ok := num("radius")
		f.Radius = r
		wrong("w", s)
		wrong("h", s)
		if !ok {
			return f, false
		}
	} else {
		f.Shape = world.Rect
		w, ok1 := num("w")
		h, ok2 := num("h")
		f.W, f.H = w, h
		wrong("radius", s)
		if !ok1 || !ok2 {
			return f, false
		}
	}
	if err := f.Validate(); err != nil {
		d.Errorf(n, "%s: %v", what, err)
		return f, false
	}
	if f.BoundRadius() > 100 {
		d.Errorf(n, "%s: a base more than 2 m across is not plausible", what)
		return f, false
	}
	return f, true
}

func decodeUnit(d *yamlx.Decoder, n *yaml.Node, idx int, sys catalog.System, reader catalog.ProfileReader) *unitDecode {
	what := fmt.Sprintf("unit %d", idx+1)
	m := d.Map(n, what)
	if m == nil {
		return nil
	}
	id, idNode := decodeID(d, m, "unit")
	if id != "" {
		what = fmt.Sprintf("unit %q", id)
		m.SetWhat(what)
	}
	u := &catalog.Unit{ID: id, System: sys}
	ud := &unitDecode{u: u, idNode: idNode}
	if nn := m.Need("name"); nn != nil {
		u.Name, _ = d.Text(nn, what+" name")
	}
	if cn := m.Need("class"); cn != nil {
		if s, ok := d.Str(cn, what+" class"); ok && d.OneOf(cn, what+" class", s, UnitClasses()) {
			u.Class = world.UnitClass(s)
		}
	}
	if bn := m.Need("base"); bn != nil {
		u.Base, _ = DecodeFootprint(d, bn, what+" base")
	}
	u.Points = optInt(d, m, "points", what)
	u.Speed = optFloat(d, m, "speed", what)
	u.Placeholder = optBool(d, m, "placeholder", what)
	u.Specials, _ = d.StrList(m.Get("specials"), what+" specials")
	if reader != nil {
		ud.check = reader.ReadUnit(u, &mapNode{node: node{d: d, n: m.Node()}, m: m})
		// Every key is known now: the shared ones and the system's.
		m.Close()
	}
	if id == "" {
		return nil
	}
	return ud
}

func decodeWeapon(d *yamlx.Decoder, n *yaml.Node, idx int, sys catalog.System, reader catalog.ProfileReader) *weaponDecode {
	what := fmt.Sprintf("weapon %d", idx+1)
	m := d.Map(n, what)
	if m == nil {
		return nil
	}
	id, idNode := decodeID(d, m, "weapon")
	if id != "" {
		what = fmt.Sprintf("weapon %q", id)
		m.SetWhat(what)
	}
	w := &catalog.Weapon{ID: id, System: sys, Kind: catalog.Gun}
	if nn := m.Need("name"); nn != nil {
		w.Name, _ = d.Text(nn, what+" name")
	}
	if kn := m.Get("kind"); kn != nil {
		if s, ok := d.Str(kn, what+" kind"); ok && d.OneOf(kn, what+" kind", s, WeaponKinds()) {
			w.Kind = catalog.WeaponKind(s)
		}
	}
	w.Range = optFloat(d, m, "range", what)
	if un := m.Get("unlimited"); un != nil {
		w.Unlimited, _ = d.Bool(un, what+" unlimited")
	}
	w.Specials, _ = d.StrList(m.Get("specials"), what+" specials")
	w.Notes = optStr(d, m, "notes", what)
	w.Placeholder = optBool(d, m, "placeholder", what)
	if w.Kind == catalog.Gun && w.Range <= 0 && !w.Unlimited && m.Get("range") != nil {
		d.Errorf(m.Get("range"), "%s: a gun needs a positive range in cm (or unlimited: true)", what)
	}
	if reader != nil {
		reader.ReadWeapon(w, &mapNode{node: node{d: d, n: m.Node()}, m: m})
		// Every key is known now: the shared ones and the system's.
		m.Close()
	}
	if id == "" {
		return nil
	}
	return &weaponDecode{w: w, idNode: idNode}
}

// validateUnit runs the system reader's checks once every file's ids are
// known.
func validateUnit(cat *catalog.Catalogue, ud *unitDecode) {
	if ud.check != nil {
		ud.check(cat)
	}
}

// ReadData returns an embedded data file by its path under assets/ (for
// tools that show the raw text).
func ReadData(name string) ([]byte, error) {
	b, err := dataFS.ReadFile(path.Clean(name))
	if err != nil {
		return nil, fmt.Errorf("assets: %w", err)
	}
	return b, nil
}
