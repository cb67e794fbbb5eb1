package sheet

import (
	"fmt"
	"strings"

	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// Reader reads the ATII sheets of an ATII catalogue file.
type Reader struct{}

// System implements catalog.ProfileReader.
func (Reader) System() catalog.System { return catalog.ATII }

// unitRead keeps the positions of one unit's values for its checks.
type unitRead struct {
	u        *catalog.Unit
	t        *Titan
	m        catalog.Map
	what     string
	refNodes map[string]catalog.Node // "mount:<i>:default", "forbidden:<i>", "mount:<i>:forbidden:<j>"
	hitNodes map[Direction]catalog.Node
	rowNodes map[Direction][]catalog.Node
}

// ReadUnit implements catalog.ProfileReader: titan_class, man, gunnery,
// cc_skill, void_shields, repair_dice, improvised_attacks, e40k_assault
// (the E40K close combat value, for war engines inside E40K), forbidden,
// forbidden_kinds, mounts and hit_tables. The check resolves the weapon
// ids, tries each mount's default weapon against the mount's rules and
// wants a titan's hit tables to cover modified rolls 0..7 in each
// direction (ATII-SHT-5).
func (Reader) ReadUnit(u *catalog.Unit, m catalog.Map) func(cat *catalog.Catalogue) {
	what := m.What()
	t := &Titan{HitTables: map[Direction][]HitRow{}}
	u.Profile = t
	r := &unitRead{u: u, t: t, m: m, what: what, refNodes: map[string]catalog.Node{},
		hitNodes: map[Direction]catalog.Node{}, rowNodes: map[Direction][]catalog.Node{}}
	if tn := m.Get("titan_class"); tn != nil {
		if s, ok := tn.Str(what + " titan_class"); ok && tn.OneOf(what+" titan_class", s, TitanClasses()) {
			t.TitanClass = s
		}
	}
	t.Man = catalog.OptInt(m, "man")
	t.Gunnery = catalog.OptTarget(m, "gunnery")
	t.CCSkill = catalog.OptTarget(m, "cc_skill")
	t.VoidShields = catalog.OptInt(m, "void_shields")
	t.RepairDice = catalog.OptInt(m, "repair_dice")
	if n := m.Get("improvised_attacks"); n != nil {
		t.ImprovisedAttacks, _ = n.Text(what + " improvised_attacks")
	}
	t.E40KAssault = catalog.OptInt(m, "e40k_assault")
	var fnodes []catalog.Node
	t.Forbidden, fnodes = strList(m.Get("forbidden"), what+" forbidden")
	for i, fnode := range fnodes {
		r.refNodes[fmt.Sprintf("forbidden:%d", i)] = fnode
	}
	t.ForbiddenKinds = readKinds(m.Get("forbidden_kinds"), what+" forbidden_kinds")
	r.readMounts(m.Get("mounts"))
	r.readHitTables(m.Get("hit_tables"))
	return r.check
}

func strList(n catalog.Node, what string) ([]string, []catalog.Node) {
	if n == nil {
		return nil, nil
	}
	return n.StrList(what)
}

func readKinds(n catalog.Node, what string) []catalog.WeaponKind {
	ss, nodes := strList(n, what)
	var out []catalog.WeaponKind
	for i, s := range ss {
		if nodes[i].OneOf(what, s, weaponKinds()) {
			out = append(out, catalog.WeaponKind(s))
		}
	}
	return out
}

func (r *unitRead) readMounts(n catalog.Node) {
	if n == nil {
		return
	}
	what, t := r.what, r.t
	mountIDs := map[string]bool{}
	for i, mn := range n.Seq(what + " mounts") {
		mw := fmt.Sprintf("%s mount %d", what, i+1)
		mm := mn.Map(mw)
		if mm == nil {
			continue
		}
		var mt Mount
		mt.ID = readID(mm, "mount")
		if mt.ID != "" {
			if mountIDs[mt.ID] {
				mm.Get("id").Errorf("%s: mount id %q appears twice", what, mt.ID)
			}
			mountIDs[mt.ID] = true
			mw = fmt.Sprintf("%s mount %q", what, mt.ID)
			mm.SetWhat(mw)
		}
		if v := mm.Get("name"); v != nil {
			mt.Name, _ = v.Text(mw + " name")
		}
		if ln := mm.Need("location"); ln != nil {
			if s, ok := ln.Str(mw + " location"); ok && ln.OneOf(mw+" location", s, []string{"arm", "carapace"}) {
				mt.Location = s
			}
		}
		if an := mm.Need("arc"); an != nil {
			if s, ok := an.Str(mw + " arc"); ok && an.OneOf(mw+" arc", s, ArcCodes()) {
				mt.Arc = s
			}
		}
		var mf []catalog.Node
		mt.Forbidden, mf = strList(mm.Get("forbidden"), mw+" forbidden")
		for j, x := range mf {
			r.refNodes[fmt.Sprintf("mount:%d:forbidden:%d", len(t.Mounts), j)] = x
		}
		mt.ForbiddenKinds = readKinds(mm.Get("forbidden_kinds"), mw+" forbidden_kinds")
		if dn := mm.Get("default"); dn != nil {
			mt.Default, _ = dn.Str(mw + " default")
			r.refNodes[fmt.Sprintf("mount:%d:default", len(t.Mounts))] = dn
		}
		mm.Close()
		t.Mounts = append(t.Mounts, mt)
	}
}

// readID reads a mount's id: lower-case letters, digits, '-' or '_', at
// most 64 (the catalogue's id rule).
func readID(m catalog.Map, what string) string {
	n := m.Need("id")
	if n == nil {
		return ""
	}
	s, ok := n.Str(what + " id")
	if !ok {
		return ""
	}
	valid := s != "" && len(s) <= 64
	for _, c := range s {
		valid = valid && (c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_')
	}
	if !valid {
		n.Errorf("%s id %q: use lower-case letters, digits, '-' or '_' (at most 64)", what, s)
		return ""
	}
	return s
}

func (r *unitRead) readHitTables(hn catalog.Node) {
	if hn == nil {
		return
	}
	what := r.what
	hm := hn.Map(what + " hit_tables")
	if hm == nil {
		return
	}
	for _, dir := range directions() {
		tn := hm.Get(string(dir))
		if tn == nil {
			continue
		}
		r.hitNodes[dir] = tn
		tw := fmt.Sprintf("%s %s hit table", what, dir)
		for j, rn := range tn.Seq(tw) {
			rw := fmt.Sprintf("%s row %d", tw, j+1)
			rm := rn.Map(rw)
			if rm == nil {
				continue
			}
			var row HitRow
			ok := true
			if v := rm.Need("min"); v != nil {
				row.Min, ok = v.Int(rw + " min")
			} else {
				ok = false
			}
			if v := rm.Need("max"); v != nil {
				var ok2 bool
				row.Max, ok2 = v.Int(rw + " max")
				ok = ok && ok2
			} else {
				ok = false
			}
			if v := rm.Need("location"); v != nil {
				if s, ok3 := v.Str(rw + " location"); ok3 && v.OneOf(rw+" location", s, HitLocations()) {
					row.Location = s
				} else {
					ok = false
				}
			} else {
				ok = false
			}
			if v := rm.Need("armour"); v != nil {
				a, ok4 := v.Int(rw + " armour")
				row.Armour = a
				if ok4 && a <= 0 {
					v.Errorf("%s armour: must be positive, got %d", rw, a)
				}
			}
			rm.Close()
			if ok {
				r.t.HitTables[dir] = append(r.t.HitTables[dir], row)
				r.rowNodes[dir] = append(r.rowNodes[dir], rn)
			}
		}
	}
	hm.Close()
}

// check runs once every file's ids are known.
func (r *unitRead) check(cat *catalog.Catalogue) {
	u, t, what := r.u, r.t, r.what
	ref := func(key, id string) *catalog.Weapon {
		return catalog.RefWeapon(r.refNodes[key], cat, what, id)
	}
	for i, f := range t.Forbidden {
		ref(fmt.Sprintf("forbidden:%d", i), f)
	}
	for i := range t.Mounts {
		mt := &t.Mounts[i]
		for j, f := range mt.Forbidden {
			ref(fmt.Sprintf("mount:%d:forbidden:%d", i, j), f)
		}
		if mt.Default != "" {
			key := fmt.Sprintf("mount:%d:default", i)
			if w := ref(key, mt.Default); w != nil {
				if err := CanMount(u, mt, w); err != nil {
					r.refNodes[key].Errorf("%s mount %q: default weapon not allowed: %v", what, mt.ID, err)
				}
			}
		}
	}
	if u.Class == world.Titan {
		for _, dir := range directions() {
			pos := r.hitNodes[dir]
			if pos == nil {
				r.m.Errorf("%s: a titan needs a %s hit table (hit_tables: {front, side, rear})", what, dir)
				continue
			}
			checkHitTable(what, dir, t.HitTables[dir], r.rowNodes[dir], pos)
		}
	} else if len(t.HitTables) > 0 {
		r.m.Errorf("%s: hit_tables are for titans only", what)
	}
}

// checkHitTable verifies that rows cover modified rolls 0..7 exactly once
// (ATII-SHT-5: D6 +1 high / -1 low).
func checkHitTable(what string, dir Direction, rows []HitRow, nodes []catalog.Node, pos catalog.Node) {
	owner := map[int]int{}
	for i, r := range rows {
		if r.Min > r.Max {
			nodes[i].Errorf("%s %s hit table: min %d is above max %d", what, dir, r.Min, r.Max)
			continue
		}
		if r.Min < 0 || r.Max > 7 {
			nodes[i].Errorf("%s %s hit table: rows must lie within rolls 0..7, got %d..%d", what, dir, r.Min, r.Max)
			continue
		}
		for v := r.Min; v <= r.Max; v++ {
			if j, taken := owner[v]; taken {
				nodes[i].Errorf("%s %s hit table: roll %d is already covered by row %d", what, dir, v, j+1)
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
		pos.Errorf("%s %s hit table: rolls %s are not covered (rows must cover 0..7)", what, dir, strings.Join(missing, ", "))
	}
}
