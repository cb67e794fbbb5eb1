package atii

import (
	"fmt"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// Test fixtures: the ATII profiles built in Go from the same numbers as
// assets/catalog/atii.yaml (yaml_test.go checks the two agree), so the
// rules tests do not depend on the loader.

func row(min, max int, loc string, arm int) sheet.HitRow {
	return sheet.HitRow{Min: min, Max: max, Location: loc, Armour: arm}
}

func fxWarhound() *catalog.Unit {
	return &catalog.Unit{
		ID: "warhound", Name: "Warhound Scout Titan", System: catalog.ATII, Class: world.Titan,
		Base: world.Footprint{Shape: world.Circle, Radius: 2, SightHeight: 6}, Points: 300, Speed: 25,
		Profile: &sheet.Titan{
			TitanClass: "scout", Man: 3, Gunnery: 4, CCSkill: 4, VoidShields: 2, RepairDice: 4, ImprovisedAttacks: "1", E40KAssault: 6,
			Forbidden:      []string{"gatling-blaster", "laser-blaster", "melta-cannon", "volcano-cannon", "plasma-destructor", "quake-cannon"},
			ForbiddenKinds: []catalog.WeaponKind{catalog.SupportMissile, catalog.CloseCombat},
			Mounts: []sheet.Mount{
				{ID: "left-arm", Name: "Left Arm", Location: "arm", Arc: "LA", Default: "vulcan-mega-bolter"},
				{ID: "right-arm", Name: "Right Arm", Location: "arm", Arc: "RA", Default: "plasma-blastgun"},
			},
			HitTables: map[sheet.Direction][]sheet.HitRow{
				sheet.Front: {row(0, 2, "legs", 10), row(3, 3, "vsg", 10), row(4, 4, "head", 11), row(5, 7, "arm", 9)},
				sheet.Side:  {row(0, 3, "legs", 10), row(4, 4, "head", 10), row(5, 7, "arm", 9)},
				sheet.Rear:  {row(0, 2, "legs", 10), row(3, 3, "vsg", 10), row(4, 4, "reactor", 10), row(5, 7, "arm", 9)},
			},
		},
	}
}

func fxReaver() *catalog.Unit {
	return &catalog.Unit{
		ID: "reaver", Name: "Reaver Battle Titan", System: catalog.ATII, Class: world.Titan,
		Base: world.Footprint{Shape: world.Circle, Radius: 2.5, SightHeight: 8}, Points: 500, Speed: 20,
		Profile: &sheet.Titan{
			TitanClass: "battle", Man: 2, Gunnery: 4, CCSkill: 4, VoidShields: 4, RepairDice: 8, ImprovisedAttacks: "D3", E40KAssault: 10,
			Forbidden: []string{"plasma-destructor", "wrecker-ball"},
			Mounts: []sheet.Mount{
				{ID: "carapace", Name: "Carapace", Location: "carapace", Arc: "F", ForbiddenKinds: []catalog.WeaponKind{catalog.CloseCombat}, Default: "rocket-launcher"},
				{ID: "left-arm", Name: "Left Arm", Location: "arm", Arc: "LA", ForbiddenKinds: []catalog.WeaponKind{catalog.SupportMissile}, Default: "gatling-blaster"},
				{ID: "right-arm", Name: "Right Arm", Location: "arm", Arc: "RA", ForbiddenKinds: []catalog.WeaponKind{catalog.SupportMissile}, Default: "melta-cannon"},
			},
			HitTables: map[sheet.Direction][]sheet.HitRow{
				sheet.Front: {row(0, 1, "legs", 10), row(2, 2, "vsg", 11), row(3, 3, "head", 13), row(4, 5, "arm", 9), row(6, 7, "carapace", 9)},
				sheet.Side:  {row(0, 1, "legs", 9), row(2, 2, "reactor", 10), row(3, 3, "head", 13), row(4, 5, "arm", 9), row(6, 7, "carapace", 9)},
				sheet.Rear:  {row(0, 1, "legs", 10), row(2, 2, "vsg", 10), row(3, 3, "reactor", 10), row(4, 5, "arm", 9), row(6, 7, "carapace", 9)},
			},
		},
	}
}

func fxWarlord() *catalog.Unit {
	return &catalog.Unit{
		ID: "warlord", Name: "Warlord Battle Titan", System: catalog.ATII, Class: world.Titan,
		Base: world.Footprint{Shape: world.Circle, Radius: 3, SightHeight: 10}, Points: 700, Speed: 15,
		Profile: &sheet.Titan{
			TitanClass: "battle", Man: 1, Gunnery: 4, CCSkill: 4, VoidShields: 6, RepairDice: 8, ImprovisedAttacks: "D3", E40KAssault: 14,
			Mounts: []sheet.Mount{
				{ID: "left-carapace", Name: "Left Carapace", Location: "carapace", Arc: "F", ForbiddenKinds: []catalog.WeaponKind{catalog.CloseCombat}, Default: "turbo-lasers"},
				{ID: "right-carapace", Name: "Right Carapace", Location: "carapace", Arc: "F", ForbiddenKinds: []catalog.WeaponKind{catalog.CloseCombat}, Default: "rocket-launcher"},
				{ID: "left-arm", Name: "Left Arm", Location: "arm", Arc: "LA", ForbiddenKinds: []catalog.WeaponKind{catalog.SupportMissile}, Default: "volcano-cannon"},
				{ID: "right-arm", Name: "Right Arm", Location: "arm", Arc: "RA", ForbiddenKinds: []catalog.WeaponKind{catalog.SupportMissile}, Default: "gatling-blaster"},
			},
			HitTables: map[sheet.Direction][]sheet.HitRow{
				sheet.Front: {row(0, 1, "legs", 11), row(2, 2, "reactor", 12), row(3, 3, "head", 14), row(4, 5, "arm", 10), row(6, 7, "carapace", 10)},
				sheet.Side:  {row(0, 1, "legs", 10), row(2, 2, "vsg", 13), row(3, 3, "head", 13), row(4, 5, "arm", 10), row(6, 7, "carapace", 10)},
				sheet.Rear:  {row(0, 1, "legs", 9), row(2, 2, "vsg", 13), row(3, 3, "reactor", 11), row(4, 5, "arm", 10), row(6, 7, "carapace", 10)},
			},
		},
	}
}

func gun(id, name string, rng float64, fp string, acc int, rof string, str int, specials ...string) *catalog.Weapon {
	return &catalog.Weapon{ID: id, Name: name, System: catalog.ATII, Kind: catalog.Gun, Range: rng, Specials: specials,
		Profile: &sheet.Weapon{FP: fp, Acc: acc, RoF: rof, Str: str}}
}

func missile(id, name, fp string, str int, specials ...string) *catalog.Weapon {
	return &catalog.Weapon{ID: id, Name: name, System: catalog.ATII, Kind: catalog.SupportMissile, Unlimited: true, Specials: specials,
		Profile: &sheet.Weapon{FP: fp, RoF: "1", Str: str}}
}

func ccw(id, name string, sw, acc, att, str int, specials ...string) *catalog.Weapon {
	return &catalog.Weapon{ID: id, Name: name, System: catalog.ATII, Kind: catalog.CloseCombat, Specials: specials,
		Profile: &sheet.Weapon{Swiftness: sw, Acc: acc, Attacks: att, Str: str}}
}

func fxWeapons() map[string]*catalog.Weapon {
	ws := []*catalog.Weapon{
		gun("gatling-blaster", "Gatling Blaster", 45, "8", 0, "4", 5),
		gun("inferno-gun", "Inferno Gun", 30, "10", 2, "1", 5, "inferno"),
		gun("laser-blaster", "Laser Blaster", 45, "8", 0, "6", 4),
		gun("melta-cannon", "Melta-cannon", 30, "10", 0, "2", 8),
		gun("plasma-blastgun", "Plasma Blastgun", 45, "8", 0, "2", 6, "overload"),
		gun("turbo-lasers", "Turbo-lasers", 60, "6", 0, "2", 6),
		gun("vulcan-mega-bolter", "Vulcan Mega-bolter", 30, "8", 0, "8", 4),
		gun("volcano-cannon", "Volcano Cannon", 60, "Death Ray", 0, "1", 9, "death-ray"),
		gun("quake-cannon", "Quake Cannon", 90, "Mega Cannon", 0, "1", 7, "quake"),
		gun("plasma-destructor", "Plasma Destructor", 45, "8", -1, "2", 8, "overload"),
		gun("rocket-launcher", "Rocket Launcher", 90, "Heavy Barrage", -1, "D6", 5, "rof-each-time"),
		missile("support-missile-vortex", "Vortex Missile", "Vortex Missile", 6, "once-per-battle", "hits-on-2", "vortex"),
		missile("support-missile-plasma", "Plasma Missile", "Vortex Missile", 6, "once-per-battle", "hits-on-2", "plasma-missile"),
		missile("support-missile-haywire", "Haywire Missile", "No Effect", 0, "once-per-battle", "haywire"),
		missile("support-missile-warp", "Warp Missile", "Vortex Missile", 8, "once-per-battle", "hits-on-2", "ignores-shields"),
		ccw("chainfist", "Chainfist", 6, 1, 1, 7),
		ccw("powerfist", "Powerfist", 3, -1, 1, 9, "tear"),
		ccw("wrecker-ball", "Wrecker Ball", 2, 0, 2, 9),
		ccw("laser-burner", "Laser Burner", 4, 0, 3, 6),
		ccw("power-ram", "Power Ram", 3, 0, 2, 7),
		ccw("power-saw", "Power Saw", 5, 0, 1, 8),
	}
	m := map[string]*catalog.Weapon{}
	for _, w := range ws {
		if w.ID == "quake-cannon" || w.ID == "rocket-launcher" {
			sheet.WeaponOf(w).Template = 12 // the E40K barrage template against detachments (placeholder)
		}
		m[w.ID] = w
	}
	return m
}

func fxCatalogue() *catalog.Catalogue {
	return &catalog.Catalogue{
		Units:   map[string]*catalog.Unit{"warhound": fxWarhound(), "reaver": fxReaver(), "warlord": fxWarlord()},
		Weapons: fxWeapons(),
	}
}

// scripted is a dice source that hands out fixed faces in order and records
// every roll. Running out is a test failure.
type scripted struct {
	t     *testing.T
	faces []int
	rolls []rules.Roll
}

func script(t *testing.T, faces ...int) *scripted { return &scripted{t: t, faces: faces} }

func (s *scripted) Roll(r rules.Roll, n int) []int {
	if n > len(s.faces) {
		s.t.Errorf("scripted dice exhausted: %q wants %d dice, %d left", r.Purpose, n, len(s.faces))
		return nil
	}
	out := append([]int(nil), s.faces[:n]...)
	s.faces = s.faces[n:]
	r.Faces = out
	s.rolls = append(s.rolls, r)
	return out
}

func (s *scripted) done() {
	s.t.Helper()
	if len(s.faces) > 0 {
		s.t.Errorf("%d scripted dice unused: %v", len(s.faces), s.faces)
	}
}

// xorshift is a deterministic test dice source (xorshift64*).
type xorshift struct{ s uint64 }

func newXor(seed uint64) *xorshift { return &xorshift{s: seed*2654435761 + 0x9E3779B97F4A7C15} }

func (x *xorshift) next() uint64 {
	x.s ^= x.s >> 12
	x.s ^= x.s << 25
	x.s ^= x.s >> 27
	return x.s * 2685821657736338717
}

func (x *xorshift) Roll(r rules.Roll, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = int((x.next()>>33)%uint64(r.Sides)) + 1
	}
	return out
}

