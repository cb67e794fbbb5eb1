package e40kui

import (
	"os"
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

// crowdUI is a hotseat E40K game of testdata/crowd300.yaml: 300 stands
// on a 180 x 120 cm table, 15 Space Marine tactical detachments in the
// north and 15 Ork mobs in the south, each two ranks of five stands led
// by its HQ.
func crowdUI(t testing.TB) *UI {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("testdata/crowd300.yaml")
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.Parse("crowd300.yaml", data, cat)
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
	if n := len(u.State().Units); n != 300 {
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
