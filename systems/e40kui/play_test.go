package e40kui

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/atiisys"
	"github.com/auspex/auspex/systems/atiiui"
	"github.com/auspex/auspex/world"
)

// lastCmd is the name of the last command played and its JSON-ish text.
func lastCmd(s *UI) string {
	st := s.State()
	for i := len(st.Log) - 1; i >= 0; i-- {
		if e := st.Log[i]; e.Kind != rules.EvDecision && e.Kind != rules.EvPhase {
			return e.Text
		}
	}
	return ""
}

// click clicks stand id where it stands.
func click(t testing.TB, s *UI, id string) {
	t.Helper()
	s.PressTable(posOf(t, s, id), id)
	s.ReleaseTable(posOf(t, s, id))
}

// drive answers the current decision the way a player would in the
// window: orders by key, initiative by F, the suggested move (A) played
// with Enter, fire aimed by clicking the first target's stand and fired
// by a second click, rally by Enter; H when nothing else is possible. It
// returns the kind of the decision answered.
func drive(t testing.TB, s *UI, order string) string {
	t.Helper()
	return driveOrders(t, s, map[string]string{"": order})
}

// driveOrders is drive with orders by side (key "" for any other side).
func driveOrders(t testing.TB, s *UI, orders map[string]string) string {
	t.Helper()
	st := s.State()
	p := st.Pending
	if p == nil {
		t.Fatalf("no decision at %s", st.Step)
	}
	n := len(st.Log)
	switch p.Kind {
	case e40k.KindOrders:
		order, ok := orders[p.Side]
		if !ok {
			order = orders[""]
		}
		key := map[string]string{e40k.OrderAssault: "A", e40k.OrderMarch: "M", e40k.OrderOverwatch: "O"}[order]
		s.Key(key)
	case e40k.KindInitiative:
		s.Key("F")
	case e40k.KindMove, e40k.KindAssault:
		s.Key("A")
		if len(s.Moves) > 0 {
			s.Commit()
		}
	case e40k.KindFire, e40k.KindBombard, e40k.KindOverwatch, e40k.KindSnapFire:
		if ts := s.targets(); len(ts) > 0 {
			ms := s.members(ts[0])
			if u := st.Unit(ts[0]); u != nil {
				ms = []*rules.Unit{u}
			}
			click(t, s, ms[0].ID)
			click(t, s, ms[0].ID)
		}
	case e40k.KindRally:
		s.Commit()
	default:
		s.Key("1")
	}
	if len(s.State().Log) == n {
		s.Hold()
	}
	if len(s.State().Log) == n {
		s.Key("1")
	}
	if len(s.State().Log) == n {
		t.Fatalf("%s: nothing played (%s; message %q)", p.Kind, p.Prompt, s.Msg)
	}
	s.TrayClose()
	return p.Kind
}

// A whole battle played through the window's inputs alone (keys,
// clicks, drags, Enter, H): every kind of E40K decision comes up and is
// answered, the game ends, and the debrief reports it.
func TestWholeBattleThroughTheUIE40K(t *testing.T) {
	s := newUI(t, 1)
	seen := map[string]int{}
	for i := 0; i < 3000 && s.Mode() != play.ModeOver; i++ {
		seen[drive(t, s, e40k.OrderAssault)]++
	}
	if s.Mode() != play.ModeOver || !s.State().Over {
		t.Fatalf("the battle did not end: %v", seen)
	}
	for _, k := range []string{e40k.KindOrders, e40k.KindInitiative, e40k.KindMove, e40k.KindFire, e40k.KindAssault, e40k.KindSnapFire, e40k.KindRally} {
		if seen[k] == 0 {
			t.Errorf("no %s decision answered: %v", k, seen)
		}
	}
	cmds := map[string]int{}
	for _, r := range s.G.Engine.History() {
		cmds[r.Cmd.Name()]++
	}
	for _, k := range []string{e40k.CmdOrders, e40k.CmdInitiative, e40k.CmdMove, e40k.CmdFire, e40k.CmdAssault, e40k.CmdRally} {
		if cmds[k] == 0 {
			t.Errorf("no %s command played: %v", k, cmds)
		}
	}
	// Snap fire (E40K-CMD-1) was played by clicking an assaulting stand.
	snapped := false
	for _, e := range s.State().Log {
		if e.Kind == rules.EvFired && strings.Contains(e.Text, "(snap fire)") {
			snapped = true
		}
	}
	if !snapped {
		t.Error("no snap fire played")
	}
	// The tray of a firefight or close combat: its result rolls under
	// the combat's heading, read as totals.
	combat := false
	for i, e := range s.State().Log {
		if !combatHead(e.Text) {
			continue
		}
		for _, st := range s.TraySteps(i) {
			if st.Roll != nil && strings.Contains(st.Roll.Purpose, "result") {
				note, total := s.RollNote(st.Roll)
				if !combatHead(st.Head) || !total || note == "" {
					t.Errorf("combat tray step: %+v (%q, %v)", st, note, total)
				}
				combat = true
				break
			}
		}
		break
	}
	if !combat {
		t.Error("no close combat or firefight in the tray")
	}
	text := strings.Join(s.DebriefLines(), " ")
	if !strings.Contains(text, "Result:") || !strings.Contains(text, "Tactical detachment:") || !strings.Contains(text, "stands left") {
		t.Errorf("debrief: %q", text)
	}
	if h := hudText(s); !strings.Contains(h, "Game over") || !strings.Contains(h, "Result:") {
		t.Errorf("end screen: %q", h)
	}
	t.Logf("decisions %v, commands %v; %s", seen, cmds, text)
}

