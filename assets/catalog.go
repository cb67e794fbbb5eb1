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
	"strconv"
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

// LoadCatalogue decodes and validates every embedded catalogue file and
// merges them. Ids must be unique across all files. The error, when not nil,
// is a yamlx.Errors listing every problem as file:line:col: message.
func LoadCatalogue() (*catalog.Catalogue, error) {
	var srcs []Source
	for _, name := range CatalogueFiles() {
		data, err := dataFS.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("assets: reading embedded %s: %w", name, err)
		}
		srcs = append(srcs, Source{Name: "assets/" + name, Data: data})
	}
	return MergeCatalogues(srcs...)
}

// Source is one catalogue file's name (for messages) and contents.
type Source = catalog.Source

// ParseCatalogue decodes and validates a single catalogue file. References
// (weapon ids in mounts and default arms) must resolve within the file.
func ParseCatalogue(name string, data []byte) (*catalog.Catalogue, error) {
	return MergeCatalogues(Source{Name: name, Data: data})
}

// MergeCatalogues decodes several catalogue files and validates them as one
// catalogue: ids unique across files, references resolved across files.
func MergeCatalogues(srcs ...Source) (*catalog.Catalogue, error) {
	return merge(nil, srcs)
}

// merge decodes srcs over base (nil for none) and validates them. Ids must
// be unique among srcs; an id of base may be taken again by a source, which
// then replaces base's profile (keeping its system). base is not modified.
func merge(base *catalog.Catalogue, srcs []Source) (*catalog.Catalogue, error) {
	cat := &catalog.Catalogue{Units: map[string]*catalog.Unit{}, Weapons: map[string]*catalog.Weapon{}, Armies: map[string]*catalog.Army{}}
	if base != nil {
		cat = base.Clone()
	}
	var all yamlx.Errors
	var decs []*fileDecode
	seenU := map[string]string{}
	seenW := map[string]string{}
	seenA := map[string]string{}
	for _, s := range srcs {
		fd := decodeCatalogueFile(s.Name, s.Data)
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
			validateUnit(fd.d, cat, u)
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
	u        *catalog.Unit
	idNode   *yaml.Node
	node     *yaml.Node
	refNodes map[string]*yaml.Node // "mount:<i>:default", "arms:<i>", "forbidden:<i>", "mount:<i>:forbidden:<j>"
	hitNodes map[catalog.Direction]*yaml.Node
	rowNodes map[catalog.Direction][]*yaml.Node
	mountArc []*yaml.Node
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

// ArcCodes lists the ATII arc codes a mount may name (ATII fire arcs: AR all
// round, A ahead 90, F forward 180, LA/RA left/right 90, LF/RF left/right 180,
// R rear 90, RF180 rear 180).
func ArcCodes() []string {
	return []string{"AR", "A", "F", "LA", "RA", "LF", "RF", "R", "RF180"}
}

// HitLocations lists the location names hit tables may use.
func HitLocations() []string {
	return []string{"legs", "vsg", "head", "reactor", "arm", "carapace"}
}

func decodeCatalogueFile(name string, data []byte) *fileDecode {
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
	for i, un := range d.Seq(m.Get("units"), "units") {
		if u := decodeUnit(d, un, i, fd.system); u != nil {
			fd.units = append(fd.units, u)
		}
	}
	for i, wn := range d.Seq(m.Get("weapons"), "weapons") {
		if w := decodeWeapon(d, wn, i, fd.system); w != nil {
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

// decodeDogfight reads an E40K flyer's Dogfight value "X/Y" (Intercept /
// Gunnery dice, digest 8.6) and marks the unit a flyer.
func decodeDogfight(d *yamlx.Decoder, n *yaml.Node, u *catalog.Unit, what string) {
	s, ok := d.Str(n, what+" dogfight")
	if !ok {
		return
	}
	x, y, found := strings.Cut(strings.TrimSpace(s), "/")
	xi, err1 := strconv.Atoi(strings.TrimSpace(x))
	yi, err2 := strconv.Atoi(strings.TrimSpace(y))
	if !found || err1 != nil || err2 != nil || xi < 0 || yi < 0 || xi > 20 || yi > 20 {
		d.Errorf(n, "%s dogfight: expected \"intercept/gunnery\" such as \"3/2\" (0 to 20 each), got %q", what, s)
		return
	}
	u.Flyer, u.Intercept, u.DogfightGunnery = true, xi, yi
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

func decodeKinds(d *yamlx.Decoder, n *yaml.Node, what string) []catalog.WeaponKind {
	ss, nodes := d.StrList(n, what)
	var out []catalog.WeaponKind
	for i, s := range ss {
		if d.OneOf(nodes[i], what, s, WeaponKinds()) {
			out = append(out, catalog.WeaponKind(s))
		}
	}
	return out
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

func decodeUnit(d *yamlx.Decoder, n *yaml.Node, idx int, sys catalog.System) *unitDecode {
	what := fmt.Sprintf("unit %d", idx+1)
	m := d.Map(n, what)
	if m == nil {
		return nil
	}
	defer m.Close()
	id, idNode := decodeID(d, m, "unit")
	if id != "" {
		what = fmt.Sprintf("unit %q", id)
		m.SetWhat(what)
	}
	u := &catalog.Unit{ID: id, System: sys, HitTables: map[catalog.Direction][]catalog.HitRow{}}
	ud := &unitDecode{u: u, idNode: idNode, node: n, refNodes: map[string]*yaml.Node{},
		hitNodes: map[catalog.Direction]*yaml.Node{}, rowNodes: map[catalog.Direction][]*yaml.Node{}}
	if nn := m.Need("name"); nn != nil {
		u.Name, _ = d.Text(nn, what+" name")
	}
	if cn := m.Need("class"); cn != nil {
		if s, ok := d.Str(cn, what+" class"); ok && d.OneOf(cn, what+" class", s, UnitClasses()) {
			u.Class = world.UnitClass(s)
		}
	}
	if tn := m.Get("titan_class"); tn != nil {
		if s, ok := d.Str(tn, what+" titan_class"); ok && d.OneOf(tn, what+" titan_class", s, []string{"scout", "battle", "emperor"}) {
			u.TitanClass = s
		}
	}
	if bn := m.Need("base"); bn != nil {
		u.Base, _ = DecodeFootprint(d, bn, what+" base")
	}
	u.Points = optInt(d, m, "points", what)
	u.Speed = optFloat(d, m, "speed", what)
	u.Man = optInt(d, m, "man", what)
	u.Gunnery = optTarget(d, m, "gunnery", what)
	u.CCSkill = optTarget(d, m, "cc_skill", what)
	u.VoidShields = optInt(d, m, "void_shields", what)
	u.RepairDice = optInt(d, m, "repair_dice", what)
	u.ImprovisedAttacks = optStr(d, m, "improvised_attacks", what)
	u.Armour = optTarget(d, m, "armour", what)
	u.Assault = optInt(d, m, "assault", what)
	u.Firepower = optInt(d, m, "firepower", what)
	u.CC = optTarget(d, m, "cc", what)
	u.FF = optTarget(d, m, "ff", what)
	u.DamageCap = optInt(d, m, "damage_cap", what)
	u.HQ = optBool(d, m, "hq", what)
	if tn := m.Get("transport"); tn != nil {
		if v, ok := d.Int(tn, what+" transport"); ok {
			if v < 0 || v > 100 {
				d.Errorf(tn, "%s transport: expected 0 to 100 stands carried, got %d", what, v)
			}
			u.Transport = v
		}
	}
	if dn := m.Get("dogfight"); dn != nil {
		decodeDogfight(d, dn, u, what)
	}
	u.Placeholder = optBool(d, m, "placeholder", what)
	u.Catastrophic = decodeCatastrophic(d, m.Get("catastrophic"), what)
	u.Specials, _ = d.StrList(m.Get("specials"), what+" specials")
	var fnodes []*yaml.Node
	u.Forbidden, fnodes = d.StrList(m.Get("forbidden"), what+" forbidden")
	for i, fnode := range fnodes {
		ud.refNodes[fmt.Sprintf("forbidden:%d", i)] = fnode
	}
	u.ForbiddenKinds = decodeKinds(d, m.Get("forbidden_kinds"), what+" forbidden_kinds")
	var anodes []*yaml.Node
	u.DefaultArms, anodes = d.StrList(m.Get("default_arms"), what+" default_arms")
	for i, an := range anodes {
		ud.refNodes[fmt.Sprintf("arms:%d", i)] = an
	}
	mountIDs := map[string]bool{}
	for i, mn := range d.Seq(m.Get("mounts"), what+" mounts") {
		mw := fmt.Sprintf("%s mount %d", what, i+1)
		mm := d.Map(mn, mw)
		if mm == nil {
			continue
		}
		var mt catalog.Mount
		mt.ID, _ = decodeID(d, mm, "mount")
		if mt.ID != "" {
			if mountIDs[mt.ID] {
				d.Errorf(mm.Get("id"), "%s: mount id %q appears twice", what, mt.ID)
			}
			mountIDs[mt.ID] = true
			mw = fmt.Sprintf("%s mount %q", what, mt.ID)
			mm.SetWhat(mw)
		}
		mt.Name = optStr(d, mm, "name", mw)
		if ln := mm.Need("location"); ln != nil {
			if s, ok := d.Str(ln, mw+" location"); ok && d.OneOf(ln, mw+" location", s, []string{"arm", "carapace"}) {
				mt.Location = s
			}
		}
		an := mm.Need("arc")
		ud.mountArc = append(ud.mountArc, an)
		if an != nil {
			if s, ok := d.Str(an, mw+" arc"); ok && d.OneOf(an, mw+" arc", s, ArcCodes()) {
				mt.Arc = s
			}
		}
		var mf []*yaml.Node
		mt.Forbidden, mf = d.StrList(mm.Get("forbidden"), mw+" forbidden")
		for j, x := range mf {
			ud.refNodes[fmt.Sprintf("mount:%d:forbidden:%d", len(u.Mounts), j)] = x
		}
		mt.ForbiddenKinds = decodeKinds(d, mm.Get("forbidden_kinds"), mw+" forbidden_kinds")
		if dn := mm.Get("default"); dn != nil {
			mt.Default, _ = d.Str(dn, mw+" default")
			ud.refNodes[fmt.Sprintf("mount:%d:default", len(u.Mounts))] = dn
		}
		mm.Close()
		u.Mounts = append(u.Mounts, mt)
	}
	if hn := m.Get("hit_tables"); hn != nil {
		hm := d.Map(hn, what+" hit_tables")
		for _, dir := range []catalog.Direction{catalog.Front, catalog.Side, catalog.Rear} {
			tn := hm.Get(string(dir))
			if tn == nil {
				continue
			}
			ud.hitNodes[dir] = tn
			tw := fmt.Sprintf("%s %s hit table", what, dir)
			for j, rn := range d.Seq(tn, tw) {
				rw := fmt.Sprintf("%s row %d", tw, j+1)
				rm := d.Map(rn, rw)
				if rm == nil {
					continue
				}
				var row catalog.HitRow
				ok := true
				if v := rm.Need("min"); v != nil {
					row.Min, ok = d.Int(v, rw+" min")
				} else {
					ok = false
				}
				if v := rm.Need("max"); v != nil {
					var ok2 bool
					row.Max, ok2 = d.Int(v, rw+" max")
					ok = ok && ok2
				} else {
					ok = false
				}
				if v := rm.Need("location"); v != nil {
					if s, ok3 := d.Str(v, rw+" location"); ok3 && d.OneOf(v, rw+" location", s, HitLocations()) {
						row.Location = s
					} else {
						ok = false
					}
				} else {
					ok = false
				}
				if v := rm.Need("armour"); v != nil {
					a, ok4 := d.Int(v, rw+" armour")
					row.Armour = a
					if ok4 && a <= 0 {
						d.Errorf(v, "%s armour: must be positive, got %d", rw, a)
					}
				}
				rm.Close()
				if ok {
					u.HitTables[dir] = append(u.HitTables[dir], row)
					ud.rowNodes[dir] = append(ud.rowNodes[dir], rn)
				}
			}
		}
		hm.Close()
	}
	if id == "" {
		return nil
	}
	return ud
}

func decodeWeapon(d *yamlx.Decoder, n *yaml.Node, idx int, sys catalog.System) *weaponDecode {
	what := fmt.Sprintf("weapon %d", idx+1)
	m := d.Map(n, what)
	if m == nil {
		return nil
	}
	defer m.Close()
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
	w.FP = optStr(d, m, "fp", what)
	w.Acc = optInt(d, m, "acc", what)
	w.RoF = optStr(d, m, "rof", what)
	w.Str = optInt(d, m, "str", what)
	w.Swiftness = optInt(d, m, "swiftness", what)
	w.Attacks = optInt(d, m, "attacks", what)
	w.Specials, _ = d.StrList(m.Get("specials"), what+" specials")
	w.Notes = optStr(d, m, "notes", what)
	w.AP = optTarget(d, m, "ap", what)
	w.AT = optTarget(d, m, "at", what)
	if mn := m.Get("mw"); mn != nil {
		w.MW, _ = d.Bool(mn, what+" mw")
	}
	w.Placeholder = optBool(d, m, "placeholder", what)
	w.Template = optFloat(d, m, "template", what)
	if sys == catalog.E40K && w.FP != "" {
		checkE40KFirepower(d, m.Get("fp"), what, w.FP)
	}
	if w.Kind == catalog.Gun && w.Range <= 0 && !w.Unlimited && m.Get("range") != nil {
		d.Errorf(m.Get("range"), "%s: a gun needs a positive range in cm (or unlimited: true)", what)
	}
	if w.Kind == catalog.CloseCombat && w.Attacks < 0 {
		d.Errorf(m.KeyNode("attacks"), "%s: attacks must not be negative", what)
	}
	if id == "" {
		return nil
	}
	return &weaponDecode{w: w, idNode: idNode}
}

// E40KShotKinds lists the firepower entries an E40K weapon may give instead
// of a number: its super-heavy weapon type (E40K shooting, digest
// section 2).
func E40KShotKinds() []string {
	return []string{"Anti-Tank", "Barrage", "Heavy Barrage", "Death Ray", "Disrupt", "Distortion Cannon", "Mega Cannon", "Pulsar"}
}

// checkE40KFirepower reports an E40K firepower entry that is neither a
// whole number from 0 to 100 nor one of E40KShotKinds (any case).
func checkE40KFirepower(d *yamlx.Decoder, n *yaml.Node, what, fp string) {
	if v, err := strconv.Atoi(strings.TrimSpace(fp)); err == nil {
		if v < 0 || v > 100 {
			d.Errorf(n, "%s fp: expected 0 to 100, got %d", what, v)
		}
		return
	}
	for _, k := range E40KShotKinds() {
		if strings.EqualFold(strings.TrimSpace(fp), k) {
			return
		}
	}
	msg := fmt.Sprintf("%s fp: %q is neither a number nor one of %s", what, fp, strings.Join(E40KShotKinds(), ", "))
	if s := yamlx.Suggest(fp, E40KShotKinds()); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	d.Errorf(n, "%s", msg)
}

// validateUnit checks cross references and tables once every file's ids are
// known.
func validateUnit(d *yamlx.Decoder, cat *catalog.Catalogue, ud *unitDecode) {
	u := ud.u
	what := fmt.Sprintf("unit %q", u.ID)
	ref := func(key, id string) *catalog.Weapon {
		w, ok := cat.Weapons[id]
		if !ok {
			msg := fmt.Sprintf("%s: unknown weapon %q", what, id)
			if s := yamlx.Suggest(id, weaponIDs(cat)); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			d.Errorf(ud.refNodes[key], "%s", msg)
			return nil
		}
		return w
	}
	for i, f := range u.Forbidden {
		ref(fmt.Sprintf("forbidden:%d", i), f)
	}
	for i, a := range u.DefaultArms {
		key := fmt.Sprintf("arms:%d", i)
		if w := ref(key, a); w != nil && w.System != u.System {
			d.Errorf(ud.refNodes[key], "%s: default arm %q is a %s weapon, the unit is %s", what, a, w.System, u.System)
		}
	}
	for i := range u.Mounts {
		mt := &u.Mounts[i]
		for j, f := range mt.Forbidden {
			ref(fmt.Sprintf("mount:%d:forbidden:%d", i, j), f)
		}
		if mt.Default != "" {
			if w := ref(fmt.Sprintf("mount:%d:default", i), mt.Default); w != nil {
				if err := u.CanMount(mt, w); err != nil {
					d.Errorf(ud.refNodes[fmt.Sprintf("mount:%d:default", i)], "%s mount %q: default weapon not allowed: %v", what, mt.ID, err)
				}
			}
		}
	}
	if u.Class == world.Titan {
		for _, dir := range []catalog.Direction{catalog.Front, catalog.Side, catalog.Rear} {
			rows := u.HitTables[dir]
			pos := ud.hitNodes[dir]
			if pos == nil {
				d.Errorf(ud.node, "%s: a titan needs a %s hit table (hit_tables: {front, side, rear})", what, dir)
				continue
			}
			checkHitTable(d, what, dir, rows, ud.rowNodes[dir], pos)
		}
	} else if len(u.HitTables) > 0 {
		d.Errorf(ud.node, "%s: hit_tables are for titans only", what)
	}
	if u.Catastrophic != nil && u.Class != world.WarEngine {
		d.Errorf(ud.node, "%s: a catastrophic damage table is for E40K war engines only", what)
	}
}

// checkHitTable verifies that rows cover modified rolls 0..7 exactly once
// (ATII-SHT-5: D6 +1 high / -1 low).
func checkHitTable(d *yamlx.Decoder, what string, dir catalog.Direction, rows []catalog.HitRow, nodes []*yaml.Node, pos *yaml.Node) {
	owner := map[int]int{}
	for i, r := range rows {
		if r.Min > r.Max {
			d.Errorf(nodes[i], "%s %s hit table: min %d is above max %d", what, dir, r.Min, r.Max)
			continue
		}
		if r.Min < 0 || r.Max > 7 {
			d.Errorf(nodes[i], "%s %s hit table: rows must lie within rolls 0..7, got %d..%d", what, dir, r.Min, r.Max)
			continue
		}
		for v := r.Min; v <= r.Max; v++ {
			if j, taken := owner[v]; taken {
				d.Errorf(nodes[i], "%s %s hit table: roll %d is already covered by row %d", what, dir, v, j+1)
				continue
			}
			owner[v] = i
		}
	}
	var missing []string
	for v := 0; v <= 7; v++ {
		if _, ok := owner[v]; !ok {
			missing = append(missing, fmt.Sprint(v))
		}
	}
	if len(missing) > 0 {
		d.Errorf(pos, "%s %s hit table: rolls %s are not covered (rows must cover 0..7)", what, dir, strings.Join(missing, ", "))
	}
}

func weaponIDs(cat *catalog.Catalogue) []string {
	ids := make([]string, 0, len(cat.Weapons))
	for id := range cat.Weapons {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
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
