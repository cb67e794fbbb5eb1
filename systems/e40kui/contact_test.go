package e40kui

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

// scenarioUI starts the test scenario at path with the dice of seed.
func scenarioUI(t testing.TB, path string, seed uint64) *UI {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.Parse(filepath.Base(path), data, cat)
	if err != nil {
		t.Fatal(err)
	}
	g, err := testSystems(t).New(scn, game.Config{Seed: seed})
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
	return Of(s)
}

// lineOrders are the orders of testdata/assault-e40k.yaml's detachments.
var lineOrders = map[string]string{"line": e40k.OrderOverwatch, "battery": e40k.OrderSpecial, "picket": e40k.OrderOverwatch, "boyz": e40k.OrderAssault}

// driveHolding is drive with each detachment's orders given by id, and
// the bombardment and overwatch windows and the shooting held (H).
func driveHolding(t testing.TB, s *UI, orders map[string]string) {
	t.Helper()
	p := s.State().Pending
	switch {
	case p != nil && p.Kind == e40k.KindOrders:
		s.GiveOrders(orders[p.Units[0]])
	case p != nil && (p.Kind == e40k.KindBombard || p.Kind == e40k.KindOverwatch || p.Kind == e40k.KindFire):
		s.Hold()
	default:
		drive(t, s, e40k.OrderAssault)
	}
}

// touchesEnemy reports whether stand id's base at p is in base contact
// with an enemy stand on the table (touching, not overlapping), and
// whether it overlaps one.
func touchesEnemy(s *UI, id string, p world.Vec) (touch, over bool) {
	st := s.State()
	u := st.Unit(id)
	b := s.Base(u)
	b.Pos = p
	for i := range st.Units {
		v := &st.Units[i]
		if v.Side == u.Side || !s.OnTable(v) {
			continue
		}
		e := s.Base(v)
		over = over || world.Overlap(b, e)
		touch = touch || world.InContact(b, e)
	}
	return touch && !over, over
}

// A stand dragged in an assault and let go just short of an enemy base,
// or just over it, is drafted in base contact along its move, and the
// rules accept that assault move (REM-ASM-1 unit-by-unit assault moves,
// E40K-CC-1: only base contact starts a close combat); let go further
// off, it is drafted where it was let go. The move preview names the
// enemy stand it ends in base contact with, and the banner says whether a
// drag moves one stand or the detachment.
func TestAssaultDragSnapsIntoContactREMASM1(t *testing.T) {
	s := scenarioUI(t, "testdata/assault-e40k.yaml", 1)
	// The first assault of the battle where a suggested assault move ends
	// in base contact.
	id, end := "", world.Vec{}
	for i := 0; i < 1500 && id == "" && s.Mode() != play.ModeOver; i++ {
		if s.kind() == e40k.KindAssault && s.mine() {
			for _, m := range s.rs().SuggestMoves(s.State(), s.Detachment(), true) {
				if touch, _ := touchesEnemy(s, m.Unit, m.To); touch {
					id, end = m.Unit, m.To
					break
				}
			}
			if id != "" {
				break
			}
		}
		driveHolding(t, s, lineOrders)
	}
	if id == "" {
		t.Fatalf("no assault move into contact came up (mode %v, turn %d, %s)", s.Mode(), s.State().Turn, s.State().Step)
	}
	if h := hudText(s); !strings.Contains(h, "its detachment moves with it") {
		t.Errorf("assault banner: %s", h)
	}
	s.Key("T")
	if h := hudText(s); !strings.Contains(h, "One stand at a time") {
		t.Errorf("banner with one stand at a time: %s", h)
	}
	from := posOf(t, s, id)
	dir := end.Sub(from).Scale(1 / end.Dist(from))
	drag := func(to world.Vec) world.Vec {
		s.Cancel()
		s.PressTable(from, id)
		s.DragTo(from.Add(to.Sub(from).Scale(0.5)))
		s.DragTo(to)
		s.ReleaseTable(to)
		if len(s.Moves) != 1 {
			t.Fatalf("one stand at a time: the drag drafted %v", s.Moves)
		}
		return s.Moves[id]
	}
	for _, c := range []struct {
		name string
		off  float64
	}{{"short of the enemy", -0.6}, {"over the enemy", 0.6}} {
		raw := end.Add(dir.Scale(c.off))
		if touch, over := touchesEnemy(s, id, raw); touch || over != (c.off > 0) {
			t.Fatalf("%s: the point let go of touches (%v) or overlaps (%v) an enemy", c.name, touch, over)
		}
		got := drag(raw)
		if touch, _ := touchesEnemy(s, id, got); !touch {
			t.Errorf("%s: %s let go at %v is drafted at %v, not in base contact", c.name, id, raw, got)
		}
		mp := s.PreviewMove()
		if mp == nil || mp.Err != nil {
			t.Fatalf("%s: the snapped assault move is refused: %+v", c.name, mp)
		}
		if ln := strings.Join(mp.Lines(s.detOrName), " | "); len(mp.Stands) != 1 || len(mp.Stands[0].Contact) == 0 ||
			!strings.Contains(ln, "in base contact with "+s.detOrName(mp.Stands[0].Contact[0])) {
			t.Errorf("%s: the preview does not say %s ends in base contact: %s", c.name, id, ln)
		}
		// The snap stays on the line of the move.
		if off := got.Sub(from).Cross(dir); off > 1e-6 || off < -1e-6 {
			t.Errorf("%s: the snapped point %v is %.6f cm off the line of the move", c.name, got, off)
		}
	}
	raw := end.Sub(dir.Scale(3))
	if got := drag(raw); got != raw {
		t.Errorf("let go 3 cm short of contact, %s is drafted at %v, not where it was let go (%v)", id, got, raw)
	}
	if mp := s.PreviewMove(); mp == nil || len(mp.Stands) != 1 || len(mp.Stands[0].Contact) > 0 {
		t.Errorf("let go 3 cm short of contact, the preview finds a contact: %+v", mp)
	}
	if s.Mode() != play.ModeTurn {
		t.Fatal("the game moved on")
	}
}