// E40K-ORD-1: orders by key and by the panel's buttons for the selected
// detachment; a click on any stand selects its detachment; special orders
// without artillery are refused in words.
func TestOrdersByKeysAndButtonsE40KORD1(t *testing.T) {
	s := newUI(t, 3)
	if s.State().Step != e40k.StepOrders {
		t.Fatalf("step %s", s.State().Step)
	}
	if s.Detachment() != "tactical-detachment" {
		t.Fatalf("selected %q at the start", s.Detachment())
	}
	s.Key("S")
	if !s.MsgErr || !strings.Contains(s.Msg, "no artillery") {
		t.Errorf("special orders without artillery: %q", s.Msg)
	}
	s.Key("M")
	if f := s.State().Formation("tactical-detachment"); f.Orders != e40k.OrderMarch {
		t.Errorf("M gave %q", f.Orders)
	}
	// A click on a rhino of the devastators? No: on a devastator stand.
	click(t, s, "devastator-2")
	if s.Detachment() != "devastator-detachment" || s.Selected != "devastator-2" {
		t.Fatalf("clicking devastator-2 selected %q (%s)", s.Detachment(), s.Selected)
	}
	h := hudText(s)
	for _, want := range []string{"Devastator detachment", "orders none yet", "overwatch orders", "1 assault, 2 march",
		"Goff warband: Victory if every stand of Ultramarines strike force is destroyed",
		"At the end: Ultramarines strike force: Victory if the last turn ends and Ultramarines strike force holds Hive ruins"} {
		if !strings.Contains(h, want) {
			t.Errorf("HUD lacks %q: %s", want, h)
		}
	}
	_, btns := s.HUD(play.Layout{W: 1400, H: 900, DSF: 1, Top: 38, Bottom: 24})
	pressed := false
	for _, b := range btns {
		if strings.Contains(b.Label, "overwatch") {
			b.Do()
			pressed = true
			break
		}
	}
	if !pressed {
		t.Fatal("no overwatch button")
	}
	if f := s.State().Formation("devastator-detachment"); f.Orders != e40k.OrderOverwatch {
		t.Errorf("the overwatch button gave %q", f.Orders)
	}
	click(t, s, "whirlwind-1")
	s.Key("S")
	if f := s.State().Formation("artillery-detachment"); f.Orders != e40k.OrderSpecial {
		t.Errorf("S gave the Whirlwinds %q (%s)", f.Orders, s.Msg)
	}
	// Then what the rest of the detachment does (E40K-ART-1): M lets it
	// move 5 cm.
	if p := s.State().Pending; p == nil || p.Kind != e40k.KindSpecialRest {
		t.Fatalf("after special orders: pending %+v, want the rest's choice", p)
	}
	s.Key("M")
	if f := s.State().Formation("artillery-detachment"); f.Orders != e40k.OrderSpecial || s.kind() != e40k.KindOrders {
		t.Errorf("M left the Whirlwinds' rest on %q, decision %s (%s)", f.Orders, s.kind(), s.Msg)
	}
	// The digits pick the selected detachment's orders from the list.
	click(t, s, "predator-1")
	s.Key("2")
	if f := s.State().Formation("armour-detachment"); f.Orders != e40k.OrderMarch {
		t.Errorf("2 gave the armour %q (%s)", f.Orders, s.Msg)
	}
}

