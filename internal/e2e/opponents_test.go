package e2e

import (
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/auspex/auspex/render/app"
)

// Seeds of the opponent tests (the start screen's field, or --seed).
const (
	scriptSeed = "2207"
	aiSeed     = "495"
)

// thinkingRE reads the banner while a computer decides: "Legio Ignatum:
// the scripted opponent is thinking... 0.4 s".
var thinkingRE = regexp.MustCompile(`^(.+): the (.+) is thinking\.\.\. ([0-9.]+) s$`)

// thinking returns the banner's thinking line of d and its seconds ("",
// "" when no computer is shown thinking).
func thinking(d *app.DebugDump) (line, secs string) {
	for _, t := range d.Texts {
		if m := thinkingRE.FindStringSubmatch(t.Text); m != nil {
			return t.Text, m[3]
		}
	}
	return "", ""
}

// whyTitle starts the title of the "why did it do that?" panel for side
// name.
func whyTitle(name string) string { return "Why " + name + " did that" }

// whyPanel returns the why panel's text as drawn in d (its rows joined
// with spaces, the title first) and whether it is on screen: the rows are
// the strings drawn at the title's left edge below it, one row height
// apart.
func whyPanel(d *app.DebugDump, name string) (string, bool) {
	var title *app.DumpText
	for i := range d.Texts {
		if strings.HasPrefix(d.Texts[i].Text, whyTitle(name)) {
			title = &d.Texts[i]
		}
	}
	if title == nil {
		return "", false
	}
	var rows []app.DumpText
	for _, t := range d.Texts {
		if t.Where == "hud" && t.X == title.X && t.Y > title.Y {
			rows = append(rows, t)
		}
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].Y < rows[j].Y })
	out := []string{title.Text}
	last := title.Y
	for _, r := range rows {
		if r.Y-last > 40 {
			break // past the panel
		}
		out = append(out, r.Text)
		last = r.Y
	}
	return strings.Join(out, " "), true
}

// diceLog is the dice log strip as drawn in d: its rows ("T2 movement:
// ...") joined with spaces, oldest first.
func diceLog(d *app.DebugDump) string {
	var head *app.DumpText
	for i := range d.Texts {
		if strings.HasPrefix(d.Texts[i].Text, "Dice log") {
			head = &d.Texts[i]
		}
	}
	if head == nil {
		return ""
	}
	var rows []app.DumpText
	for _, t := range d.Texts {
		if t.Where == "hud" && t.X == head.X && t.Y > head.Y {
			rows = append(rows, t)
		}
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].Y < rows[j].Y })
	var out []string
	for _, r := range rows {
		out = append(out, r.Text)
	}
	return strings.Join(out, " ")
}

// handAction is what byHand did: its kind ("move", "fire", "hold fire"
// or "" for anything else), the titan, its target and the shots declared.
type handAction struct {
	kind, unit, target string
	shots              int
}

// byHand plays the human decider's decision in d by mouse and keyboard:
// the order of a phase by its first choice (1), the initiative by going
// first (F), a move dragged towards the nearest enemy titan (duelMove),
// every weapon the side panel lists declared at the nearest enemy by
// clicking it and fired with Enter (or fire held when none can), a hold in
// the assault, the repairs rolled in the rally, and any other step ended.
func (w *Win) byHand(d *app.DebugDump) handAction {
	w.t.Helper()
	p := d.Play
	if p.Pending == "initiative" && p.Step != "initiative" {
		w.mustPlay("choosing the order of the "+p.Step+" (1)", func() { w.Key("1") })
		return handAction{}
	}
	switch {
	case p.Step == "initiative":
		w.mustPlay("choosing to go first (F)", func() { w.Key("f") })
	case p.Step == "movement" && len(p.Playable) > 0:
		duelMove(w, d, &duelLog{})
		return handAction{kind: "move", unit: firstOf(p.Playable)}
	case p.Step == "shooting" && p.Pending == "fire":
		me, foe, n := w.shoot(d, 0)
		if n == 0 {
			w.hold("holding fire with " + me.ID)
			return handAction{kind: "hold fire", unit: me.ID}
		}
		w.mustPlay("firing "+me.ID+"'s declared weapons (Enter)", func() { w.Key("Return") })
		return handAction{kind: "fire", unit: me.ID, target: foe.ID, shots: n}
	case p.Step == "assault" && len(p.Playable) > 0:
		w.hold("holding in the assault")
	case p.Step == "rally":
		if _, ok := w.played("rolling the repairs (Enter)", func() { w.Key("Return") }); !ok {
			w.endStep("ending the rally")
		}
	default:
		w.endStep("ending the " + p.Step + " (" + p.Pending + ")")
	}
	return handAction{}
}