// The fire previews of the reaction windows say what is special about
// them: a preparatory bombardment by artillery on special orders
// (E40K-ART-1) needs no line of sight and does not roll its misses again,
// overwatch fire (E40K-ORD-1) rolls them again once; a battery with no
// blast markers is not said to lose firepower to them (its barrage
// templates' firepower is added, not subtracted).
func TestReactionFirePreviewsE40KART1(t *testing.T) {
	s := scenarioUI(t, "testdata/assault-e40k.yaml", 1)
	orders := lineOrders
	seen := map[string]bool{}
	for i := 0; i < 200 && !(seen[e40k.KindBombard] && seen[e40k.KindOverwatch]) && s.Mode() != play.ModeOver; i++ {
		p := s.State().Pending
		var want, firer string
		switch {
		case p != nil && p.Kind == e40k.KindOrders:
			s.GiveOrders(orders[p.Units[0]])
			continue
		case p != nil && p.Kind == e40k.KindBombard:
			want, firer = "preparatory bombardment (E40K-ART-1): artillery only, no line of sight needed, misses not rolled again", "battery"
		case p != nil && p.Kind == e40k.KindOverwatch:
			want, firer = "overwatch fire: the misses are rolled again once (counted in the odds below)", "line"
		default:
			driveOrders(t, s, map[string]string{"": e40k.OrderAssault})
			continue
		}
		seen[p.Kind] = true
		if h := hudText(s); p.Kind == e40k.KindBombard && !strings.Contains(h, "Bombardment at the start or the end of the movement of Orks (E40K-ART-1)") {
			t.Errorf("the bombardment banner does not say whose movement it is in: %s", h)
		}
		s.selectStand(s.firstStand(firer))
		click(t, s, s.members("boyz")[0].ID)
		fp := s.FirePreview()
		if fp == nil || fp.Err != nil {
			t.Fatalf("%s: no fire preview of %s: %+v", p.Kind, firer, fp)
		}
		lines := strings.Join(fp.Lines(s.detOrName), " | ")
		if !strings.Contains(lines, want) {
			t.Errorf("%s preview lacks %q: %s", p.Kind, want, lines)
		}
		if strings.Contains(lines, "after its blast markers") {
			t.Errorf("%s preview speaks of blast markers %s does not have: %s", p.Kind, firer, lines)
		}
		if p.Kind == e40k.KindBombard && (fp.Barrage <= 0 || !strings.Contains(lines, "+"+strconv.Itoa(fp.Barrage)+" from barrage templates")) {
			t.Errorf("the bombardment preview does not add its barrage firepower: %s", lines)
		}
		n := len(s.G.Engine.History())
		click(t, s, s.members("boyz")[0].ID)
		if h := s.G.Engine.History(); len(h) != n+1 || h[n].Cmd.Name() != e40k.CmdFire {
			t.Fatalf("%s: the second click did not fire: %q", p.Kind, s.Msg)
		}
		s.TrayClose()
	}
	if !seen[e40k.KindBombard] || !seen[e40k.KindOverwatch] {
		t.Fatalf("windows seen: %v", seen)
	}
}