// toStep answers decisions with drive until the step is reached.
func toStep(t testing.TB, s *UI, step string, order string) {
	t.Helper()
	for i := 0; i < 200 && s.State().Step != step; i++ {
		drive(t, s, order)
	}
	if s.State().Step != step {
		t.Fatalf("never reached %s (at %s)", step, s.State().Step)
	}
}

// A drag of one stand moves its whole detachment by the same offset; the
// preview gives each stand's distance against its allowance by orders
// (march: three times Speed, E40K-ORD-1), the terrain crossed, and the
// rules' refusal in words when a stand goes too far; Enter plays the
// legal move; D drags one stand alone.
func TestDragMovePreviewE40KORD1(t *testing.T) {
	s := newUI(t, 3)
	toStep(t, s, e40k.StepMovement, e40k.OrderMarch)
	for s.Decider() != "marines" {
		drive(t, s, e40k.OrderMarch)
	}
	click(t, s, "tactical-3")
	if s.Detachment() != "tactical-detachment" {
		t.Fatalf("selected %q", s.Detachment())
	}
	start := map[string]world.Vec{}
	for _, u := range s.members("tactical-detachment") {
		start[u.ID] = u.Pos
	}
	from := posOf(t, s, "tactical-3")
	s.PressTable(from, "tactical-3")
	s.DragTo(from.Add(world.Vec{Y: 10}))
	s.DragTo(from.Add(world.Vec{Y: 20}))
	s.ReleaseTable(from.Add(world.Vec{Y: 20}))
	mp := s.PreviewMove()
	if mp == nil || len(mp.Stands) != len(start) || mp.Err != nil {
		t.Fatalf("preview of a 20 cm march: %+v", mp)
	}
	lines := strings.Join(mp.Lines(s.detOrName), "\n")
	if !strings.Contains(lines, "20.0 of 30 cm") || !strings.Contains(lines, "march orders") {
		t.Errorf("march preview: %s", lines)
	}
	// Too far: 45 cm is more than 30.
	s.PressTable(from.Add(world.Vec{Y: 20}), "")
	s.DragTo(from.Add(world.Vec{Y: 45}))
	s.ReleaseTable(from.Add(world.Vec{Y: 45}))
	mp = s.PreviewMove()
	if mp == nil || mp.Err == nil || !mp.Stands[0].Over {
		t.Fatalf("a 45 cm march was not refused: %+v", mp)
	}
	if h := hudText(s); !strings.Contains(h, "move refused:") || !strings.Contains(h, "too far") {
		t.Errorf("HUD: %s", h)
	}
	// Esc drops it; a 20 cm drag again, then Enter.
	s.Cancel()
	s.PressTable(from, "tactical-3")
	s.DragTo(from.Add(world.Vec{Y: 20}))
	s.ReleaseTable(from.Add(world.Vec{Y: 20}))
	s.Commit()
	for id, p := range start {
		if got := posOf(t, s, id); got.Dist(p.Add(world.Vec{Y: 20})) > 0.01 {
			t.Errorf("%s at %v, want %v (%s)", id, got, p.Add(world.Vec{Y: 20}), s.Msg)
		}
	}
	// One stand alone (D) of the next detachment.
	for s.Decider() != "marines" || s.kind() != e40k.KindMove {
		drive(t, s, e40k.OrderMarch)
	}
	click(t, s, "devastator-1")
	s.Key("D")
	d1, d2 := posOf(t, s, "devastator-1"), posOf(t, s, "devastator-2")
	s.PressTable(d1, "devastator-1")
	s.DragTo(d1.Add(world.Vec{X: -4, Y: -6}))
	s.ReleaseTable(d1.Add(world.Vec{X: -4, Y: -6}))
	if len(s.Moves) != 1 {
		t.Fatalf("single-stand drag drafted %v", s.Moves)
	}
	s.Commit()
	if posOf(t, s, "devastator-2") != d2 || posOf(t, s, "devastator-1").Dist(d1.Add(world.Vec{X: -4, Y: -6})) > 0.01 {
		t.Errorf("single move: devastator-1 %v devastator-2 %v (%s)", posOf(t, s, "devastator-1"), posOf(t, s, "devastator-2"), s.Msg)
	}
	// 1 drafts the rules' suggested advance without playing it; Enter
	// plays it.
	for s.Decider() != "marines" || s.kind() != e40k.KindMove {
		drive(t, s, e40k.OrderMarch)
	}
	n := len(s.G.Engine.History())
	s.Key("1")
	if len(s.Moves) == 0 || len(s.G.Engine.History()) != n {
		t.Fatalf("1 drafted %v and played %d command(s)", s.Moves, len(s.G.Engine.History())-n)
	}
	want := map[string]world.Vec{}
	for id, p := range s.Moves {
		want[id] = p
	}
	s.Commit()
	for id, p := range want {
		if posOf(t, s, id).Dist(p) > 0.01 {
			t.Errorf("%s at %v after the suggested move, want %v (%s)", id, posOf(t, s, id), p, s.Msg)
		}
	}
}

