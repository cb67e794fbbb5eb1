package e40kui

import (
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/adapt"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

// BenchmarkHUDShootingE40K is one frame's HUD (the window builds it every
// frame) in the shooting phase with a target aimed: the choices, the fire
// preview with its exact odds, the detachment panel.
func BenchmarkHUDShootingE40K(b *testing.B) {
	s := newUI(b, 3)
	toStep(b, s, e40k.StepShooting, e40k.OrderAssault)
	for i := 0; i < 20 && len(s.targets()) == 0; i++ {
		for _, id := range s.State().Pending.Units {
			if s.selectStand(s.firstStand(id)); len(s.targets()) > 0 {
				break
			}
		}
		if len(s.targets()) == 0 {
			drive(b, s, e40k.OrderAssault)
		}
	}
	ts := s.targets()
	if len(ts) == 0 {
		b.Fatal("no target")
	}
	click(b, s, s.members(ts[0])[0].ID)
	l := play.Layout{W: 1400, H: 900, DSF: 1, Top: 38, Bottom: 24}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.HUD(l)
	}
}

// The cached choices follow the game: after an order, and after its
// undo, they are the new decision's.
func TestCachedChoicesFollowTheGame(t *testing.T) {
	s := newUI(t, 3)
	before := len(s.Choices())
	s.Key("M")
	after := s.Choices()
	if len(after) == 0 || after[0].Cmd.(*e40k.OrdersCmd).Detachment == "tactical-detachment" {
		t.Errorf("choices after ordering the tactical detachment (%d before): %v", before, after)
	}
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if got := s.legal(); len(got) == 0 || got[0].Cmd.(*e40k.OrdersCmd).Detachment != "tactical-detachment" {
		t.Errorf("choices after undo: %v", got)
	}
}

// BenchmarkHUDMovingE40K is one frame's HUD while a detachment of ten
// stands is dragged: the rules check the whole drafted move.
func BenchmarkHUDMovingE40K(b *testing.B) {
	s := newUI(b, 3)
	toStep(b, s, e40k.StepMovement, e40k.OrderMarch)
	for s.Decider() != "marines" {
		drive(b, s, e40k.OrderMarch)
	}
	click(b, s, "tactical-3")
	from := posOf(b, s, "tactical-3")
	s.PressTable(from, "tactical-3")
	s.DragTo(from.Add(world.Vec{Y: 15}))
	l := play.Layout{W: 1400, H: 900, DSF: 1, Top: 38, Bottom: 24}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.HUD(l)
	}
}

// crowdDetachments is the number of detachments a side fields in
// crowdUI, of crowdStands stands each (an HQ and infantry).
const (
	crowdDetachments = 15
	crowdStands      = 10
)

// crowdUI is a hotseat E40K game of 2 x crowdDetachments x crowdStands
// stands (300) on the combined-arms table: Space Marine tactical
// detachments in the north, Ork mobs in the south, each detachment two
// ranks of five stands led by its HQ.
func crowdUI(t testing.TB) *UI {
	t.Helper()
	cat, err := assets.LoadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("format: 1\nname: E40K crowd\nsystem: e40k\ntable: {width: 180, height: 120}\nturn_limit: 5\n")
	b.WriteString("terrain:\n  - {id: ruins, kind: ruins, rect: {x: 80, y: 50, w: 20, h: 18}}\n  - {id: wood, kind: woods, polygon: [[130, 48], [150, 45], [158, 60], [140, 70], [128, 62]]}\n")
	b.WriteString("sides:\n")
	for s, side := range []struct{ id, colour, hq, stand string }{
		{"marines", "#1f5fbf", "e40k-marine-commander", "e40k-tactical-marines"},
		{"orks", "#3f7f2a", "e40k-ork-warboss", "e40k-ork-boyz"},
	} {
		fmt.Fprintf(&b, "  - id: %s\n    name: %s\n    colour: \"%s\"\n    controller: {type: human}\n    army:\n", side.id, side.id, side.colour)
		for d := 0; d < crowdDetachments; d++ {
			fmt.Fprintf(&b, "      - id: %s-det-%d\n        units:\n", side.id, d)
			for k := 0; k < crowdStands; k++ {
				typ := side.stand
				if k == 0 {
					typ = side.hq
				}
				col, row := (d%6)*5+k%5, (d/6)*2+k/5
				x, y := 3+6*float64(col), 4+5*float64(row)
				facing := 180
				if s == 1 {
					y, facing = 120-y, 0
				}
				fmt.Fprintf(&b, "          - {id: %s-%d-%d, type: %s, position: {x: %g, y: %g}, facing: %d}\n", side.id, d, k, typ, x, y, facing)
			}
		}
	}
	b.WriteString("victory:\n  - {result: Draw, at_end: true, when: turn-limit}\n")
	scn, err := scenarios.Parse("crowd.yaml", []byte(b.String()), cat)
	if err != nil {
		t.Fatal(err)
	}
	g, err := testSystems(t).New(scn, game.Config{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	uis, err := play.NewAdapters(New())
	if err != nil {
		t.Fatal(err)
	}
	s, err := uis.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	u := Of(s)
	if u == nil {
		t.Fatal("no E40K UI")
	}
	if n := len(u.State().Units); n != 2*crowdDetachments*crowdStands {
		t.Fatalf("%d stands", n)
	}
	return u
}

// BenchmarkPlayFrame300E40K is the CPU side of one play frame of the
// window with 300 stands on the table while a ten-stand detachment is
// dragged (the mouse moves every frame, so the rules check the drafted
// move anew): the table's scene built at 10 px/cm (about a 1920x1080
// window) and decorated with the move preview, and the HUD. Drawing the
// primitives is not included (render/app's Frame500 measures that part
// for 500 bases). cpu-ms/frame is the process's CPU time per frame.
func BenchmarkPlayFrame300E40K(b *testing.B) {
	s := crowdUI(b)
	toStep(b, s, e40k.StepMovement, e40k.OrderMarch)
	for s.Decider() != "marines" {
		drive(b, s, e40k.OrderMarch)
	}
	id := s.State().Pending.Units[0]
	stand := s.members(id)[1].ID
	click(b, s, stand)
	from := posOf(b, s, stand)
	s.PressTable(from, stand)
	scn := s.G.Scenario
	l := play.Layout{W: 1920, H: 1080, DSF: 1, Top: 38, Bottom: 24}
	b.ReportAllocs()
	cpu0 := cpuTime(b)
	i := 0
	for b.Loop() {
		i++
		s.DragTo(from.Add(world.Vec{X: float64(i % 7), Y: 10 + float64(i%5)}))
		in := adapt.Input(scn)
		in.Bases = s.Bases(in.Bases)
		sc := scene.Build(in, scene.View{Scale: 10})
		s.Decorate(sc)
		s.HUD(l)
	}
	b.ReportMetric(float64((cpuTime(b)-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/frame")
	if len(s.Moves) == 0 {
		b.Fatal("the drag drafted no move")
	}
}

// cpuTime is the CPU time (user and system) the process has used: on the
// shared build machine it is not inflated by other jobs as wall time is.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