// Snap fire by stands out of command (E40K-CMD-1): in the snap fire
// window a click on a picket stand selects the picket, a click on an
// assaulting Ork aims it; the preview names the two forward stands as
// the ones that fire (their HQ, far behind, does not), and the aim is
// drawn from each of them, not from the HQ.
func TestSnapFireAimFromTheShootersE40KCMD1(t *testing.T) {
	s := scenarioUI(t, "testdata/assault-e40k.yaml", 1)
	for i := 0; i < 200 && s.kind() != e40k.KindSnapFire && s.Mode() != play.ModeOver; i++ {
		driveHolding(t, s, lineOrders)
	}
	if s.kind() != e40k.KindSnapFire {
		t.Fatal("no snap fire window came up")
	}
	click(t, s, "picket-1")
	if s.Detachment() != "picket" {
		t.Fatalf("a click on picket-1 selects %q", s.Detachment())
	}
	boy := s.State().Unit(s.targets()[0])
	ms := s.members(s.targets()[0])
	if boy == nil && len(ms) > 0 {
		boy = ms[0]
	}
	click(t, s, boy.ID)
	fp := s.FirePreview()
	if fp == nil || fp.Err != nil || strings.Join(fp.From, ",") != "picket-1,picket-2" {
		t.Fatalf("snap fire preview: %+v", fp)
	}
	lines := s.aimLines(posOf(t, s, "picket-hq"), ms)
	if len(lines) != 2 {
		t.Fatalf("aim lines: %v", lines)
	}
	for i, ln := range lines {
		if want := posOf(t, s, fp.From[i]); ln[0] != want {
			t.Errorf("aim line %d starts at %v, not at %s (%v)", i, ln[0], fp.From[i], want)
		}
	}
}

// BenchmarkContactSnap300E40K is the window's work to put a dragged
// assaulting stand in base contact (contactSnap, run on every frame of
// an assault drag let go by an enemy) among the 300 stands of
// testdata/crowd300.yaml: a marine stand dragged straight at the nearest
// Ork stand and held 0.5 cm short of its base.
func BenchmarkContactSnap300E40K(b *testing.B) {
	s := crowdUI(b)
	st := s.State()
	var me, foe string
	best := -1.0
	for i := range st.Units {
		u := &st.Units[i]
		if u.Side != "marines" {
			continue
		}
		for j := range st.Units {
			v := &st.Units[j]
			if v.Side == u.Side {
				continue
			}
			if d := world.Distance(s.Base(u), s.Base(v)); best < 0 || d < best {
				me, foe, best = u.ID, v.ID, d
			}
		}
	}
	from, at := posOf(b, s, me), posOf(b, s, foe)
	dir := at.Sub(from).Scale(1 / at.Dist(from))
	// The centre-line point where the bases touch, then 0.5 cm short.
	lo, hi := 0.0, at.Dist(from)
	for k := 0; k < 60; k++ {
		m := (lo + hi) / 2
		b1 := s.Base(st.Unit(me))
		b1.Pos = from.Add(dir.Scale(m))
		if world.Distance(b1, s.Base(st.Unit(foe))) > 0 {
			lo = m
		} else {
			hi = m
		}
	}
	to := from.Add(dir.Scale(lo - 0.5))
	if got := s.contactSnap(me, to); got == to {
		b.Fatalf("%s held 0.5 cm short of %s is not put in contact", me, foe)
	}
	b.ReportAllocs()
	for b.Loop() {
		s.contactSnap(me, to)
	}
}
