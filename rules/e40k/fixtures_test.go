package e40k

import (
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// testCatalogue is a small hand-built E40K catalogue (test data, not the
// bundled profiles).
func testCatalogue() *catalog.Catalogue {
	inf := world.Footprint{Shape: world.Circle, Radius: 1}
	veh := world.Footprint{Shape: world.Circle, Radius: 1.5}
	we := world.Footprint{Shape: world.Circle, Radius: 3}
	u := func(id string, class world.UnitClass, foot world.Footprint, speed float64, fp, as, ar int, arms ...string) *catalog.Unit {
		return &catalog.Unit{ID: id, Name: id, System: catalog.E40K, Class: class, Base: foot, Speed: speed,
			Profile: &Datasheet{Firepower: fp, Assault: as, Armour: ar, DefaultArms: arms}}
	}
	c := &catalog.Catalogue{Units: map[string]*catalog.Unit{}, Weapons: map[string]*catalog.Weapon{}}
	add := func(x *catalog.Unit) *catalog.Unit { c.Units[x.ID] = x; return x }
	add(u("t-marine", world.Infantry, inf, 10, 1, 4, 4, "t-bolter"))
	add(u("t-boyz", world.Infantry, inf, 10, 1, 3, 3, "t-shoota"))
	jump := add(u("t-assault-marine", world.Infantry, inf, 15, 1, 5, 4, "t-bolter"))
	jump.Specials = []string{SpecialJumpPacks}
	tank := add(u("t-land-raider", world.Vehicle, veh, 25, 2, 3, 6, "t-hb", "t-lascannon"))
	tank.Specials = []string{SpecialResilient}
	art := add(u("t-whirlwind", world.Vehicle, veh, 20, 0, 1, 5, "t-barrage"))
	art.Specials = []string{SpecialArtillery}
	g := add(u("t-gargant", world.WarEngine, we, 10, 4, 8, 6, "t-big-gun", "t-gaze"))
	DatasheetOf(g).DamageCap, DatasheetOf(g).VoidShields = 4, 2
	for _, w := range []*catalog.Weapon{
		{ID: "t-bolter", Name: "bolters", Range: 30, Profile: &WeaponSheet{FP: "1"}},
		{ID: "t-shoota", Name: "shootas", Range: 30, Profile: &WeaponSheet{FP: "1"}},
		{ID: "t-hb", Name: "heavy bolters", Range: 30, Profile: &WeaponSheet{FP: "2"}},
		{ID: "t-lascannon", Name: "lascannon", Range: 45, Profile: &WeaponSheet{FP: "Anti-Tank"}},
		{ID: "t-barrage", Name: "barrage", Range: 90, Specials: []string{"indirect"}, Profile: &WeaponSheet{FP: "Barrage"}},
		{ID: "t-big-gun", Name: "big gun", Range: 45, Profile: &WeaponSheet{FP: "4"}},
		{ID: "t-gaze", Name: "gaze", Range: 50, Profile: &WeaponSheet{FP: "Death Ray"}},
	} {
		w.System = catalog.E40K
		c.Weapons[w.ID] = w
	}
	return c
}

// testTerrain is a small E40K terrain table: woods give cover and are
// dangerous for vehicles, buildings block sight and are impassable to
// vehicles.
func testTerrain() world.TerrainRules {
	return world.TerrainRules{
		world.Woods:     {Cover: true, Passage: map[world.UnitClass]world.Passage{world.Vehicle: world.Dangerous, world.WarEngine: world.Dangerous}},
		world.Buildings: {Cover: true, BlocksLOS: true, Passage: map[world.UnitClass]world.Passage{world.Vehicle: world.Impassable, world.WarEngine: world.Impassable}},
	}
}

func testWorld(t testing.TB) *world.World {
	t.Helper()
	sq := func(x, y, w, h float64) []world.Vec {
		return []world.Vec{{X: x, Y: y}, {X: x + w, Y: y}, {X: x + w, Y: y + h}, {X: x, Y: y + h}}
	}
	w, err := world.New(world.Table{W: 120, H: 120}, []world.Feature{
		{ID: "wood", Kind: world.Woods, Poly: sq(20, 50, 20, 15)},
		{ID: "block", Kind: world.Buildings, Poly: sq(80, 55, 10, 10)},
	})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func testRuleset(t testing.TB) *Ruleset {
	t.Helper()
	r, err := NewRuleset(testCatalogue(), testTerrain(), testWorld(t))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// smallBattle is two small detachments a side: Imperial marines and a
// tank group with artillery; Orks boyz and a gargant with boyz.
func smallBattle(seed uint64, opts map[string]string) *rules.State {
	s := &rules.State{
		Seed:    seed,
		Options: opts,
		Sides: []rules.Side{
			{ID: "imperium", Name: "Imperium", Controller: rules.ControllerAI},
			{ID: "orks", Name: "Orks", Controller: rules.ControllerAI},
		},
		Formations: []rules.Formation{
			{ID: "marines", Side: "imperium"}, {ID: "armour", Side: "imperium"},
			{ID: "boyz", Side: "orks"}, {ID: "gargant", Side: "orks"},
		},
	}
	add := func(id, side, typ, f string, x, y float64, hq bool) {
		u := rules.Unit{ID: id, Side: side, Type: typ, Formation: f, Pos: world.Vec{X: x, Y: y}}
		if side == "orks" {
			u.Facing = 180
		}
		if hq {
			u.Markers.Set(MarkHQ, 1)
		}
		s.Units = append(s.Units, u)
	}
	for i := 0; i < 5; i++ {
		add("m"+string(rune('1'+i)), "imperium", "t-marine", "marines", 20+5*float64(i), 20, i == 0)
	}
	add("lr1", "imperium", "t-land-raider", "armour", 60, 15, true)
	add("lr2", "imperium", "t-land-raider", "armour", 66, 15, false)
	add("ww", "imperium", "t-whirlwind", "armour", 72, 10, false)
	for i := 0; i < 6; i++ {
		add("b"+string(rune('1'+i)), "orks", "t-boyz", "boyz", 20+5*float64(i), 95, i == 0)
	}
	add("garg", "orks", "t-gargant", "gargant", 70, 100, true)
	add("gb1", "orks", "t-boyz", "gargant", 62, 100, false)
	add("gb2", "orks", "t-boyz", "gargant", 78, 100, false)
	_ = s.SetExt(ExtSetup, Setup{Ratings: map[string]int{"imperium": 2, "orks": 1}, TurnLimit: 4})
	return s
}

// atStep puts a hand-built battle at a step with a pending decision.
func atStep(s *rules.State, step, kind, side string, units ...string) *rules.State {
	s.Step = step
	s.Pending = &rules.Decision{Side: side, Kind: kind, Units: units}
	_ = putProgress(s, Progress{Init: -1, First: 0})
	return s
}

func setOrders(s *rules.State, f, order string) { s.Formation(f).Orders = order }