// E40K-BM-1 and the firepower table: clicking an enemy stand aims the
// selected detachment at its detachment; the preview shows the firepower,
// the table's row, the dice and the exact expected hits and kills, the
// same chance of a kill as the rules' own choice text; a second click
// fires, and the dice tray tells the volley's dice and results.
func TestFirePreviewAndTrayE40KBM1(t *testing.T) {
	s := newUI(t, 3)
	toStep(t, s, e40k.StepShooting, e40k.OrderAssault)
	var det, target string
	for i := 0; i < 20 && det == ""; i++ {
		for _, id := range s.State().Pending.Units {
			s.selectStand(s.firstStand(id))
			if ts := s.targets(); len(ts) > 0 {
				det, target = id, ts[0]
				break
			}
		}
		if det == "" {
			drive(t, s, e40k.OrderAssault)
		}
	}
	if det == "" {
		t.Fatal("no detachment could fire")
	}
	stand := s.members(target)[0].ID
	click(t, s, stand)
	if s.Target != target {
		t.Fatalf("clicking %s aimed at %q", stand, s.Target)
	}
	fp := s.FirePreview()
	if fp == nil || fp.Err != nil {
		t.Fatalf("fire preview: %+v", fp)
	}
	want := ""
	for _, c := range s.G.Ruleset.Legal(s.State(), s.Decider()) {
		if fc, ok := c.Cmd.(*e40k.FireCmd); ok && fc.Detachment == det && fc.Target == target {
			want = c.Text
		}
	}
	if !strings.Contains(want, fmt.Sprintf("%.0f%% to destroy", 100*fp.AtLeastOne)) {
		t.Errorf("preview %.3f against the rules' %q", fp.AtLeastOne, want)
	}
	if fp.Dice == 0 && fp.Weapons == 0 || fp.Need < 2 {
		t.Errorf("no dice: %+v", fp)
	}
	h := hudText(s)
	for _, w := range []string{"table: firepower", "dice needing", "expected", "units destroyed"} {
		if !strings.Contains(h, w) {
			t.Errorf("HUD lacks %q: %s", w, h)
		}
	}
	// The chance of each number of hits and of blast markers (E40K-BM-1),
	// from the same exact odds: each distribution sums to 1, has the
	// preview's mean, and is listed value by value in the HUD.
	for _, d := range []struct {
		what string
		dist rules.Dist
		mean float64
	}{{"hits", fp.HitsDist, fp.Hits}, {"blast markers", fp.MarkersDist, fp.Markers}} {
		if math.Abs(d.dist.Total()-1) > 1e-9 || math.Abs(d.dist.Mean()-d.mean) > 1e-9 {
			t.Errorf("%s distribution: total %v, mean %v against %v", d.what, d.dist.Total(), d.dist.Mean(), d.mean)
		}
		if !strings.Contains(h, d.what+": "+e40k.ApproxWord(fp.Approx && d.what != "hits")+distText(d.dist)) {
			t.Errorf("HUD lacks the %s distribution %q: %s", d.what, distText(d.dist), h)
		}
	}
	n := len(s.G.Engine.History())
	click(t, s, stand)
	if h := s.G.Engine.History(); len(h) != n+1 || h[n].Cmd.Name() != e40k.CmdFire {
		t.Fatalf("second click did not fire: %s", s.Msg)
	}
	tr := s.Tray()
	if tr == nil || len(tr.Steps) == 0 {
		t.Fatal("no dice tray after a volley")
	}
	st0 := tr.Steps[0]
	if !strings.Contains(s.Named(st0.Head), s.detName(det)) || st0.Roll == nil {
		t.Errorf("first tray step: %+v", st0)
	}
	if note, _ := s.RollNote(st0.Roll); note == "" {
		t.Errorf("no note for %q", st0.Roll.Purpose)
	}
	all := ""
	for _, st := range tr.Steps {
		all += strings.Join(st.Lines, " ") + " "
	}
	if !strings.Contains(all, "takes dice") || !strings.Contains(all, "blast marker") {
		t.Errorf("tray results: %s", all)
	}
}

