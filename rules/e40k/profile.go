package e40k

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// Shot kinds of super-heavy weapons (a weapon whose firepower entry is a
// type rather than a number).
const (
	ShotAntiTank = "anti-tank"
	ShotDeathRay = "death-ray"
	ShotBarrage  = "barrage"
	ShotHeavy    = "heavy-barrage"
	ShotOther    = "super-heavy"
	// The other super-heavy types (special.go).
	ShotDisrupt    = "disrupt"
	ShotDistortion = "distortion-cannon"
	ShotMegaCannon = "mega-cannon"
	ShotPulsar     = "pulsar"
)

// Unit specials the ruleset reads from a profile.
const (
	SpecialArtillery = "artillery"
	SpecialResilient = "resilient"
	SpecialJumpPacks = "jump-packs"
	SpecialSkimmer   = "skimmer"
	SpecialPsyker    = "psyker"
)

// Weapon is one super-heavy weapon of a unit.
type Weapon struct {
	Name  string
	Kind  string
	Range float64
	// FixedTarget, when above 0, is the D6 score the weapon hits on
	// whatever the target (the Land Raider trial's AT 4+).
	FixedTarget int
	// Indirect weapons fire without line of sight (artillery).
	Indirect bool
	// FP is the weapon's firepower entry as the catalogue gives it (its
	// type), read again to convert the weapon for shooting at titans
	// (atii.E40KWeaponVsTitan).
	FP string
	// Template is the diameter (cm) of the barrage template of a barrage,
	// heavy barrage or mega-cannon shot (special.go).
	Template float64
	// Shots, when above 0, is how many shots the weapon fires (a
	// pulsar's rolled salvo, special.go); else ShotsOf's count.
	Shots int
}

// Profile is the E40K view of a unit type: the datasheet values the rules
// read, built from the shared catalogue profile (FromCatalog).
type Profile struct {
	ID        string
	Name      string
	Class     world.UnitClass
	Speed     float64
	Range     float64
	Firepower int
	Assault   int
	Armour    int
	// DC is the damage capacity (war engines; resilient units under
	// REM-RES-1), 1 for other units.
	DC int
	// Shields are the war engine's shields (void shields, power fields).
	Shields int
	// SuperHeavy are the unit's super-heavy weapons.
	SuperHeavy []Weapon
	Specials   []string
	Points     int
	// Base is the footprint of the unit's base.
	Base world.Footprint
	// Catastrophic is a war engine's catastrophic damage table (nil:
	// none on its datasheet; wedamage.go).
	Catastrophic *CatastrophicTable
	// Critical is a war engine's 2D6 critical damage table (nil: none on
	// its datasheet; critical.go) and Arms its default weapons, which a
	// critical result may put out of action.
	Critical *CriticalTable
	Arms     []ArmRef
	// Transport is how many infantry stands the unit carries.
	Transport int
	// Flyer marks a flyer; Intercept and DogfightGunnery are its Dogfight
	// value X/Y (digest 8.6).
	Flyer                      bool
	Intercept, DogfightGunnery int
}

// Has reports whether the profile carries a special.
func (p *Profile) Has(special string) bool {
	for _, s := range p.Specials {
		if s == special {
			return true
		}
	}
	return false
}

// WarEngine reports whether the unit is a war engine.
func (p *Profile) WarEngine() bool {
	return p.Class == world.WarEngine || p.Class == world.Titan
}

// Artillery reports whether the unit may fire without line of sight and
// fire a preparatory bombardment (E40K-ART-1).
func (p *Profile) Artillery() bool {
	if p.Has(SpecialArtillery) {
		return true
	}
	for _, w := range p.SuperHeavy {
		if w.Indirect {
			return true
		}
	}
	return false
}

