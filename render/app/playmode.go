package app

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

// prompt is the in-window file name prompt (save and load).
type prompt struct {
	title string
	text  string
	do    func(path string) error
	// keepLast leaves the last save's name alone (a prompt for another
	// kind of file).
	keepLast bool
}

// Prompt is the in-window file prompt open now: its title and the text
// typed so far (ok is false when no prompt is open).
func (a *App) Prompt() (title, text string, ok bool) {
	if a.prompt == nil {
		return "", "", false
	}
	return a.prompt.title, a.prompt.text, true
}

// Play is the game session shown (nil in view mode).
func (a *App) Play() *play.Session { return a.play }

// SetPlay shows a game in the window (nil returns to view mode).
func (a *App) SetPlay(s *play.Session) {
	if a.play != nil && a.play != s {
		a.play.Close()
	}
	if s != nil && s != a.play {
		// A new or loaded game starts with clean tools: nothing measured
		// in the game before stays on its table.
		a.clearTools()
	}
	a.play = s
	if s != nil {
		if a.scn != s.G.Scenario {
			a.setScenario(s.G.Scenario)
		}
		a.title = s.G.Scenario.Name
		if s.AutosavePath == "" {
			s.AutosavePath = a.opts.AutosavePath
		}
	}
	a.dirty = true
}

// AutosaveDir is where the window autosaves games:
// os.UserConfigDir()/auspex/autosave.
func AutosaveDir() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "auspex", "autosave")
}

// playLayout is the play HUD's area.
func (a *App) playLayout() play.Layout {
	return play.Layout{W: float64(a.w), H: float64(a.h), DSF: a.dsf, Top: a.toolbarH(), Bottom: a.statusH(), Measure: a.fonts.Measure}
}

// playSig is a cheap summary of what the play overlays depend on, so the
// table is redrawn only when it changes.
func (a *App) playSig() string {
	s := a.play
	tray := -1
	if t := s.Tray(); t != nil {
		tray = t.At
	}
	// The rule system's part: its drafts, declarations and what its
	// overlays follow.
	return fmt.Sprintf("%d|%d|%s|%v|%v|%s|%d|%v|%s", s.State().Seq, s.Mode(), s.Selected, s.Path(), s.Highlight, s.Hover, tray, s.Dragging(), s.Sig())
}

// ctrl reports whether a control (or command) key is held.
func (a *App) ctrl() bool {
	return a.in.KeyDown(ebiten.KeyControl) || a.in.KeyDown(ebiten.KeyControlLeft) || a.in.KeyDown(ebiten.KeyMeta)
}

