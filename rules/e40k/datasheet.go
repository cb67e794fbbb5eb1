package e40k

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// Datasheet is the E40K part of a unit profile (catalog.Unit.Profile of
// the units of an E40K catalogue file): the values of the army lists'
// datasheets. FromCatalog turns it into the Profile the rules read.
type Datasheet struct {
	// Armour is the D6 armour save target.
	Armour int
	// Assault and Firepower are the assault and firepower values.
	Assault, Firepower int
	// DamageCap is a war engine's damage capacity (0 for other units).
	DamageCap int
	// VoidShields are a war engine's shields (void shields, power fields).
	VoidShields int
	// DefaultArms are the unit's weapon ids.
	DefaultArms []string
	// IsHQ marks a unit that may command a detachment (E40K-CMD-1).
	IsHQ bool
	// Transport is how many infantry stands the unit carries (0 = none).
	Transport int
	// Flyer marks a flyer; Intercept and DogfightGunnery are its Dogfight
	// value "X/Y" (digest 8.6).
	Flyer                      bool
	Intercept, DogfightGunnery int
	// Catastrophic is a war engine's catastrophic damage table (rolled on
	// a D6 when its damage capacity reaches 0; digest 8.5).
	Catastrophic *CatastrophicTable
	// Critical is a war engine's 2D6 critical damage table (critdata.go).
	Critical *CriticalTable
}

// CatastrophicTable is a war engine's catastrophic damage table.
type CatastrophicTable struct {
	// Placeholder marks a stand-in table (no published one was found).
	Placeholder bool
	// Rows cover the D6 rolls 1..6 exactly once.
	Rows []CatastrophicRow
}

// CatastrophicRow is one result of a catastrophic damage table.
type CatastrophicRow struct {
	Min, Max int
	Name     string
	// Radius is how far the result reaches from the war engine's base
	// edge, in cm, as dice text ("D6", "2D6", "3"); empty: nowhere.
	Radius string
	// Hits: each other unit within Radius suffers a hit (a D6 equal to or
	// above its armour destroys it; a war engine loses a shield or a point
	// of damage capacity).
	Hits bool
	// Markers are the blast markers placed on each detachment with a unit
	// within Radius.
	Markers int
	// Text is the result as shown to the players.
	Text string
}

// ProfileSystem implements catalog.Profile.
func (*Datasheet) ProfileSystem() catalog.System { return catalog.E40K }

// HQ reports whether the unit may command a detachment (catalog.Unit.HQ).
func (d *Datasheet) HQ() bool { return d.IsHQ }

// DatasheetOf returns u's E40K datasheet, an empty one when u has none
// (a unit of another system).
func DatasheetOf(u *catalog.Unit) *Datasheet {
	if u != nil {
		if d, ok := u.Profile.(*Datasheet); ok && d != nil {
			return d
		}
	}
	return &Datasheet{}
}

// DatasheetReader reads the datasheets of an E40K catalogue file.
type DatasheetReader struct{}

// System implements catalog.ProfileReader.
func (DatasheetReader) System() catalog.System { return catalog.E40K }

// ReadUnit implements catalog.ProfileReader: armour, assault, firepower,
// damage_cap, void_shields, default_arms, hq, transport, dogfight,
// catastrophic and critical (war engines only). The check wants each default arm to be
// an E40K weapon.
func (DatasheetReader) ReadUnit(u *catalog.Unit, m catalog.Map) func(cat *catalog.Catalogue) {
	what := m.What()
	d := &Datasheet{}
	u.Profile = d
	if n := m.Get("armour"); n != nil {
		d.Armour, _ = n.Target(what + " armour")
	}
	d.Assault = catalog.OptInt(m, "assault")
	d.Firepower = catalog.OptInt(m, "firepower")
	d.DamageCap = catalog.OptInt(m, "damage_cap")
	d.VoidShields = catalog.OptInt(m, "void_shields")
	if n := m.Get("hq"); n != nil {
		d.IsHQ, _ = n.Bool(what + " hq")
	}
	if n := m.Get("transport"); n != nil {
		if v, ok := n.Int(what + " transport"); ok {
			if v < 0 || v > 100 {
				n.Errorf("%s transport: expected 0 to 100 stands carried, got %d", what, v)
			}
			d.Transport = v
		}
	}
	if n := m.Get("dogfight"); n != nil {
		readDogfight(n, d, what)
	}
	if n := m.Get("catastrophic"); n != nil {
		d.Catastrophic = readCatastrophic(n, what)
		if u.Class != world.WarEngine {
			m.Errorf("%s: a catastrophic damage table is for E40K war engines only", what)
		}
	}
	var check func(*catalog.Catalogue)
	d.DefaultArms, check = catalog.ReadArms(u, m, "default_arms")
	if n := m.Get("critical"); n != nil {
		d.Critical = readCritical(n, what, d.DefaultArms)
		if u.Class != world.WarEngine {
			m.Errorf("%s: a critical damage table is for E40K war engines only", what)
		}
	}
	return check
}

// readDogfight reads a flyer's Dogfight value "X/Y" (Intercept / Gunnery
// dice, digest 8.6) and marks the unit a flyer.
func readDogfight(n catalog.Node, d *Datasheet, what string) {
	s, ok := n.Str(what + " dogfight")
	if !ok {
		return
	}
	x, y, found := strings.Cut(strings.TrimSpace(s), "/")
	xi, err1 := strconv.Atoi(strings.TrimSpace(x))
	yi, err2 := strconv.Atoi(strings.TrimSpace(y))
	if !found || err1 != nil || err2 != nil || xi < 0 || yi < 0 || xi > 20 || yi > 20 {
		n.Errorf("%s dogfight: expected \"intercept/gunnery\" such as \"3/2\" (0 to 20 each), got %q", what, s)
		return
	}
	d.Flyer, d.Intercept, d.DogfightGunnery = true, xi, yi
}

