package play_test

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/render/textfont"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/atiisys"
	"github.com/auspex/auspex/systems/atiiui"
)

// hotseatDuelAtFirstMove is the Titan Duel (seed 1) with both sides
// human, its first player gone first: the first titan's move.
func hotseatDuelAtFirstMove(t *testing.T) *play.Session {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	duel, err := scenarios.LoadBundled("titan-duel", cat)
	if err != nil {
		t.Fatal(err)
	}
	sys, err := game.NewSystems(atiisys.New())
	if err != nil {
		t.Fatal(err)
	}
	g, err := sys.New(duel, game.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	uis, err := play.NewAdapters(atiiui.New())
	if err != nil {
		t.Fatal(err)
	}
	s, err := uis.New(g, map[string]string{"red": play.Human, "blue": play.Human})
	if err != nil {
		t.Fatal(err)
	}
	atiiui.Of(s).ChooseOrder(true)
	return s
}

// In a 1024 x 700 window the banner's lines wrap and whose decision it
// is joins them below the title (the buttons leave no room beside it).
// Every word of the banner must still be drawn: the banner grows instead
// of cutting its last lines (the movement phase's key hints, "Enter
// moves; H holds", fell off).
func TestBannerKeepsEveryLineInANarrowWindow(t *testing.T) {
	s := hotseatDuelAtFirstMove(t)
	fonts, err := textfont.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range [][2]float64{{1024, 700}, {1400, 900}} {
		l := play.Layout{W: size[0], H: size[1], DSF: 1, Top: 38, Bottom: 24, Measure: fonts.Measure}
		prims, _ := s.HUD(l)
		b := s.Banner()
		if len(b.Lines) == 0 || !strings.Contains(strings.Join(b.Lines, " "), "Enter moves") {
			t.Fatalf("want the movement banner, got %+v", b)
		}
		var drawn []string
		for _, p := range prims {
			if p.Kind == scene.Text && p.C.X < l.W-l.PanelW() && p.C.Y < l.Top+l.BannerH()+60 {
				drawn = append(drawn, p.Text)
			}
		}
		all := " " + strings.Join(drawn, " ") + " "
		for _, ln := range append([]string{b.Who}, b.Lines...) {
			if !strings.Contains(all, " "+ln+" ") && !strings.Contains(strings.Join(strings.Fields(all), " "), strings.Join(strings.Fields(ln), " ")) {
				t.Errorf("%vx%v: the banner line %q is not drawn whole; drawn: %q", size[0], size[1], ln, drawn)
			}
		}
		if bb := s.BannerBottom(); bb < l.Top+l.BannerH() || bb > l.Top+l.BannerH()+60 {
			t.Errorf("%vx%v: banner bottom %.1f, want between %.1f and %.1f", size[0], size[1], bb, l.Top+l.BannerH(), l.Top+l.BannerH()+60)
		}
	}
}

// TableTop, where the window fits the table's area, lies below the banner
// as it lays out and below a refusal two rows long under it, in a narrow
// window (where both wrap) and a wide one: the table's top edge scale is
// never covered by the message line (play-through at 1024x700).
func TestTableTopBelowBannerAndMessage(t *testing.T) {
	s := hotseatDuelAtFirstMove(t)
	fonts, err := textfont.Load()
	if err != nil {
		t.Fatal(err)
	}
	s.Msg, s.MsgErr = "cannot deploy red-reaver there: red-reaver must be set up wholly inside Red battlegroup's deployment zone (map A's north edge)", true
	for _, size := range [][2]float64{{1024, 700}, {1400, 900}} {
		l := play.Layout{W: size[0], H: size[1], DSF: 1, Top: 38, Bottom: 24, Measure: fonts.Measure}
		prims, _ := s.HUD(l)
		top := s.TableTop(l)
		if bb := s.BannerBottom(); top <= bb {
			t.Errorf("%vx%v: table top %.1f not below the banner's bottom %.1f", size[0], size[1], top, bb)
		}
		low := 0.0
		for _, p := range prims {
			if p.Kind == scene.Text && p.C.X < l.W-l.PanelW() && p.Style.Fill == play.ColBad {
				low = max(low, p.C.Y+p.Size*0.6)
			}
		}
		if low == 0 {
			t.Fatalf("%vx%v: the refusal is not drawn", size[0], size[1])
		}
		if low > top {
			t.Errorf("%vx%v: the refusal reaches y %.1f, below the table's top %.1f", size[0], size[1], low, top)
		}
	}
}