// FromCatalog builds the E40K profile of a catalogue unit: Speed,
// Firepower, Assault, Armour, damage capacity, shields and specials come
// from the unit; its default weapons give the range (the longest numeric
// weapon) and the super-heavy weapons (weapons whose firepower entry is a
// type such as "Anti-Tank" or "Death Ray"). Options apply REM-RES-1
// (resilient units get 2 DC) and the Land Raider trial profile. A titan
// (class titan, an ATII unit: seed 002) gets titanProfile: its weapons
// are read mount by mount by the titan rules. Errors: a
// nil unit, a unit of another system, a weapon the catalogue lacks, or an
// unreadable firepower entry, each naming the unit.
func FromCatalog(cat *catalog.Catalogue, u *catalog.Unit, o Options) (Profile, error) {
	if u == nil {
		return Profile{}, fmt.Errorf("e40k profile: no unit")
	}
	if u.Class == world.Titan {
		return titanProfile(u), nil // an ATII titan inside the battle (seed 002)
	}
	if u.System != "" && u.System != catalog.E40K {
		return Profile{}, fmt.Errorf("e40k profile %s: a %s unit", u.ID, u.System)
	}
	ds := DatasheetOf(u)
	p := Profile{ID: u.ID, Name: u.Name, Class: u.Class, Speed: u.Speed, Firepower: ds.Firepower,
		Assault: ds.Assault, Armour: ds.Armour, DC: 1, Shields: ds.VoidShields, Points: u.Points,
		Specials: append([]string(nil), u.Specials...), Base: u.Base, Catastrophic: ds.Catastrophic, Critical: ds.Critical,
		Transport: ds.Transport, Flyer: ds.Flyer, Intercept: ds.Intercept, DogfightGunnery: ds.DogfightGunnery}
	if p.Class == "" {
		p.Class = world.Infantry
	}
	if DatasheetOf(u).DamageCap > 0 {
		p.DC = DatasheetOf(u).DamageCap
	}
	for _, wid := range DatasheetOf(u).DefaultArms {
		if cat == nil {
			return Profile{}, fmt.Errorf("e40k profile %s: no catalogue for weapon %s", u.ID, wid)
		}
		w, err := cat.Weapon(wid)
		if err != nil {
			return Profile{}, fmt.Errorf("e40k profile %s: %w", u.ID, err)
		}
		kind, numeric, err := shotKind(w)
		if err != nil {
			return Profile{}, fmt.Errorf("e40k profile %s: %w", u.ID, err)
		}
		ws := WeaponSheetOf(w)
		p.Arms = append(p.Arms, armRef(wid, w.Name, ws.FP, numeric))
		if numeric {
			p.Range = max(p.Range, w.Range)
			continue
		}
		p.SuperHeavy = append(p.SuperHeavy, Weapon{Name: w.Name, Kind: kind, Range: w.Range, FP: ws.FP, Template: ws.Template,
			Indirect: w.HasSpecial("indirect") || w.HasSpecial("barrage")})
	}
	if p.Range == 0 {
		for _, w := range p.SuperHeavy {
			p.Range = max(p.Range, w.Range)
		}
	}
	if o.Resilient && p.Has(SpecialResilient) && !p.WarEngine() {
		p.DC = 2
	}
	if o.LandRaiderTrial && isLandRaider(u) {
		p = LandRaiderTrial(p)
	}
	return p, nil
}

// LandRaiderTrial is the REM-RES-1 trial profile applied to a Land Raider:
// resilient with 2 DC, its anti-tank weapons replaced by one AT shot that
// hits on 4+, 54 points.
func LandRaiderTrial(p Profile) Profile {
	p.DC = 2
	if !p.Has(SpecialResilient) {
		p.Specials = append(append([]string(nil), p.Specials...), SpecialResilient)
	}
	rng := p.Range
	var keep []Weapon
	for _, w := range p.SuperHeavy {
		if w.Kind == ShotAntiTank {
			rng = max(rng, w.Range)
			continue
		}
		keep = append(keep, w)
	}
	p.SuperHeavy = append(keep, Weapon{Name: "Lascannon (trial)", Kind: ShotAntiTank, Range: rng, FixedTarget: 4})
	p.Points = 54
	return p
}

func isLandRaider(u *catalog.Unit) bool {
	return strings.Contains(u.ID, "land-raider")
}

// shotKind reads a weapon's firepower entry: a number (plain firepower) or
// a super-heavy type.
func shotKind(w *catalog.Weapon) (string, bool, error) {
	raw := WeaponSheetOf(w).FP
	fp := strings.ToLower(strings.TrimSpace(raw))
	if fp == "" {
		return "", true, nil
	}
	if _, err := strconv.Atoi(fp); err == nil {
		return "", true, nil
	}
	switch strings.ReplaceAll(fp, " ", "-") {
	case "anti-tank", "antitank", "macro-weapon":
		return ShotAntiTank, false, nil
	case "death-ray":
		return ShotDeathRay, false, nil
	case "barrage":
		return ShotBarrage, false, nil
	case "heavy-barrage":
		return ShotHeavy, false, nil
	case "disrupt":
		return ShotDisrupt, false, nil
	case "distortion-cannon", "distortion":
		return ShotDistortion, false, nil
	case "mega-cannon", "megacannon":
		return ShotMegaCannon, false, nil
	case "pulsar":
		return ShotPulsar, false, nil
	}
	return "", false, fmt.Errorf("weapon %s: firepower %q is not a number or a known super-heavy type", w.ID, raw)
}
