package scenarios

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/auspex/auspex/rules/catalog"
)

// Decoding of the victory conditions and the ATII mission set-up.

func (p *parser) decodeVictory(n *yaml.Node, idx int) *VictoryCondition {
	d := p.d
	what := fmt.Sprintf("victory %d", idx+1)
	m := d.Map(n, what)
	if m == nil {
		return nil
	}
	defer m.Close()
	v := &VictoryCondition{Line: n.Line, Col: n.Column}
	if sn := m.Get("side"); sn != nil {
		if s, ok := d.Str(sn, what+" side"); ok {
			v.Side = s
			p.refs = append(p.refs, refCheck{sn, s, []string{"side"}, what + " side"})
		}
	}
	if rn := m.Get("result"); rn != nil {
		v.Result, _ = d.Str(rn, what+" result")
	}
	if v.Result == "" {
		v.Result = "victory"
		if v.Side == "" {
			v.Result = "draw"
		}
	}
	if an := m.Get("at_end"); an != nil {
		v.AtEnd, _ = d.Bool(an, what+" at_end")
	}
	if wn := m.Need("when"); wn != nil {
		v.When = p.decodeTrigger(wn, what+" when", 0)
	}
	return v
}

func (p *parser) decodeMission(n *yaml.Node) *Mission {
	d := p.d
	m := d.Map(n, "mission")
	if m == nil {
		return nil
	}
	defer m.Close()
	mi := &Mission{Objectives: map[string]string{}, Line: n.Line, Col: n.Column}
	if p.s.System != "" && p.s.System != catalog.ATII {
		d.Errorf(n, "mission: the secret objective mission set-up is an ATII rule; this scenario's system is %s", p.s.System)
	}
	if v := m.Get("secret"); v != nil {
		mi.Secret, _ = d.Bool(v, "mission secret")
	}
	if v := m.Get("force_level"); v != nil {
		fl, ok := d.Int(v, "mission force_level")
		if ok && (fl <= 0 || fl > 100000) {
			d.Errorf(v, "mission force_level: expected points per side, got %d", fl)
		}
		mi.ForceLevel = fl
	}
	if v := m.Get("objectives"); v != nil {
		om := d.Map(v, "mission objectives")
		for _, sid := range om.Keys() {
			om.Allow(sid)
			on := om.Get(sid)
			p.refs = append(p.refs, refCheck{om.KeyNode(sid), sid, []string{"side"}, "mission objectives"})
			if t, ok := d.Str(on, "mission objectives "+sid); ok && d.OneOf(on, "mission objectives "+sid, t, []string{"mobile", "static", "divided"}) {
				mi.Objectives[sid] = t
			}
		}
		om.Close()
		if mi.Secret && len(mi.Objectives) > 0 {
			d.Errorf(v, "mission: give either secret: true (drawn at the start) or objectives per side, not both")
		}
	}
	if !mi.Secret && len(mi.Objectives) == 0 && m.Get("objectives") == nil {
		d.Errorf(n, "mission: expected secret: true or objectives: {SIDE: mobile|static|divided, ...}")
	}
	return mi
}