// diceTextOK reports whether s is a dice formula as the rules print it:
// "3", "D6", "2D6", "D3+2".
func diceTextOK(s string) bool {
	return regexp.MustCompile(`^([0-9]+|[0-9]*D[0-9]+(\+[0-9]+)?)$`).MatchString(strings.ToUpper(strings.TrimSpace(s)))
}

// readCatastrophic reads a war engine's catastrophic damage table
// (digest 8.5):
//
//	catastrophic:
//	  placeholder: true
//	  rows:
//	    - {min: 1, max: 3, name: Wrecked, text: ...}
//	    - {min: 4, max: 6, name: Explodes, radius: D6, hits: true, markers: 1, text: ...}
//
// The rows must cover the D6 rolls 1..6 exactly once; radius is dice text.
func readCatastrophic(n catalog.Node, what string) *CatastrophicTable {
	w := what + " catastrophic"
	m := n.Map(w)
	if m == nil {
		return nil
	}
	defer m.Close()
	t := &CatastrophicTable{}
	if v := m.Get("placeholder"); v != nil {
		t.Placeholder, _ = v.Bool(w + " placeholder")
	}
	cover := newRollCover(1, 6)
	var rows []catalog.Node
	if v := m.Need("rows"); v != nil {
		rows = v.Seq(w + " rows")
	}
	for i, rn := range rows {
		rw := fmt.Sprintf("%s row %d", w, i+1)
		rm := rn.Map(rw)
		if rm == nil {
			continue
		}
		text := func(key string) string {
			if v := rm.Get(key); v != nil {
				s, _ := v.Text(rw + " " + key)
				return s
			}
			return ""
		}
		var row CatastrophicRow
		row.Min = catalog.OptInt(rm, "min")
		row.Max = catalog.OptInt(rm, "max")
		if rm.Get("max") == nil {
			row.Max = row.Min
		}
		row.Name = text("name")
		row.Radius = text("radius")
		if v := rm.Get("hits"); v != nil {
			row.Hits, _ = v.Bool(rw + " hits")
		}
		row.Markers = catalog.OptInt(rm, "markers")
		row.Text = text("text")
		switch {
		case !cover.within(row.Min, row.Max):
			rn.Errorf("%s: rolls %d..%d are not within 1..6", rw, row.Min, row.Max)
		case row.Markers < 0:
			rn.Errorf("%s: markers must not be negative, got %d", rw, row.Markers)
		default:
			cover.claim(rn, rw, i, row.Min, row.Max)
		}
		if row.Radius != "" && !diceTextOK(row.Radius) {
			rm.Get("radius").Errorf("%s radius: dice formula %q: not a number or NdS+K (\"D6\", \"2D6\", \"3\")", rw, row.Radius)
		}
		if (row.Hits || row.Markers > 0) && row.Radius == "" {
			rn.Errorf("%s: hits or markers need a radius", rw)
		}
		rm.Close()
		t.Rows = append(t.Rows, row)
	}
	cover.complete(n, w, "rows must cover 1..6")
	return t
}

// rollCover checks that a dice table's rows share out the totals lo..hi:
// each row's range within them, no total in two rows, none left out.
type rollCover struct {
	lo, hi int
	owner  map[int]int // total -> the row (0-based) that has it
}

func newRollCover(lo, hi int) *rollCover {
	return &rollCover{lo: lo, hi: hi, owner: map[int]int{}}
}

// within reports whether min..max is a range of totals of the table.
func (c *rollCover) within(min, max int) bool {
	return min >= c.lo && max <= c.hi && min <= max
}

// claim gives totals min..max to row i, reporting at rn (named rw) each
// total an earlier row already has.
func (c *rollCover) claim(rn catalog.Node, rw string, i, min, max int) {
	for v := min; v <= max; v++ {
		if j, taken := c.owner[v]; taken {
			rn.Errorf("%s: roll %d is already covered by row %d", rw, v, j+1)
		}
		c.owner[v] = i
	}
}

// complete reports at n (the table w) the totals no row has, with a
// note on what the rows must cover.
func (c *rollCover) complete(n catalog.Node, w, note string) {
	var missing []string
	for v := c.lo; v <= c.hi; v++ {
		if _, ok := c.owner[v]; !ok {
			missing = append(missing, fmt.Sprint(v))
		}
	}
	if len(missing) > 0 {
		n.Errorf("%s: rolls %s are not covered (%s)", w, strings.Join(missing, ", "), note)
	}
}

// Arms implements catalog.Armed.
func (d *Datasheet) Arms() []string { return d.DefaultArms }

// Stats implements catalog.Stated: shields, armour, assault, firepower,
// damage capacity.
func (d *Datasheet) Stats() []catalog.Stat {
	return []catalog.Stat{{Name: "Void shields", Value: d.VoidShields}, {Name: "Armour", Value: d.Armour, Suffix: "+"},
		{Name: "Assault", Value: d.Assault}, {Name: "Firepower", Value: d.Firepower}, {Name: "DC", Value: d.DamageCap}}
}