// The adapter serves E40K games only and offers the E40K options grouped
// (each group in one run, so the start screen heads it once: the
// play-through saw "Alternative readings" twice, around the optional
// rule), titled from their descriptions rather than their ids (it saw
// "fp rows floor").
func TestAdapterE40K(t *testing.T) {
	a := New()
	if a.System() != e40k.RulesetID {
		t.Errorf("system %q", a.System())
	}
	groups := map[string]int{}
	titles := map[string]string{}
	last := ""
	for _, o := range a.Options() {
		if o.Group != last && groups[o.Group] > 0 {
			t.Errorf("the group %q comes back after %q", o.Group, last)
		}
		last = o.Group
		groups[o.Group]++
		titles[o.ID] = o.Title
		if o.Title == "" || strings.Contains(o.Title, "/") || strings.Contains(o.Title, "(default") {
			t.Errorf("title of %s: %q", o.ID, o.Title)
		}
	}
	for id, want := range map[string]string{
		e40k.OptAssaultMove:  "REM-ASM-1: assault moves unit by unit",
		e40k.OptFPRowsFloor:  "Firepower table rows 1-8 rounded down, at least 1 die",
		e40k.OptNoArmyMorale: "No army morale: the game is decided by the scenario conditions only",
	} {
		if got := titles[id]; !strings.HasPrefix(got, want) {
			t.Errorf("title of %s: %q, want it to begin %q", id, got, want)
		}
	}
	if groups["Epic Remastered"] == 0 || len(a.Options()) != len(e40k.OptionList()) {
		t.Errorf("options %v", groups)
	}
	s := newUI(t, 1)
	if _, err := a.Attach(s.Session); err != nil {
		t.Errorf("attach: %v", err)
	}
	// An ATII game is refused with a reason, not a panic.
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
	uis, err := play.NewAdapters(atiiui.New(), New())
	if err != nil {
		t.Fatal(err)
	}
	as, err := uis.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Attach(as); err == nil || !strings.Contains(err.Error(), "not E40K's") {
		t.Errorf("attaching to an ATII game: %v", err)
	}
	if got := s.Named("boyz-mob fires at tactical-detachment; tactical-10 stays"); got != "Boyz mob fires at Tactical detachment; tactical-10 stays" {
		t.Errorf("Named: %q", got)
	}
}

// Overwatch (E40K-ORD-1): a detachment on overwatch orders may fire at an
// enemy detachment that has just moved; the window asks its side, the
// banner says how to fire or hold, and the fire is aimed and played by
// clicks like any other.
func TestOverwatchWindowE40KORD1(t *testing.T) {
	s := newUI(t, 3)
	orders := map[string]string{"marines": e40k.OrderOverwatch, "": e40k.OrderMarch}
	fired := false
	for i := 0; i < 400 && !fired && s.Mode() != play.ModeOver; i++ {
		if s.kind() == e40k.KindOverwatch && len(s.targets()) > 0 {
			if b := s.DecisionBanner(play.ModeTurn); !strings.Contains(strings.Join(b.Lines, " "), "H holds fire") {
				t.Errorf("overwatch banner: %v", b.Lines)
			}
			n := len(s.G.Engine.History())
			driveOrders(t, s, orders)
			h := s.G.Engine.History()
			fired = len(h) == n+1 && h[n].Cmd.Name() == e40k.CmdFire
			if !fired {
				t.Fatalf("overwatch fire not played: %s", s.Msg)
			}
			continue
		}
		driveOrders(t, s, orders)
	}
	if !fired {
		t.Fatal("no overwatch fire came up")
	}
}