// blueTask is a reason of Hold the Line's script naming the task it
// follows (the relay held or screened, or the fall back).
var blueTask = regexp.MustCompile(`holding Relay|screening Relay|withdrawing`)

// blueLogLine is such a reason as a dice log line, headed by the step's
// name: "T2 Movement phase: Ignis Fidelis: holding Relay; ...".
var blueLogLine = regexp.MustCompile(`T\d+ [A-Z][A-Za-z :-]*?: (Ignis Fidelis|Vulpes Ardens): (holding Relay|screening Relay|withdrawing)`)

// TestScriptedMissionByHand plays the bundled scripted mission "Hold the
// Line" from the start screen with real X input: red (Legio Mortis) by
// hand, blue (Legio Ignatum) by the scenario's scripted opponent, kept as
// the start screen offers it. Red's titans are dragged towards the
// nearest defender (stopping outside ATII-MOV-6's 10 cm), fire every
// weapon that can at it by clicking it (ATII-SHT-2), and hold in the
// assault; blue decides by itself each time, the banner saying its
// scripted opponent is thinking. While blue decides, Y opens the "why did
// it do that?" panel, which gives the script's reason naming its task
// (hold or screen the relay, or withdraw); the reason lines are in the
// window's dice log. At the end (turn 5) the game is saved with Ctrl+S
// and `auspex replay --json` verifies the save and agrees with the
// window's result.
func TestScriptedMissionByHand(t *testing.T) {
	began := time.Now()
	w := Start(t)
	w.Wait("the start screen", func(d *app.DebugDump) bool { return d.Screen == "start" })
	w.ClickButton("start", "Hold the Line")
	const blueBtn = "[2] Legio Ignatum (2 titans): "
	d := w.Wait("Hold the Line selected", func(d *app.DebugDump) bool { return d.Button("start", blueBtn) != nil })
	if got := d.Button("start", blueBtn).Label; got != blueBtn+"scripted opponent" {
		w.Failf("the scenario scripts blue, so the start screen should offer its scripted opponent: %q", got)
	}
	w.makeHuman(1, "[1] Legio Mortis (you) (2 titans): ")
	setSeed(w, scriptSeed)
	w.Key("Return")
	w.Wait("the game to start", func(d *app.DebugDump) bool { return d.Screen == "play" && d.Play != nil })

	var (
		spells   int    // blue's decisions seen thinking
		banner   string // a thinking banner seen
		why      string // the why panel's text
		whyMode  string // the mode when the panel first showed
		whyTries int
		actions  []string
		moved    int
		fired    int
		lastCmds = -1
	)
	// closeTray presses Escape on the dice tray of d; blue may decide at
	// once and open a tray of its own dice, so any new frame will do.
	closeTray := func(d *app.DebugDump) {
		w.Key("Escape")
		w.Wait("the dice tray to close", func(nd *app.DebugDump) bool { return nd.Seq > d.Seq })
	}
	for i := 0; i < 400; i++ {
		d := w.Wait("a game on screen", playing)
		p := d.Play
		if p.Over {
			break
		}
		switch {
		case p.Mode == "thinking":
			if p.Decider != "blue" {
				w.Failf("the computer thinks for %s, which is human", p.Decider)
			}
			if ln, _ := thinking(d); ln != "" {
				banner = ln
				if p.Commands != lastCmds {
					spells++
					lastCmds = p.Commands
				}
			}
			if whyMode != "thinking" && whyTries < 5 && d.Contains("Y shows why the computer made its last move.") {
				// Blue has decided before and decides again now: Y opens
				// the panel while it thinks (tried again on a later
				// decision when blue was done before the panel showed).
				whyTries++
				w.Key("y")
				d = w.Wait("the why panel", func(d *app.DebugDump) bool { _, ok := whyPanel(d, "Legio Ignatum"); return ok })
				why, _ = whyPanel(d, "Legio Ignatum")
				whyMode = d.Play.Mode
				w.DocShot("play-why-script")
				if s := w.Screenshot("why-panel"); !strings.HasSuffix(s, ".png") {
					t.Logf("why panel screenshot: %s", s)
				}
				w.Key("y")
				w.Wait("the why panel hidden", func(d *app.DebugDump) bool { _, ok := whyPanel(d, "Legio Ignatum"); return !ok })
				continue
			}
			if p.Tray {
				// The computer goes on once the player's dice are seen.
				closeTray(d)
				continue
			}
			w.poll(waitFor, func(d *app.DebugDump) bool { return d.Play == nil || d.Play.Mode != "thinking" || d.Play.Tray })
			continue
		case p.Tray:
			closeTray(d)
			continue
		case p.Mode == "handover":
			w.Failf("a game with one human player handed the screen over")
		case p.Mode == "dice":
			w.Failf("the game asks for manual dice, but the start screen left manual dice off")
		}
		if p.Decider != "red" {
			w.Failf("blue decides in mode %s: its scripted opponent should play it", p.Mode)
		}
		switch act := w.byHand(d); act.kind {
		case "move":
			moved++
		case "fire":
			fired++
			actions = append(actions, fmt.Sprintf("T%d %s fires %d at %s", p.Turn, act.unit, act.shots, act.target))
		}
	}
	d = w.Wait("the end screen", func(d *app.DebugDump) bool { return d.Play != nil && d.Play.Over })
	t.Logf("red moved %d times and fired %d times (%s); blue seen thinking %d times (%q); why panel (mode %s): %q",
		moved, fired, strings.Join(actions, "; "), spells, banner, whyMode, why)
	if !strings.HasPrefix(banner, "Legio Ignatum: the scripted opponent is thinking...") {
		t.Errorf("the banner never said blue's scripted opponent was thinking: %q", banner)
	}
	if moved == 0 || fired == 0 {
		t.Errorf("red moved %d times and fired %d times: the line of play should do both", moved, fired)
	}
	switch {
	case why == "":
		t.Errorf("blue was never seen deciding after a first decision (%d thinking spells seen): Y was not tried", spells)
	case !blueTask.MatchString(why):
		t.Errorf("the why panel gives no reason naming blue's task (holding/screening Relay, withdrawing): %q", why)
	}
	if whyMode != "thinking" {
		t.Errorf("in %d tries, Y never showed the why panel while blue was deciding (last in mode %q): the window should answer while the computer thinks", whyTries, whyMode)
	}
	// The reasons are dice log lines in the window (every frame drawn).
	inLog := false
	for _, h := range w.History() {
		if blueLogLine.MatchString(strings.Join(h.Texts, " ")) {
			inLog = true
			break
		}
	}
	if !inLog {
		t.Errorf("no dice log line of the window gives blue's reason (%s)", blueLogLine)
	}
	if d.Play.Turn != 5 {
		t.Errorf("the game ended in turn %d (%s); with no titan destroyed it ends at turn 5", d.Play.Turn, d.Play.Result)
	}
	final := filepath.Join(w.Dir(), "hold-the-line.json")
	w.Save(final)
	o := Replay(t, final)
	if !o.Over || o.Result == nil {
		t.Fatalf("the saved finished game replays as not over: turn %d step %s", o.Turn, o.Step)
	}
	if o.Result.Winner != d.Play.Winner || o.Result.Kind != d.Play.Result || o.Commands != d.Play.Commands {
		t.Errorf("replay: %s %q after %d commands; the window showed %s %q after %d", o.Result.Winner, o.Result.Kind, o.Commands, d.Play.Winner, d.Play.Result, d.Play.Commands)
	}
	// The save keeps each scripted decision's reason with its command.
	if !o.HasNote("blue", "holding Relay") && !o.HasNote("blue", "screening Relay") {
		t.Errorf("the replayed save has none of blue's reasons (holding Relay, screening Relay): %d notes", len(o.Notes))
	}
	t.Logf("the scripted mission took %v", time.Since(began).Round(time.Second))
}

