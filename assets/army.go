package assets

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/auspex/auspex/assets/yamlx"
	"github.com/auspex/auspex/rules/catalog"
)

// MaxStrategyRating is the highest strategy rating a catalogue may give an
// army (E40K ratings are small whole numbers; the cap only catches typos).
const MaxStrategyRating = 10

// armyDecode is a decoded army with the nodes its cross references are
// reported at.
type armyDecode struct {
	a      *catalog.Army
	idNode *yaml.Node
	// slotNodes[i][j] is the node of slot j (command, then main force,
	// then support) of detachment i; cmdNodes[i] its command key.
	slotNodes [][]*yaml.Node
	cmdNodes  []*yaml.Node
}

// decodeArmy reads one entry of a catalogue's armies list:
//
//	{id, name, strategy_rating, mixed_rating?, source?, placeholder?, detachments: [...]}
//
// with each detachment {id, name, placeholder?, command: [slot...],
// main?: [slot...], support?: [slot...]} and each slot {unit, min?, max}.
// Problems are reported on d; nil when the army has no usable id.
func decodeArmy(d *yamlx.Decoder, n *yaml.Node, idx int, sys catalog.System) *armyDecode {
	what := fmt.Sprintf("army %d", idx+1)
	m := d.Map(n, what)
	if m == nil {
		return nil
	}
	defer m.Close()
	id, idNode := decodeID(d, m, "army")
	if id != "" {
		what = fmt.Sprintf("army %q", id)
		m.SetWhat(what)
	}
	a := &catalog.Army{ID: id, System: sys}
	ad := &armyDecode{a: a, idNode: idNode}
	if nn := m.Need("name"); nn != nil {
		a.Name, _ = d.Text(nn, what+" name")
	}
	if rn := m.Need("strategy_rating"); rn != nil {
		if v, ok := d.Int(rn, what+" strategy_rating"); ok {
			if v < 1 || v > MaxStrategyRating {
				d.Errorf(rn, "%s strategy_rating: expected 1 to %d, got %d", what, MaxStrategyRating, v)
			}
			a.StrategyRating = v
		}
	}
	if rn := m.Get("mixed_rating"); rn != nil {
		if v, ok := d.Int(rn, what+" mixed_rating"); ok {
			if v < 1 || v > MaxStrategyRating {
				d.Errorf(rn, "%s mixed_rating: expected 1 to %d, got %d", what, MaxStrategyRating, v)
			}
			a.MixedRating = v
		}
	}
	a.Source = optStr(d, m, "source", what)
	a.Placeholder = optBool(d, m, "placeholder", what)
	detIDs := map[string]bool{}
	dn := m.Need("detachments")
	for i, tn := range d.Seq(dn, what+" detachments") {
		det, nodes, cmd := decodeDetachment(d, tn, i, what)
		if det == nil {
			continue
		}
		if detIDs[det.ID] {
			d.Errorf(tn, "%s: detachment id %q appears twice", what, det.ID)
			continue
		}
		detIDs[det.ID] = true
		a.Detachments = append(a.Detachments, *det)
		ad.slotNodes = append(ad.slotNodes, nodes)
		ad.cmdNodes = append(ad.cmdNodes, cmd)
	}
	if dn != nil && len(a.Detachments) == 0 && len(d.Errs) == 0 {
		d.Errorf(dn, "%s detachments: an army list needs at least one detachment", what)
	}
	if id == "" {
		return nil
	}
	return ad
}

func decodeDetachment(d *yamlx.Decoder, n *yaml.Node, idx int, army string) (*catalog.Detachment, []*yaml.Node, *yaml.Node) {
	what := fmt.Sprintf("%s detachment %d", army, idx+1)
	m := d.Map(n, what)
	if m == nil {
		return nil, nil, nil
	}
	defer m.Close()
	id, _ := decodeID(d, m, "detachment")
	if id != "" {
		what = fmt.Sprintf("%s detachment %q", army, id)
		m.SetWhat(what)
	}
	det := &catalog.Detachment{ID: id}
	if nn := m.Need("name"); nn != nil {
		det.Name, _ = d.Text(nn, what+" name")
	}
	det.Placeholder = optBool(d, m, "placeholder", what)
	var nodes []*yaml.Node
	section := func(key string, need bool) []catalog.Slot {
		var sn *yaml.Node
		if need {
			sn = m.Need(key)
		} else {
			sn = m.Get(key)
		}
		var out []catalog.Slot
		for j, x := range d.Seq(sn, what+" "+key) {
			if s, ok := decodeSlot(d, x, fmt.Sprintf("%s %s slot %d", what, key, j+1)); ok {
				out = append(out, s)
				nodes = append(nodes, x)
			}
		}
		return out
	}
	det.Command = section("command", true)
	det.Main = section("main", false)
	det.Support = section("support", false)
	if id == "" {
		return nil, nil, nil
	}
	return det, nodes, m.KeyNode("command")
}