// REM-ASM-1: an assault move that heads away from the enemy is refused
// in the rules' words, and the preview says where the stand would start
// moving away from the closest enemy.
func TestAssaultPreviewREMASM1(t *testing.T) {
	s := newUIWith(t, 3, map[string]string{e40k.OptAssaultMove: "on"})
	for i := 0; i < 400; i++ {
		if s.kind() == e40k.KindAssault && s.mine() {
			break
		}
		drive(t, s, e40k.OrderAssault)
	}
	if s.kind() != e40k.KindAssault {
		t.Fatal("no assault decision")
	}
	// A stand and a direction away from its closest enemy with room to
	// move (the only fault then is REM-ASM-1's).
	enemies, _ := s.enemyBases(s.Decider())
	s.Key("D")
	var mp *MovePreview
	for _, u := range s.members(s.Detachment()) {
		near := enemies[0]
		for _, e := range enemies {
			if world.Distance(s.Base(u), e) < world.Distance(s.Base(u), near) {
				near = e
			}
		}
		back := u.Pos.Sub(near.Pos)
		back = back.Scale(1 / back.Len())
		for _, dir := range []world.Vec{back, {X: -back.Y, Y: back.X}, {X: back.Y, Y: -back.X}} {
			to := u.Pos.Add(dir.Scale(6))
			s.Cancel()
			s.PressTable(u.Pos, u.ID)
			s.DragTo(to)
			s.ReleaseTable(to)
			if mp = s.PreviewMove(); mp != nil && mp.Err != nil && strings.Contains(mp.Err.Error(), "REM-ASM-1") {
				break
			}
		}
		if mp != nil && mp.Err != nil && strings.Contains(mp.Err.Error(), "REM-ASM-1") {
			break
		}
	}
	if mp == nil || mp.Err == nil || !strings.Contains(mp.Err.Error(), "REM-ASM-1") {
		t.Fatalf("no move away from the enemy refused under REM-ASM-1: %+v", mp)
	}
	lines := strings.Join(mp.Lines(s.detOrName), " ")
	if !strings.Contains(lines, "assault move refused") || !strings.Contains(lines, "it would move away from the closest enemy") {
		t.Errorf("preview: %s", lines)
	}
	s.Commit()
	if !s.MsgErr || !strings.Contains(s.Msg, "REM-ASM-1") {
		t.Errorf("Enter on a refused assault move: %q", s.Msg)
	}
}

// Tab (play.Session.CycleSelection) goes through the detachments that
// may act, one after the other, and round again.
func TestTabCyclesDetachments(t *testing.T) {
	s := newUI(t, 3)
	want := append([]string(nil), s.State().Pending.Units...)
	want = append(want[1:], want[0])
	for _, w := range want {
		s.CycleSelection()
		if s.Detachment() != w {
			t.Fatalf("Tab selected %q, want %q", s.Detachment(), w)
		}
	}
}

// A battle saved in the middle of the movement phase loads into a
// session with E40K's UI, the stands where they were and the same
// decision waiting, and play goes on by the same inputs.
func TestSaveLoadE40K(t *testing.T) {
	s := newUI(t, 3)
	toStep(t, s, e40k.StepMovement, e40k.OrderMarch)
	drive(t, s, e40k.OrderMarch)
	path := filepath.Join(t.TempDir(), "e40k.json")
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	sys := testSystems(t)
	uis, err := play.NewAdapters(New())
	if err != nil {
		t.Fatal(err)
	}
	ls, err := uis.Load(sys, path, nil, game.Config{})
	if err != nil {
		t.Fatal(err)
	}
	l := Of(ls)
	if l == nil {
		t.Fatal("the loaded game has no E40K UI")
	}
	a, b := s.State(), l.State()
	if a.Step != b.Step || a.Pending.Side != b.Pending.Side || strings.Join(a.Pending.Units, ",") != strings.Join(b.Pending.Units, ",") {
		t.Fatalf("loaded at %s %v, saved at %s %v", b.Step, b.Pending, a.Step, a.Pending)
	}
	for i := range a.Units {
		if a.Units[i].Pos != b.Units[i].Pos {
			t.Errorf("%s at %v after loading, %v before", a.Units[i].ID, b.Units[i].Pos, a.Units[i].Pos)
		}
	}
	if !l.mine() {
		t.Errorf("after loading, %q is selected and may not act", l.Detachment())
	}
	drive(t, l, e40k.OrderMarch)
	drive(t, s, e40k.OrderMarch)
	if s.G.Engine.State().Hash() != l.G.Engine.State().Hash() {
		t.Error("the loaded game and the original went different ways on the same inputs")
	}
}