// aheadRE finds the search AI's depth in a reason ("2 decisions ahead").
var aheadRE = regexp.MustCompile(`\d+ decisions? ahead`)

// thinkingSpells reads the dump history for the computer's decisions:
// each run of frames in which the banner says a computer is thinking
// gives the thinking times it showed, in order, without repeats.
func thinkingSpells(hist []app.DumpHistory) [][]string {
	var out [][]string
	in := false
	for _, h := range hist {
		secs := ""
		if h.Mode == "thinking" {
			for _, t := range h.Texts {
				if m := thinkingRE.FindStringSubmatch(t); m != nil {
					secs = m[3]
				}
			}
		}
		if secs == "" {
			in = false
			continue
		}
		if !in {
			out = append(out, nil)
			in = true
		}
		sp := out[len(out)-1]
		if len(sp) == 0 || sp[len(sp)-1] != secs {
			out[len(out)-1] = append(sp, secs)
		}
	}
	return out
}

// blueWhyLog is a reason of blue's AI in the dice log: "T1 Movement
// phase: Ignis Fidelis: advance on Venator Rex (value +50 looking 3
// decisions ahead, 8 choices; right after it +30 = threat +30)".
var blueWhyLog = regexp.MustCompile(`T\d+ [A-Z][A-Za-z :-]*?: Ignis Fidelis: [^|]*?\d+ decisions? ahead`)