// near fails unless got is within tol of want.
func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if got < want-tol || got > want+tol {
		t.Errorf("%s = %.5f, want %.5f (±%.5f)", what, got, want, tol)
	}
}

// compareDist checks an empirical histogram (counts of n trials) against
// an exact distribution: every value within 5 standard errors (plus a
// small floor).
func compareDist(t *testing.T, what string, counts map[int]int, n int, exact Dist) {
	t.Helper()
	seen := map[int]bool{}
	for v, p := range exact {
		seen[v] = true
		got := float64(counts[v]) / float64(n)
		se := 5*sqrt(p*(1-p)/float64(n)) + 0.002
		if got < p-se || got > p+se {
			t.Errorf("%s: P(%d) Monte Carlo %.4f, exact %.4f", what, v, got, p)
		}
	}
	for v, c := range counts {
		if !seen[v] && c > 0 {
			t.Errorf("%s: Monte Carlo saw %d (%d times), exact gives it no chance", what, v, c)
		}
	}
	if tot := exact.Total(); tot < 1-1e-9 || tot > 1+1e-9 {
		t.Errorf("%s: exact distribution sums to %v", what, tot)
	}
}

func sqrt(x float64) float64 {
	if x <= 0 {
		return 0
	}
	z := x
	for i := 0; i < 40; i++ {
		z = (z + x/z) / 2
	}
	return z
}

var _ = fmt.Sprintf