func decodeSlot(d *yamlx.Decoder, n *yaml.Node, what string) (catalog.Slot, bool) {
	var s catalog.Slot
	m := d.Map(n, what)
	if m == nil {
		return s, false
	}
	defer m.Close()
	ok := true
	if un := m.Need("unit"); un != nil {
		s.Unit, ok = d.Str(un, what+" unit")
	} else {
		ok = false
	}
	if mn := m.Get("min"); mn != nil {
		v, good := d.Int(mn, what+" min")
		s.Min, ok = v, ok && good
		if good && v < 0 {
			d.Errorf(mn, "%s min: must not be negative, got %d", what, v)
		}
	}
	if xn := m.Need("max"); xn != nil {
		v, good := d.Int(xn, what+" max")
		s.Max, ok = v, ok && good
		switch {
		case good && v < 1:
			d.Errorf(xn, "%s max: expected at least 1, got %d", what, v)
		case good && v < s.Min:
			d.Errorf(xn, "%s: max %d is below min %d", what, v, s.Min)
		}
	} else {
		ok = false
	}
	return s, ok
}

// validateArmy checks an army's slots once every file's ids are known:
// each slot names a known unit of the army's system (an E40K army may
// also field ATII titans, which fight inside E40K battles), and each
// detachment's command holds at least one HQ unit (E40K-CMD-1).
func validateArmy(d *yamlx.Decoder, cat *catalog.Catalogue, ad *armyDecode) {
	a := ad.a
	for i := range a.Detachments {
		det := &a.Detachments[i]
		what := fmt.Sprintf("army %q detachment %q", a.ID, det.ID)
		hasHQ := false
		for j, s := range det.Slots() {
			node := ad.slotNodes[i][j]
			u, ok := cat.Units[s.Unit]
			if !ok {
				msg := fmt.Sprintf("%s: unknown unit %q", what, s.Unit)
				if sug := yamlx.Suggest(s.Unit, cat.UnitIDs()); sug != "" {
					msg += fmt.Sprintf(" (did you mean %q?)", sug)
				}
				d.Errorf(node, "%s", msg)
				continue
			}
			if u.System != a.System && !(a.System == catalog.E40K && u.System == catalog.ATII) {
				d.Errorf(node, "%s: %q is a %s unit, the army is %s", what, s.Unit, u.System, a.System)
			}
			if j < len(det.Command) && u.HQ() {
				hasHQ = true
			}
		}
		if !hasHQ {
			d.Errorf(ad.cmdNodes[i], "%s: the command needs at least one unit marked hq: true", what)
		}
	}
}

// checkKeptCommand reports an override of a base unit that drops its HQ
// flag while a detachment template of a base army (one the sources do not
// replace) relies on it as its only HQ: the template would lose its
// command (E40K-CMD-1) without any file saying so.
func checkKeptCommand(d *yamlx.Decoder, cat, base *catalog.Catalogue, replaced map[string]string, ud *unitDecode) {
	old, ok := base.Units[ud.u.ID]
	if !ok || !old.HQ() || ud.u.HQ() {
		return
	}
	for _, aid := range cat.ArmyIDs() {
		if _, mine := replaced[aid]; mine {
			continue
		}
		for _, det := range cat.Armies[aid].Detachments {
			names, hq := false, false
			for _, s := range det.Command {
				names = names || s.Unit == ud.u.ID
				hq = hq || (cat.Units[s.Unit] != nil && cat.Units[s.Unit].HQ())
			}
			if names && !hq {
				d.Errorf(ud.idNode, "unit %q: army %q detachment %q needs it as its HQ; keep hq: true or replace the army too", ud.u.ID, aid, det.ID)
			}
		}
	}
}