// TestAIOpponentFromTheCommandLine starts the bundled titan duel with
// `auspex play bundled:titan-duel --control red=human,blue=ai:0.3 --seed
// N` (no start screen) and plays red by hand until it has moved and shot:
// the initiative by key, moves dragged towards blue's titan, a shot
// declared by clicking it (ATII-SHT-2). Blue decides by itself: the
// banner says its AI is thinking, the thinking time it shows changes from
// dump to dump during a decision (the window goes on drawing while the
// search runs off the window's goroutine) and starts at 0.0 s, and then
// blue acts: the dice log gives the AI's reason with its search depth ("3
// decisions ahead"), and Y shows it with the candidates weighed.
func TestAIOpponentFromTheCommandLine(t *testing.T) {
	began := time.Now()
	w := Start(t, "bundled:titan-duel", "--control", "red=human,blue=ai:0.3", "--seed", aiSeed)
	w.Wait("the game", func(d *app.DebugDump) bool { return d.Screen == "play" && d.Play != nil })
	moved, fired, turn := 0, 0, 0
	var actions []string
	for i := 0; i < 150; i++ {
		d := w.Wait("a game on screen", playing)
		p := d.Play
		turn = p.Turn
		if p.Over || p.Turn >= 4 || (p.Turn >= 2 && fired > 0 && moved > 0) {
			break
		}
		if p.Tray {
			w.Key("Escape")
			w.Wait("the dice tray to close", func(nd *app.DebugDump) bool { return nd.Seq > d.Seq })
			continue
		}
		if p.Mode == "thinking" {
			if p.Decider != "blue" {
				w.Failf("the computer thinks for %s, which is human", p.Decider)
			}
			w.Wait("the computer's decision", func(d *app.DebugDump) bool { return d.Play == nil || d.Play.Mode != "thinking" || d.Play.Tray })
			continue
		}
		if p.Mode != "turn" || p.Decider != "red" {
			w.Failf("red's turn expected, the window is in mode %s for %s", p.Mode, p.Decider)
		}
		switch act := w.byHand(d); act.kind {
		case "move":
			moved++
			actions = append(actions, fmt.Sprintf("T%d move", p.Turn))
		case "fire":
			fired += act.shots
			actions = append(actions, fmt.Sprintf("T%d %d shots", p.Turn, act.shots))
		case "hold fire":
			actions = append(actions, fmt.Sprintf("T%d hold fire", p.Turn))
		}
	}
	// Y then shows the AI's last decision: its reason and the
	// candidates it weighed with their values.
	w.Key("y")
	d := w.Wait("the why panel", func(d *app.DebugDump) bool { _, ok := whyPanel(d, "Legio Ignatum"); return ok })
	panel, _ := whyPanel(d, "Legio Ignatum")
	w.DocShot("play-why-ai")
	if !strings.Contains(panel, "Candidates weighed, best first") || !aheadRE.MatchString(panel) {
		t.Errorf("the why panel should give the AI's depth and the candidates it weighed: %q", panel)
	}
	hist := w.History()
	spells := thinkingSpells(hist)
	var banner string
	reasons := 0
	seen := map[string]bool{}
	for _, h := range hist {
		for _, tx := range h.Texts {
			if strings.HasPrefix(tx, "Legio Ignatum: the AI") {
				banner = tx
			}
		}
		for _, m := range blueWhyLog.FindAllString(strings.Join(h.Texts, " | "), -1) {
			if !seen[m] {
				seen[m] = true
				reasons++
			}
		}
	}
	t.Logf("red by hand until turn %d: %s; blue's AI seen thinking %d times %v (banner %q); %d distinct reasons in the dice log; why panel %q; %v",
		turn, strings.Join(actions, ", "), len(spells), spells, banner, reasons, panel, time.Since(began).Round(time.Second))
	if moved == 0 || fired == 0 {
		t.Errorf("red should have moved and shot: %d moves, %d shots", moved, fired)
	}
	if !strings.HasPrefix(banner, "Legio Ignatum: the AI (0.3 s a move) is thinking...") {
		t.Errorf("the banner should say blue's AI is thinking: %q", banner)
	}
	// Each decision's clock starts at 0.0 s (not at the last decision's
	// time), and at least one decision showed its time going up.
	redrawn := false
	for _, sp := range spells {
		if sp[0] != "0.0" {
			t.Errorf("a thinking banner began at %s s, not 0.0 s: the clock of an earlier decision was shown (%v)", sp[0], sp)
		}
		for i := 1; i < len(sp); i++ {
			if sp[i] > sp[i-1] {
				redrawn = true
			}
		}
	}
	if !redrawn {
		t.Errorf("no decision of blue's AI showed its thinking time going up: the window did not redraw while it thought (%v)", spells)
	}
	if reasons == 0 {
		t.Errorf("no dice log line gives blue's AI's reason with its depth (%s)", blueWhyLog)
	}
}