// updatePlay runs the game's turn flow for one frame: computer decisions,
// the file prompt, the play keys. It reports whether the frame's keys were
// consumed (the view tools then ignore them).
func (a *App) updatePlay() bool {
	s := a.play
	if s.Poll() {
		a.dirty = true
	}
	if s.Tick(1 / float64(ebiten.TPS())) {
		a.dirty = true
	}
	if a.prompt != nil {
		a.updatePrompt()
		return true
	}
	if a.leaving {
		a.updateLeaving()
		return true
	}
	// Shift snaps drawn legs to 15-degree steps; a charge catches an
	// enemy the pointer is within a few pixels of.
	s.AngleSnap = a.in.KeyDown(ebiten.KeyShift) || a.in.KeyDown(ebiten.KeyShiftLeft) || a.in.KeyDown(ebiten.KeyShiftRight)
	s.Slack = a.px(hitSlack) / a.cam.Scale
	a.updateDrag()
	press := a.in.KeyPressed
	ctrl := a.ctrl()
	switch {
	case ctrl && press(ebiten.KeyZ):
		_ = s.Undo()
	case ctrl && press(ebiten.KeyS):
		a.askSave()
	case ctrl && press(ebiten.KeyO):
		a.askLoad()
	case ctrl && press(ebiten.KeyN):
		a.askNewGame()
		return true
	case ctrl:
		return false
	}
	if s.Mode() == play.ModeHandover {
		if press(ebiten.KeyEnter) || press(ebiten.KeySpace) || press(ebiten.KeyNumpadEnter) {
			s.Continue()
		}
		return true
	}
	if s.Mode() == play.ModeDice {
		for _, f := range typedDice(a.in.Chars()) {
			s.TypeDie(f)
		}
		if press(ebiten.KeyBackspace) {
			s.TypeDie(0)
		}
		return true
	}
	if ctrl {
		return true
	}
	if s.Tray() != nil {
		switch {
		case press(ebiten.KeySpace) || press(ebiten.KeyEnter) || press(ebiten.KeyNumpadEnter):
			s.TrayNext()
			return true
		case press(ebiten.KeyEscape):
			s.TrayClose()
			return true
		}
	}
	used := true
	switch {
	case press(ebiten.KeyEnter) || press(ebiten.KeyNumpadEnter):
		s.Commit()
	case press(ebiten.KeySpace):
		// Space only moves the dice tray on (and continues past a
		// handover): it never ends a step or holds a titan.
		s.Msg, s.MsgErr = "Space only moves the dice on: E ends the step, H holds the selected unit", false
	case press(ebiten.KeyE):
		s.EndStep()
	case press(ebiten.KeyO):
		s.RevealSecrets()
	case press(ebiten.KeyH):
		s.Hold()
	case press(ebiten.KeyT):
		s.Key("T")
	case press(ebiten.KeyY):
		s.ToggleWhy()
	case press(ebiten.KeyTab):
		s.CycleSelection()
	case press(ebiten.KeyBracketLeft):
		s.TurnFacing(-45)
	case press(ebiten.KeyBracketRight):
		s.TurnFacing(45)
	case press(ebiten.KeyBackspace) && s.Drafted():
		s.UndoWaypoint()
		return true
	case press(ebiten.KeyEscape) && s.Dragging():
		s.CancelDrag()
		return true
	case press(ebiten.KeyEscape) && (s.Drafted() || len(s.Highlight) > 0):
		s.Cancel()
		s.Highlight = nil
		return true
	default:
		used = false
	}
	// F and S answer the initiative (the system says when).
	if press(ebiten.KeyF) && s.Key("F") {
		return true
	}
	if press(ebiten.KeyS) && s.Key("S") {
		return true
	}
	// Every other letter the play mode does not use goes to the system
	// first (E40K's orders: A, M, O...); what it does not take keeps its
	// table meaning (tools, panning).
	for _, k := range systemLetters() {
		if press(k.key) && s.Key(k.name) {
			return true
		}
	}
	digits := []ebiten.Key{ebiten.KeyDigit1, ebiten.KeyDigit2, ebiten.KeyDigit3, ebiten.KeyDigit4, ebiten.KeyDigit5, ebiten.KeyDigit6, ebiten.KeyDigit7, ebiten.KeyDigit8, ebiten.KeyDigit9}
	for i, k := range digits {
		if press(k) {
			s.Key(string(rune('1' + i)))
		}
	}
	return used
}

// typedDice are the die faces among typed characters (the digits 1-9).
func typedDice(chars []rune) []int {
	var out []int
	for _, r := range chars {
		if r >= '1' && r <= '9' {
			out = append(out, int(r-'0'))
		}
	}
	return out
}

// playClick handles a left click in play mode: HUD buttons first, then
// the table. It reports whether the click was used.
func (a *App) playClick(cur, p world.Vec) bool {
	if a.prompt != nil {
		return true
	}
	_, btns := a.play.HUD(a.playLayout())
	for i := len(btns) - 1; i >= 0; i-- {
		if btns[i].R.Contains(cur) {
			btns[i].Do()
			return true
		}
	}
	if a.play.Mode() == play.ModeHandover {
		return true
	}
	l := a.playLayout()
	if l.PanelRect().Contains(cur) || cur.Y < math.Max(l.Top+l.BannerH(), a.play.BannerBottom()) || cur.Y > l.H-l.Bottom-l.LogH() && cur.X < l.W-l.PanelW() {
		return true
	}
	if cur.Y < a.toolbarH() {
		return false
	}
	hit := ""
	if b := a.baseAt(p); b != nil {
		hit = b.ID
	}
	a.play.PressTable(p, hit)
	return true
}

// updateDrag follows a press-and-drag on the table (a path leg, a
// deployment's facing): the dragged point follows the mouse, and the
// release completes it.
func (a *App) updateDrag() {
	s := a.play
	if !s.Dragging() {
		return
	}
	cx, cy := a.in.Cursor()
	p := a.cam.ToWorld(world.Vec{X: float64(cx) * a.dsf, Y: float64(cy) * a.dsf})
	if a.in.MouseReleased(ebiten.MouseButtonLeft) || !a.in.MouseDown(ebiten.MouseButtonLeft) {
		s.ReleaseTable(p)
	} else {
		s.DragTo(p)
	}
	a.dirty = true
}

// playHover records the titan under the cursor (target reasons show on
// hover).
func (a *App) playHover(p world.Vec) {
	hit := ""
	if b := a.baseAt(p); b != nil {
		hit = b.ID
	}
	a.play.Hover = hit
	a.play.Cursor, a.play.HasCursor = p, true
}

