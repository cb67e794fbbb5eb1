package assets

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/auspex/auspex/assets/yamlx"
	"github.com/auspex/auspex/world"
)

// TerrainEntry is one terrain kind's effect under one system, with the
// system-specific numbers world.TerrainEffect does not carry.
type TerrainEntry struct {
	world.TerrainEffect
	// ArmourBonus is the E40K infantry armour bonus inside the feature.
	ArmourBonus int
	// CoverSave is the EA infantry cover save (D6 target, 0 = none).
	CoverSave int
	// Notes is shown in terrain legends.
	Notes string
}

// TerrainTable is one system's terrain table.
type TerrainTable map[world.Kind]TerrainEntry

// Rules returns the table as the world package's TerrainRules.
func (t TerrainTable) Rules() world.TerrainRules {
	r := make(world.TerrainRules, len(t))
	for k, e := range t {
		r[k] = e.TerrainEffect
	}
	return r
}

// LoadTerrainRules returns the embedded terrain effects of a system ("atii",
// "e40k", "ea", "epic3") for the world's LOS and movement queries.
func LoadTerrainRules(system string) (world.TerrainRules, error) {
	t, err := LoadTerrainTable(system)
	if err != nil {
		return nil, err
	}
	return t.Rules(), nil
}

// LoadTerrainTable returns the embedded terrain table of a system with its
// extra numbers (armour bonus, cover save, notes).
func LoadTerrainTable(system string) (TerrainTable, error) {
	data, err := dataFS.ReadFile("terrain.yaml")
	if err != nil {
		return nil, fmt.Errorf("assets: reading embedded terrain.yaml: %w", err)
	}
	all, err := ParseTerrainTables("assets/terrain.yaml", data)
	if err != nil {
		return nil, err
	}
	t, ok := all[system]
	if !ok {
		return nil, fmt.Errorf("assets: no terrain table for system %q (known: atii, e40k, ea, epic3)", system)
	}
	return t, nil
}

// ParseTerrainTables decodes a terrain file: {systems: {SYSTEM: {KIND:
// entry}}} where a system may instead be {same_as: OTHER}. Every kind must be
// one of world.Kinds. Errors are yamlx.Errors.
func ParseTerrainTables(name string, data []byte) (map[string]TerrainTable, error) {
	root, d := yamlx.Parse(name, data, yamlx.DefaultLimits())
	if root == nil {
		if len(d.Errs) == 0 {
			d.Errorf(nil, "empty terrain file: expected a \"systems\" mapping")
		}
		return nil, d.Err()
	}
	out := map[string]TerrainTable{}
	aliases := map[string]*yaml.Node{}
	top := d.Map(root, "terrain file")
	sys := d.Map(top.Need("systems"), "systems")
	top.Close()
	kinds := make([]string, len(world.Kinds))
	for i, k := range world.Kinds {
		kinds[i] = string(k)
	}
	for _, sname := range sys.Keys() {
		sys.Allow(sname)
		kn := sys.KeyNode(sname)
		d.OneOf(kn, "systems", sname, Systems())
		sm := d.Map(sys.Get(sname), "system "+sname)
		if sm == nil {
			continue
		}
		if sm.Has("same_as") {
			if len(sm.Keys()) != 1 {
				d.Errorf(sm.Node(), "system %s: same_as must be the only key", sname)
			}
			aliases[sname] = sm.Get("same_as")
			continue
		}
		t := TerrainTable{}
		for _, k := range sm.Keys() {
			sm.Allow(k)
			if !d.OneOf(sm.KeyNode(k), "system "+sname+" terrain kind", k, kinds) {
				continue
			}
			t[world.Kind(k)] = decodeTerrainEntry(d, sm.Get(k), sname+" "+k)
		}
		out[sname] = t
	}
	for sname, n := range aliases {
		other, ok := d.Str(n, "same_as")
		if !ok {
			continue
		}
		t, found := out[other]
		if !found {
			d.Errorf(n, "system %s: same_as names %q, which has no table of its own", sname, other)
			continue
		}
		out[sname] = t
	}
	if err := d.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

func decodeTerrainEntry(d *yamlx.Decoder, n *yaml.Node, what string) TerrainEntry {
	var e TerrainEntry
	m := d.Map(n, what)
	if m == nil {
		return e
	}
	defer m.Close()
	if v := m.Get("blocks_los"); v != nil {
		e.BlocksLOS, _ = d.Bool(v, what+" blocks_los")
	}
	if v := m.Get("cover"); v != nil {
		e.Cover, _ = d.Bool(v, what+" cover")
	}
	if v := m.Get("height"); v != nil {
		if h, ok := d.Float(v, what+" height"); ok && (h < 0 || h > 1000) {
			d.Errorf(v, "%s height: must be 0 to 1000 cm, got %v", what, h)
		} else {
			e.Height = h
		}
	}
	if v := m.Get("armour_bonus"); v != nil {
		e.ArmourBonus, _ = d.Int(v, what+" armour_bonus")
	}
	if v := m.Get("cover_save"); v != nil {
		e.CoverSave, _ = d.Target(v, what+" cover_save")
	}
	if v := m.Get("notes"); v != nil {
		e.Notes, _ = d.Str(v, what+" notes")
	}
	if v := m.Get("passage"); v != nil {
		pm := d.Map(v, what+" passage")
		e.Passage = map[world.UnitClass]world.Passage{}
		for _, c := range UnitClasses() {
			pn := pm.Get(c)
			if pn == nil {
				continue
			}
			s, ok := d.Str(pn, what+" passage "+c)
			if !ok || !d.OneOf(pn, what+" passage "+c, s, []string{"clear", "dangerous", "impassable"}) {
				continue
			}
			switch s {
			case "dangerous":
				e.Passage[world.UnitClass(c)] = world.Dangerous
			case "impassable":
				e.Passage[world.UnitClass(c)] = world.Impassable
			default:
				e.Passage[world.UnitClass(c)] = world.Clear
			}
		}
		pm.Close()
	}
	return e
}
