package e40kui

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
)

// Barrages in the window (digest section 2, Q&A 8.3): the fire preview
// names the template and the firepower it adds, and the dice tray shows
// the template with the attack dice it fed.
func TestBarragePreviewAndTrayE40K(t *testing.T) {
	s := newUI(t, 1)
	det, target := "", ""
	for i := 0; i < 400 && det == "" && s.Mode() != play.ModeOver; i++ {
		if p := s.State().Pending; p != nil && p.Kind == e40k.KindFire && s.mine() {
			for _, id := range p.Units {
				s.selectStand(s.firstStand(id))
				for _, tg := range s.targets() {
					if plan, err := s.rs().Plan(s.State(), id, tg); err == nil && len(plan.Templates) > 0 && plan.BarrageFirepower(len(plan.Weapons)) > 0 {
						det, target = id, tg
					}
				}
				if det != "" {
					break
				}
			}
		}
		if det == "" {
			drive(t, s, e40k.OrderAssault)
		}
	}
	if det == "" {
		t.Fatal("no barrage could fire")
	}
	stand := s.members(target)[0].ID
	click(t, s, stand)
	fp := s.FirePreview()
	if fp == nil || fp.Err != nil || fp.Barrage <= 0 {
		t.Fatalf("fire preview: %+v", fp)
	}
	if h := hudText(s); !strings.Contains(h, "barrage template over") || !strings.Contains(h, "from barrage templates") {
		t.Errorf("HUD lacks the barrage: %s", h)
	}
	click(t, s, stand)
	tr := s.Tray()
	if tr == nil || len(tr.Steps) == 0 {
		t.Fatal("no dice tray after the barrage")
	}
	if st := tr.Steps[0]; st.Roll == nil || !strings.Contains(strings.Join(st.Lines, " "), "barrage template over") {
		t.Errorf("first tray step lacks the template: %+v", st)
	}
}

// Snap fire, catastrophic and critical damage (digest 8.5) are explained
// in the tray and the banner.
func TestSnapFireAndCatastropheTextsE40K(t *testing.T) {
	s := newUI(t, 1)
	for _, p := range []string{"pulsar: number of shots (x)", "disrupt: x", "mega-cannon: a", "catastrophic damage: g", "catastrophic damage radius (2D6 cm): g", "catastrophic damage hit: a", "critical damage (2D6): g", "fires breaking out (D6): g", "repairs of critical damage: g"} {
		if note, _ := s.RollNote(&rules.Roll{Purpose: p}); note == "" {
			t.Errorf("no tray note for %q", p)
		}
	}
	for i := 0; i < 600 && s.Mode() != play.ModeOver; i++ {
		if p := s.State().Pending; p != nil && p.Kind == e40k.KindSnapFire {
			if h := hudText(s); !strings.Contains(h, "Snap fire: click your detachment, then a stand") {
				t.Errorf("snap fire banner: %s", h)
			}
			s.selectStand(s.firstStand(p.Units[0]))
			ts := s.targets()
			if len(ts) == 0 {
				t.Fatalf("no snap fire target for %s", p.Units[0])
			}
			click(t, s, s.members(ts[0])[0].ID)
			fp := s.FirePreview()
			if fp == nil || fp.Err != nil || !strings.Contains(strings.Join(fp.Lines(s.detOrName), " "), "snap fire: the unfired stands' firepower only") {
				t.Errorf("snap fire preview: %+v", fp)
			}
			return
		}
		drive(t, s, e40k.OrderAssault)
	}
	t.Error("no snap fire decision came up")
}