// leaveGameMsg is the question Ctrl+N asks in a game that is not over.
const leaveGameMsg = "Leave this game for a new one? It is not over. Ctrl+N again or Enter: leave (its autosave is kept); Esc: stay"

// askNewGame handles Ctrl+N in play mode: a game that is over is left at
// once for the start screen (Options.NewGame); one that is not asks first
// (updateLeaving). A second Ctrl+N confirms.
func (a *App) askNewGame() {
	if a.opts.NewGame == nil {
		return
	}
	a.dirty = true
	if a.leaving || a.play.State().Over {
		a.leaving = false
		a.opts.NewGame(a)
		return
	}
	a.leaving = true
	a.play.Msg, a.play.MsgErr = leaveGameMsg, true
}

// updateLeaving is the frame's keys while Ctrl+N asks whether to leave the
// game: Enter (or Ctrl+N, handled before) leaves, Esc stays; other keys
// do nothing until the question is answered.
func (a *App) updateLeaving() {
	press := a.in.KeyPressed
	switch {
	case a.ctrl() && press(ebiten.KeyN), press(ebiten.KeyEnter), press(ebiten.KeyNumpadEnter):
		a.askNewGame()
	case press(ebiten.KeyEscape):
		a.leaving = false
		a.play.Msg, a.play.MsgErr = "Staying in the game", false
		a.dirty = true
	}
}

func (a *App) askSave() {
	dir := filepath.Join(filepath.Dir(AutosaveDir()), "saves")
	name := strings.ReplaceAll(strings.ToLower(a.title), " ", "-") + "-" + time.Now().Format("20060102-1504") + ".json"
	a.prompt = &prompt{title: "Save the game as (Enter saves, Ctrl+U clears, Esc cancels):", text: filepath.Join(dir, name), do: func(path string) error {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := a.play.Save(path); err != nil {
			return err
		}
		a.addRecent(path)
		return nil
	}}
}

func (a *App) askLoad() {
	def := a.lastSave
	if def == "" {
		def = filepath.Join(AutosaveDir(), "autosave.json")
	}
	a.prompt = &prompt{title: "Load a saved game (Enter loads, Ctrl+U clears, Esc cancels):", text: def, do: func(path string) error {
		s, err := a.opts.UIs.Load(a.opts.Systems, path, a.play.Kinds, game.Config{})
		if err != nil {
			return err
		}
		kept := ""
		if filepath.Clean(path) != filepath.Clean(a.play.AutosavePath) {
			// The loaded game autosaves where the one left did: that
			// one's autosave is kept aside first.
			kept = a.keepEarlierAutosave()
		}
		s.AutosavePath = a.play.AutosavePath
		a.SetPlay(s)
		a.addRecent(path)
		if kept != "" {
			// Both facts: what was loaded, and where the game left went.
			s.Msg, s.MsgErr = joinMsg(s.Msg, kept), false
		}
		return nil
	}}
}

func (a *App) updatePrompt() {
	p := a.prompt
	press := a.in.KeyPressed
	for _, r := range a.in.Chars() {
		if r >= 32 && r != 127 {
			p.text += string(r)
		}
	}
	switch {
	case press(ebiten.KeyEscape):
		a.prompt = nil
	case a.ctrl() && (press(ebiten.KeyU) || press(ebiten.KeyBackspace)):
		// Clear the whole name (Backspace does not repeat here).
		p.text = ""
	case press(ebiten.KeyBackspace):
		if n := len([]rune(p.text)); n > 0 {
			p.text = string([]rune(p.text)[:n-1])
		}
	case press(ebiten.KeyEnter) || press(ebiten.KeyNumpadEnter):
		path := strings.TrimSpace(p.text)
		a.prompt = nil
		switch err := p.do(path); {
		case err != nil && a.play != nil:
			a.play.Msg, a.play.MsgErr = err.Error(), true
		case err != nil && a.start != nil:
			a.start.err = err.Error()
		case err == nil && !p.keepLast:
			a.lastSave = path
		}
	}
	a.dirty = true
}