// Ctrl+Z after a move with no dice puts the stands back and the
// detachment may move again, still selected.
func TestUndoMoveE40K(t *testing.T) {
	s := newUI(t, 3)
	toStep(t, s, e40k.StepMovement, e40k.OrderMarch)
	for s.Decider() != "marines" {
		drive(t, s, e40k.OrderMarch)
	}
	click(t, s, "devastator-1")
	before := map[string]world.Vec{}
	for _, u := range s.members("devastator-detachment") {
		before[u.ID] = u.Pos
	}
	from := posOf(t, s, "devastator-1")
	s.PressTable(from, "devastator-1")
	s.DragTo(from.Add(world.Vec{Y: -3}))
	s.ReleaseTable(from.Add(world.Vec{Y: -3}))
	s.Commit()
	if posOf(t, s, "devastator-1") == from {
		t.Fatalf("not moved: %s", s.Msg)
	}
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	for id, p := range before {
		if posOf(t, s, id) != p {
			t.Errorf("%s at %v after undo, want %v", id, posOf(t, s, id), p)
		}
	}
	if s.Drafted() || !s.pendingHas("devastator-detachment") {
		t.Errorf("after undo: drafted %v, may move %v", s.Drafted(), s.pendingHas("devastator-detachment"))
	}
}

// A person against the computer: the Orks are E40K's basic computer
// player (systems/e40ksys); the window's inputs play the Marines'
// decisions, the session the computer's, to the end.
func TestAgainstTheComputerE40K(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled("e40k-combined-arms", cat)
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
	ps, err := uis.New(g, map[string]string{"orks": play.Computer})
	if err != nil {
		t.Fatal(err)
	}
	s := Of(ps)
	if !play.IsComputer(s.Kinds["orks"]) {
		t.Fatalf("the Orks are %q (%s)", s.Kinds["orks"], s.Msg)
	}
	mine := 0
	for i := 0; i < 3000 && s.Mode() != play.ModeOver; i++ {
		if s.Mode() == play.ModeThinking {
			s.Wait()
			continue
		}
		if s.Decider() != "marines" {
			t.Fatalf("a person is asked to decide for %s", s.Decider())
		}
		drive(t, s, e40k.OrderAssault)
		mine++
	}
	if !s.State().Over || mine == 0 {
		t.Fatalf("over %v after %d decisions of the Marines", s.State().Over, mine)
	}
}

// distText lists each value's chance, leaving out those under 0.5 %.
func TestDistText(t *testing.T) {
	for _, c := range []struct {
		d    rules.Dist
		want string
	}{
		{rules.Binomial(2, 0.5), "0 25%, 1 50%, 2 25%"},
		{rules.Point(0), "0 100%"},
		{rules.Binomial(12, 1.0/6), "0 11%, 1 27%, 2 30%, 3 20%, 4 9%, 5 3%, 6 1%"},
		{rules.Dist{}, "none"},
	} {
		if got := distText(c.d); got != c.want {
			t.Errorf("distText: %q, want %q", got, c.want)
		}
	}
}

// E40K-ART-1: after special orders the window asks what the rest of the
// detachment does, with its own banner and two buttons; H does not pass
// it; the overwatch button sets the rest on overwatch.
func TestSpecialRestByButtonE40KART1(t *testing.T) {
	s := newUI(t, 3)
	click(t, s, "whirlwind-1")
	s.Key("S")
	if s.kind() != e40k.KindSpecialRest {
		t.Fatalf("decision %s after S (%s)", s.kind(), s.Msg)
	}
	if h := hudText(s); !strings.Contains(h, "2 (or W) goes on overwatch") {
		t.Errorf("HUD lacks the rest's banner: %s", h)
	}
	s.Hold()
	if !s.MsgErr || s.kind() != e40k.KindSpecialRest {
		t.Errorf("H passed the rest's choice: %q, decision %s", s.Msg, s.kind())
	}
	_, btns := s.HUD(play.Layout{W: 1400, H: 900, DSF: 1, Top: 38, Bottom: 24})
	pressed := false
	for _, b := range btns {
		if strings.Contains(b.Label, "the rest goes on overwatch") {
			b.Do()
			pressed = true
			break
		}
	}
	if !pressed {
		t.Fatal("no button for the rest on overwatch")
	}
	if f := s.State().Formation("artillery-detachment"); f.Orders != e40k.OrderSpecialOverwatch {
		t.Errorf("the button gave %q", f.Orders)
	}
	if s.kind() != e40k.KindOrders {
		t.Errorf("decision %s after the rest's choice, want the next orders", s.kind())
	}
}

