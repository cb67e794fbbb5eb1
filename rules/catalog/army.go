package catalog

import "sort"

// Army is one army list: its strategy rating and the detachments it may
// field. E40K uses the rating for the initiative cup (E40K-INI-1: the
// higher rating puts three counters in the cup, the lower two, equal
// ratings roll off).
type Army struct {
	ID     string
	Name   string
	System System
	// StrategyRating is the army's strategy rating (higher is better).
	StrategyRating int
	// MixedRating is the rating of a force that also fields units of
	// another army list or titans (0: the same as StrategyRating). A Space
	// Marine force drops from 5 to 4 that way.
	MixedRating int
	// Detachments are the detachment templates, in file order.
	Detachments []Detachment
	// Source names where the values come from (a citation for people).
	Source string
	// Placeholder marks an army whose rating is a stand-in.
	Placeholder bool
}

// Rating returns the army's strategy rating: MixedRating when the force
// is mixed (also fields units of another army list or titans) and the
// army gives one, StrategyRating otherwise.
func (a *Army) Rating(mixed bool) int {
	if mixed && a.MixedRating > 0 {
		return a.MixedRating
	}
	return a.StrategyRating
}

// Detachment is a detachment template of an army list: the command (at
// least one HQ unit), the main force and the support units, each a list of
// slots.
type Detachment struct {
	ID, Name string
	Command  []Slot
	Main     []Slot
	Support  []Slot
	// Placeholder marks a template whose composition is a stand-in.
	Placeholder bool
}

// Slot is one line of a detachment template: Min to Max units of type
// Unit (a unit id).
type Slot struct {
	Unit     string
	Min, Max int
}

// Slots returns every slot of the template: command, main force, support.
func (d *Detachment) Slots() []Slot {
	out := make([]Slot, 0, len(d.Command)+len(d.Main)+len(d.Support))
	out = append(out, d.Command...)
	out = append(out, d.Main...)
	return append(out, d.Support...)
}

// ArmyIDs returns the army ids in sorted order.
func (c *Catalogue) ArmyIDs() []string { return sortedKeys(c.Armies) }

// sortedKeys returns the keys of m in sorted order.
func sortedKeys[V any](m map[string]V) []string {
	ids := make([]string, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// ArmiesWithUnit returns the ids of the armies whose detachment templates
// name unit id, sorted: the strategy rating of a force can be looked up
// from the units it fields.
func (c *Catalogue) ArmiesWithUnit(id string) []string {
	var out []string
	for _, aid := range c.ArmyIDs() {
		a := c.Armies[aid]
	found:
		for i := range a.Detachments {
			for _, s := range a.Detachments[i].Slots() {
				if s.Unit == id {
					out = append(out, aid)
					break found
				}
			}
		}
	}
	return out
}

// Placeholders lists the profiles marked as placeholders, as "unit ID",
// "weapon ID", "army ID" and "detachment ARMY/ID", sorted: what still
// needs values from a published source.
func (c *Catalogue) Placeholders() []string {
	var out []string
	for id, u := range c.Units {
		if u.Placeholder {
			out = append(out, "unit "+id)
		}
	}
	for id, w := range c.Weapons {
		if w.Placeholder {
			out = append(out, "weapon "+id)
		}
	}
	for id, a := range c.Armies {
		if a.Placeholder {
			out = append(out, "army "+id)
		}
		for _, d := range a.Detachments {
			if d.Placeholder {
				out = append(out, "detachment "+id+"/"+d.ID)
			}
		}
	}
	sort.Strings(out)
	return out
}

// Clone returns a catalogue with its own maps holding the same profiles
// (profiles are never modified once loaded, so they are shared): adding or
// replacing entries in the clone leaves c as it was.
func (c *Catalogue) Clone() *Catalogue {
	n := &Catalogue{Units: make(map[string]*Unit, len(c.Units)), Weapons: make(map[string]*Weapon, len(c.Weapons)),
		Armies: make(map[string]*Army, len(c.Armies)), Extra: append([]Source(nil), c.Extra...), Readers: c.Readers}
	for k, v := range c.Units {
		n.Units[k] = v
	}
	for k, v := range c.Weapons {
		n.Weapons[k] = v
	}
	for k, v := range c.Armies {
		n.Armies[k] = v
	}
	return n
}