// promptPrims draws the file prompt.
func (a *App) promptPrims(out []scene.Prim) []scene.Prim {
	p := a.prompt
	size := a.px(14)
	w := float64(a.w) * 0.7
	h := a.px(90)
	x0, y0 := (float64(a.w)-w)/2, (float64(a.h)-h)/2
	out = append(out, rectPrim(scene.Rect{Min: world.Vec{X: x0, Y: y0}, Max: world.Vec{X: x0 + w, Y: y0 + h}}, color.NRGBA{20, 22, 26, 250}, hudActive(), a.px(2)))
	out = a.txt(out, x0+a.px(16), y0+a.px(24), p.title, size, true, hudActive())
	box := scene.Rect{Min: world.Vec{X: x0 + a.px(16), Y: y0 + a.px(42)}, Max: world.Vec{X: x0 + w - a.px(16), Y: y0 + a.px(72)}}
	out = append(out, rectPrim(box, color.NRGBA{250, 250, 250, 255}, hudDim(), a.px(1)))
	txt := p.text + "|"
	for a.fonts.Measure(txt, size, false) > box.W()-a.px(12) && len(txt) > 1 {
		txt = txt[1:]
	}
	out = a.txt(out, box.Min.X+a.px(6), (box.Min.Y+box.Max.Y)/2, txt, size, false, color.NRGBA{10, 10, 10, 255})
	return out
}

// helpSection is one context of the help overlay: its keys act only
// there (or, for the first play section, everywhere). Within a context,
// together with the keys that work any time, no key is listed twice; the
// keys are the first column, separated by ", ".
type helpSection struct {
	title string
	lines [][2]string
}

// playHelpSections are the keys of play mode by context, for the help
// overlay: the keys that work any time, then the rule system's sections
// (sys, from its SystemUI.HelpKeys: the first is the decider's turn, to
// which the keys play mode handles there itself are added), then the
// contexts play mode runs for every system. When a context is active its
// keys win over the table keys that share them: the dice tray takes
// Space, Enter and Esc, manual dice take the digits and Backspace, the
// handover takes Enter and Space, and Ctrl+N's question takes Enter and
// Esc.
func playHelpSections(sys []play.HelpSection) []helpSection {
	out := []helpSection{
		{"Any time", [][2]string{
			{"Ctrl+Z", "undo back to the last die roll (against the computer: your last decision and its replies)"},
			{"Ctrl+S, Ctrl+O", "save, load (file prompt; Ctrl+U clears the name); games autosave every command"},
			{"Ctrl+N", "new game (start screen); a game that is not over asks first"},
			{"Q, R, L", "select tool, ruler, line of sight"},
			{"G, K", "10 cm grid, terrain legend on or off"},
			{"Wheel, +, -", "zoom; over the dice log or panel: scroll"},
			{"Arrows, drag right/middle", "pan"},
			{"Home", "fit the table in the window"},
			{"F12", "save a screenshot (PNG)"},
			{"F1, ?", "this help (Esc closes it too)"},
		}},
	}
	turn := helpSection{title: "Your turn"}
	if len(sys) > 0 {
		turn.title = sys[0].Title
		turn.lines = append(turn.lines, sys[0].Lines...)
	}
	turn.lines = append(turn.lines,
		[2]string{"Tab", "select the next unit that may act"},
		[2]string{"Y", "why did the computer do that? Show or hide its last decision's reasons and the candidates it weighed"},
		[2]string{"0", "clear range rings (the Rings button adds them)"},
	)
	out = append(out, turn)
	for _, sc := range sys[min(1, len(sys)):] {
		out = append(out, helpSection{sc.Title, sc.Lines})
	}
	return append(out,
		helpSection{"Dice tray shown", [][2]string{
			{"Space, Enter", "show the next dice"},
			{"Esc", "close the dice tray (every roll stays in the dice log)"},
		}},
		helpSection{"Manual dice (typing the faces)", [][2]string{
			{"1-9", "type a face (or click a die face)"},
			{"Backspace", "remove the last face typed"},
		}},
		helpSection{"Handover between players", [][2]string{
			{"Enter, Space", "continue"},
		}},
		helpSection{"Ctrl+N asking whether to leave", [][2]string{
			{"Enter", "leave the game for the start screen, as Ctrl+N again does (its autosave is kept)"},
			{"Esc", "stay in the game"},
		}},
	)
}

// letterKey is a letter key and the name the system's Key gets.
type letterKey struct {
	key  ebiten.Key
	name string
}

// systemLetters are the letters play mode offers the system's UI first:
// all but E (end step), H (hold), O (own objective), T (given to the
// system above), Y (why), which play mode itself binds, and F and S
// (asked above).
func systemLetters() []letterKey {
	var out []letterKey
	for i := 0; i < 26; i++ {
		name := string(rune('A' + i))
		if strings.Contains("EHOTYFS", name) {
			continue
		}
		out = append(out, letterKey{ebiten.KeyA + ebiten.Key(i), name})
	}
	return out
}