// TestDragToTheEdgeOfTheAllowanceE40KORD1: a detachment dragged a few
// pixels past its allowance (march orders: 30 cm) is drafted at the
// allowance and may be played, as the player means it; a drag clearly
// past it (by more than AllowanceSlack) is still refused as too far.
func TestDragToTheEdgeOfTheAllowanceE40KORD1(t *testing.T) {
	s := newUI(t, 3)
	toStep(t, s, e40k.StepMovement, e40k.OrderMarch)
	for s.Decider() != "marines" {
		drive(t, s, e40k.OrderMarch)
	}
	click(t, s, "tactical-3")
	from := posOf(t, s, "tactical-3")
	s.PressTable(from, "tactical-3")
	s.DragTo(from.Add(world.Vec{Y: 20}))
	s.DragTo(from.Add(world.Vec{Y: 30.2}))
	s.ReleaseTable(from.Add(world.Vec{Y: 30.2}))
	mp := s.PreviewMove()
	if mp == nil || mp.Err != nil {
		t.Fatalf("a drag 0.2 cm past the 30 cm march is refused: %+v", mp)
	}
	for _, sm := range mp.Stands {
		if sm.Dist > 30 || sm.Dist < 29.99 || sm.Over {
			t.Errorf("%s drafted %.4f cm of %.0f (over %v), want the allowance", sm.Unit, sm.Dist, sm.Allowance, sm.Over)
		}
	}
	s.Cancel()
	s.PressTable(from, "tactical-3")
	s.DragTo(from.Add(world.Vec{Y: 20}))
	s.DragTo(from.Add(world.Vec{Y: 30 + AllowanceSlack + 0.3}))
	s.ReleaseTable(from.Add(world.Vec{Y: 30 + AllowanceSlack + 0.3}))
	if mp := s.PreviewMove(); mp == nil || mp.Err == nil || !mp.Stands[0].Over {
		t.Fatalf("a drag well past the allowance was not refused: %+v", mp)
	}
}

// In an assault move only infantry move twice their Speed into contact
// (digest 8.3): a transport's preview line gives its own Speed as its
// allowance, not half of it as infantry's "Speed N; infantry twice that
// into contact" (seen in play: "rhino-1: 15.5 cm (Speed 15; ...)" for a
// Speed 30 Rhino).
func TestAssaultPreviewDoublesOnlyInfantry(t *testing.T) {
	s := newUI(t, 3)
	for i := 0; i < 400; i++ {
		if s.kind() == e40k.KindAssault && s.mine() && s.pendingHas("tactical-detachment") {
			break
		}
		drive(t, s, e40k.OrderAssault)
	}
	if s.kind() != e40k.KindAssault || !s.pendingHas("tactical-detachment") {
		t.Fatal("no assault move for the tactical detachment and its rhinos")
	}
	click(t, s, "rhino-1")
	s.Key("1")
	mp := s.PreviewMove()
	if mp == nil {
		t.Fatalf("no move drafted: %s", s.Msg)
	}
	seen := map[string]bool{}
	for i, sm := range mp.Stands {
		u := s.State().Unit(sm.Unit)
		p, err := s.rs().Profile(s.State(), u)
		if err != nil {
			t.Fatal(err)
		}
		ln := mp.Lines(s.detOrName)[i+1]
		seen[string(p.Class)] = true
		if p.Class == world.Infantry {
			if !sm.Doubled || sm.Allowance != 2*p.Speed || !strings.Contains(ln, fmt.Sprintf("(Speed %.0f; infantry twice that into contact)", p.Speed)) {
				t.Errorf("infantry %s (Speed %.0f): allowance %.0f, line %q", sm.Unit, p.Speed, sm.Allowance, ln)
			}
			continue
		}
		if sm.Doubled || sm.Allowance != p.Speed || strings.Contains(ln, "infantry twice") || !strings.Contains(ln, fmt.Sprintf("of %.0f cm", p.Speed)) {
			t.Errorf("%s %s (Speed %.0f): allowance %.0f, line %q", p.Class, sm.Unit, p.Speed, sm.Allowance, ln)
		}
	}
	if len(seen) < 2 {
		t.Errorf("the drafted move should hold infantry and vehicles: %v", seen)
	}
}
