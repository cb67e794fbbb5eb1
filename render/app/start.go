package app

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/internal/fsutil"
	"github.com/auspex/auspex/render/adapt"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/raster"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

// StartOptions configure the start screen.
type StartOptions struct {
	// Catalogue parses scenarios (required).
	Catalogue *catalog.Catalogue
	// Preselect is the bundled scenario name or file chosen at first
	// (default scenarios.DefaultName).
	Preselect string
	// Seed is the seed shown at first; the caller picks it from a
	// non-rules source (the clock).
	Seed uint64
	// RecentFile lists recently played files (one per line); "" = none.
	RecentFile string
	// Datasheets are the player's own catalogue files Catalogue was
	// extended with (assets.LoadCatalogueWith), shown and added to on
	// the start screen.
	Datasheets []string
	// Builtin is the catalogue without the player's files (the start
	// screen's "built-in only"); nil: Catalogue.
	Builtin *catalog.Catalogue
}

// startEntry is one scenario on the start screen.
type startEntry struct {
	label, name, file string
	scn               *scenarios.Scenario
	err               error
	// save is set for a saved game (Enter resumes it).
	save bool
}

// startScreen is the start screen's state.
type startScreen struct {
	opts    StartOptions
	entries []startEntry
	sel     int
	options map[string]bool
	// optList are the options of the selected scenario's system (those
	// of the last scenario shown while an entry that failed to load is
	// selected).
	optList []play.Option
	kinds   map[string]string
	// chosen marks the sides the player switched (kept across scenarios).
	chosen    map[string]bool
	seed      string
	editing   bool
	manual    bool
	err       string
	thumbs    map[string]*ebiten.Image
	btns      []play.Button
	thumbRect scene.Rect
	// optCur is the rule option under the keyboard cursor (Left/Right
	// move it, Space toggles it); its description is shown unless the
	// mouse hovers another one.
	optCur int
	// optScroll is how far (device px) the options list is scrolled: the
	// list shows what fits between the sides and the option's description
	// (the wheel scrolls it); optFollow asks the next layout to scroll
	// the option under the keyboard cursor into view (after Left / Right).
	optScroll float64
	optFollow bool
	// docW and docN cache the most lines an option's description wraps
	// to at width docW (0: not worked out for this list), the room kept
	// under the list for the description.
	docW float64
	docN int
	// optDrawn are the option rows the last layout drew and optHeads the
	// group headings it drew (for tests: StartOptionRows).
	optDrawn []OptionRow
	optHeads []string
	// descPop is the selected scenario's whole description (wrapped) when
	// it was cut and the mouse points at it, drawn over the screen at
	// descAt; nil otherwise.
	descPop []string
	descAt  world.Vec
	// With manual dice, the game's set-up rolls (objective cards, the
	// deployment roll-off, the first initiative) are typed here before
	// the game starts: need is the roll wanted now (nil when none),
	// startDice the faces of the rolls already complete, typed the faces
	// of the roll being typed.
	need      *rules.DiceRequest
	startDice []int
	typed     []int
	// pad is the dice entry drawn over everything while need is set.
	pad []scene.Prim
}

// canPlay reports whether the window can play games of the rule system
// id: the build registers the system and its play UI.
func (a *App) canPlay(id string) bool {
	if _, err := a.opts.Systems.ByID(id); err != nil {
		return false
	}
	_, err := a.opts.UIs.For(id)
	return err == nil
}

// MaxRecentSize caps the recent files list read from disk: a few paths
// (at most maxRecent), so 64 KiB is far beyond any real list.
const MaxRecentSize = 64 << 10

// maxRecent is how many recent files the list keeps.
const maxRecent = 8

// RecentFiles reads the recent files list (missing file: none). It reads
// only a regular file of at most MaxRecentSize bytes (fsutil.ReadRegular):
// a FIFO or a device there is never opened for a blocking read, and a
// larger or unreadable file counts as no list.
func RecentFiles(path string) []string {
	data, err := fsutil.ReadRegular(path, MaxRecentSize)
	if err != nil {
		return nil
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// AddRecent puts file first in the recent files list (at most maxRecent
// kept).
func AddRecent(list, file string) error {
	if list == "" || file == "" {
		return nil
	}
	out := []string{file}
	for _, f := range RecentFiles(list) {
		if f != file && len(out) < maxRecent {
			out = append(out, f)
		}
	}
	if err := os.MkdirAll(filepath.Dir(list), 0o755); err != nil {
		return err
	}
	return os.WriteFile(list, []byte(strings.Join(out, "\n")+"\n"), 0o644)
}

// openStart shows the start screen.
func (a *App) openStart(o StartOptions) {
	st := &startScreen{opts: o, options: map[string]bool{}, kinds: map[string]string{}, chosen: map[string]bool{}, seed: strconv.FormatUint(o.Seed, 10), thumbs: map[string]*ebiten.Image{}}
	pre := o.Preselect
	if pre == "" {
		pre = scenarios.DefaultName
	}
	for _, b := range scenarios.Bundled() {
		if !a.canPlay(b.System) {
			continue
		}
		e := startEntry{label: b.Title, name: b.Name}
		if e.label == "" {
			e.label = b.Name
		}
		e.scn, e.err = scenarios.LoadBundled(b.Name, o.Catalogue)
		st.entries = append(st.entries, e)
	}
	if o.RecentFile != "" {
		for _, f := range RecentFiles(o.RecentFile) {
			e := startEntry{label: "recent: " + filepath.Base(f), file: f}
			if isSaveFile(f) {
				e.save, e.label = true, "recent save: "+filepath.Base(f)
				if g, err := a.loadRecentSave(f, game.Config{Catalogue: o.Catalogue}); err != nil {
					e.err = err
				} else {
					e.scn = g.Scenario
				}
			} else {
				e.scn, e.err = scenarios.Load(f, o.Catalogue)
			}
			st.entries = append(st.entries, e)
		}
	}
	if strings.Contains(pre, "/") || strings.HasSuffix(pre, ".yaml") {
		e := startEntry{label: "file: " + filepath.Base(pre), file: pre}
		e.scn, e.err = scenarios.Load(pre, o.Catalogue)
		st.entries = append([]startEntry{e}, st.entries...)
	}
	for i, e := range st.entries {
		if e.name == pre || e.file == pre {
			st.sel = i
			break
		}
	}
	for _, e := range st.entries {
		if l := a.optionsFor(e.scn); l != nil {
			st.setOptList(l)
			break
		}
	}
	for _, op := range st.optList {
		st.options[op.ID] = op.Default
	}
	a.start = st
	a.selectEntry(st.sel)
	a.title = "new game"
	a.dirty = true
}

// OpenStart shows the start screen (a game in progress is left; its
// autosave keeps it).
func (a *App) OpenStart(o StartOptions) {
	if a.play != nil {
		a.leftAutosave = a.play.AutosavePath
		a.play.Close()
		a.play = nil
	}
	a.leaving = false
	a.openStart(o)
}

// StartError is the error the start screen shows ("" when none).
func (a *App) StartError() string {
	if a.start == nil {
		return ""
	}
	return a.start.err
}

// StartShown reports whether the start screen is open.
func (a *App) StartShown() bool { return a.start != nil }

// selectEntry picks scenario i, its sides' controllers and its options.
func (a *App) selectEntry(i int) {
	st := a.start
	if i < 0 || i >= len(st.entries) {
		return
	}
	st.sel = i
	e := st.entries[i]
	if e.scn == nil {
		return
	}
	kinds := map[string]string{}
	own := play.ScenarioKinds(e.scn)
	for _, sd := range e.scn.Sides {
		k := own[sd.ID]
		if old, ok := st.kinds[sd.ID]; ok && st.chosen[sd.ID] && validKind(e.scn, sd.ID, old) {
			// Keep what the player chose for this side; otherwise the
			// scenario's own controllers (a hotseat mission's two humans).
			k = old
		}
		kinds[sd.ID] = k
	}
	st.kinds = kinds
	if l := a.optionsFor(e.scn); l != nil && !sameOptions(l, st.optList) {
		st.setOptList(l)
	}
	st.options = map[string]bool{}
	for _, op := range st.optList {
		on := op.Default
		for _, so := range e.scn.Options {
			if so == op.ID {
				on = true
			}
		}
		st.options[op.ID] = on
	}
}

// sameOptions reports whether two option lists list the same ids in the
// same order (the scenarios of one system).
func sameOptions(a, b []play.Option) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].ID != b[i].ID {
			return false
		}
	}
	return true
}

// askDatasheets opens the prompt for a catalogue file of the player's own
// datasheets (C on the start screen).
func (a *App) askDatasheets() {
	def := ""
	if n := len(a.start.opts.Datasheets); n > 0 {
		def = filepath.Dir(a.start.opts.Datasheets[n-1]) + string(filepath.Separator)
	} else if wd, err := os.Getwd(); err == nil {
		def = wd + string(filepath.Separator)
	}
	a.prompt = &prompt{title: "Your own datasheets: a catalogue file (Enter adds it, Ctrl+U clears, Esc cancels):", text: def, keepLast: true,
		do: func(path string) error {
			if path == "" {
				return errors.New("no file named")
			}
			return a.useDatasheets(append(append([]string(nil), a.start.opts.Datasheets...), path))
		}}
	a.dirty = true
}

// useDatasheets extends the built-in catalogue with the player's
// catalogue files (none: the built-in one alone) and reopens the start
// screen's scenarios with it, keeping the selection, the players, the
// seed and the dice mode. A file that does not load changes nothing: the
// error (file:line:col for each problem) is returned.
func (a *App) useDatasheets(files []string) error {
	st := a.start
	base := st.opts.Builtin
	if base == nil {
		base = st.opts.Catalogue
	}
	cat := base
	if len(files) > 0 {
		var srcs []assets.Source
		for _, f := range files {
			src, err := assets.ReadCatalogueFile(f)
			if err != nil {
				return err
			}
			srcs = append(srcs, src)
		}
		var err error
		if cat, err = assets.ExtendCatalogue(base, srcs...); err != nil {
			return fmt.Errorf("your datasheets do not load (nothing changed):\n%w", err)
		}
	}
	o := st.opts
	o.Catalogue, o.Builtin, o.Datasheets = cat, base, files
	sel := st.entries[st.sel]
	kinds, chosen, seed, manual := st.kinds, st.chosen, st.seed, st.manual
	a.openStart(o)
	n := a.start
	n.chosen, n.seed, n.manual = chosen, seed, manual
	n.kinds = kinds
	for i, e := range n.entries {
		if e.name == sel.name && e.file == sel.file {
			n.sel = i
		}
	}
	a.selectEntry(n.sel)
	return nil
}

// StartGame starts the selected game (Enter on the start screen).
func (a *App) StartGame() error {
	st := a.start
	if st == nil {
		return fmt.Errorf("no start screen")
	}
	e := st.entries[st.sel]
	if e.scn == nil {
		return fmt.Errorf("%s does not load: %v", e.label, e.err)
	}
	if e.save {
		return a.resumeRecent(e)
	}
	seed, err := strconv.ParseUint(strings.TrimSpace(st.seed), 10, 64)
	if err != nil {
		return fmt.Errorf("the seed must be a whole number: %q", st.seed)
	}
	opts := map[string]string{}
	for k, on := range st.options {
		opts[k] = "off"
		if on {
			opts[k] = "on"
		}
	}
	cfg := game.Config{Seed: seed, Options: opts, ManualDice: st.manual, StartDice: st.startDice}
	g, err := a.opts.Systems.New(e.scn, cfg)
	var need *rules.NeedDiceError
	if st.manual && errors.As(err, &need) {
		// The set-up wants a roll the players make: ask for it here and
		// start again when it is typed (typeStartDie).
		r := need.Request
		st.need, st.typed = &r, nil
		st.err = ""
		a.dirty = true
		return nil
	}
	if err != nil {
		st.startDice, st.need, st.typed = nil, nil, nil
		return err
	}
	s, err := a.opts.UIs.New(g, st.kinds)
	if err != nil {
		st.startDice, st.need, st.typed = nil, nil, nil
		return err
	}
	a.leaveStart(e, s)
	return nil
}

// resumeRecent resumes a recently played saved game from the start screen.
func (a *App) resumeRecent(e startEntry) error {
	st := a.start
	s, err := a.opts.UIs.Load(a.opts.Systems, e.file, st.kinds, game.Config{Catalogue: st.opts.Catalogue})
	if err != nil {
		return err
	}
	a.leaveStart(e, s)
	return nil
}

// leaveStart closes the start screen and shows the game s started from
// entry e. An earlier game's autosave is kept aside first (never
// overwritten by the new game), and e's file goes first in the recent list.
func (a *App) leaveStart(e startEntry, s *play.Session) {
	st := a.start
	a.start = nil
	for _, im := range st.thumbs {
		if im != nil {
			im.Deallocate()
		}
	}
	kept := ""
	if e.file == "" || filepath.Clean(e.file) != filepath.Clean(a.opts.AutosavePath) {
		kept = a.keepEarlierAutosave()
	}
	a.setScenario(e.scn)
	a.fitted = false
	a.SetPlay(s)
	if e.file != "" {
		a.addRecent(e.file)
	}
	if kept != "" {
		s.Msg, s.MsgErr = kept, false
	}
}

// typeStartDie adds a typed face to the set-up roll wanted (face 0
// removes the last one); when the roll is complete the game is started
// again with every set-up face so far.
func (a *App) typeStartDie(face int) {
	st := a.start
	if st == nil || st.need == nil {
		return
	}
	a.dirty = true
	if face == 0 {
		if n := len(st.typed); n > 0 {
			st.typed = st.typed[:n-1]
		}
		return
	}
	if face < 1 || face > st.need.Sides {
		st.err = fmt.Sprintf("a D%d shows 1 to %d", st.need.Sides, st.need.Sides)
		return
	}
	st.typed = append(st.typed, face)
	if len(st.typed) < st.need.N-st.need.Have {
		return
	}
	st.startDice = append(st.startDice, st.typed...)
	st.need, st.typed = nil, nil
	if err := a.StartGame(); err != nil && a.start != nil {
		a.start.err = err.Error()
	}
}

// StartDiceWanted is the set-up roll the start screen asks for (nil when
// none) and the faces typed for it so far.
func (a *App) StartDiceWanted() (*rules.DiceRequest, []int) {
	if a.start == nil {
		return nil, nil
	}
	return a.start.need, a.start.typed
}

// updateStart handles the start screen's input.
func (a *App) updateStart() {
	st := a.start
	press := a.in.KeyPressed
	if a.prompt != nil {
		a.updatePrompt()
		return
	}
	if st.need != nil {
		// Typing the dice of the game's set-up.
		for _, f := range typedDice(a.in.Chars()) {
			a.typeStartDie(f)
		}
		switch {
		case press(ebiten.KeyBackspace):
			a.typeStartDie(0)
		case press(ebiten.KeyEscape):
			st.need, st.typed, st.startDice = nil, nil, nil
		}
		a.startClick()
		a.dirty = true
		return
	}
	if st.editing {
		for _, r := range a.in.Chars() {
			if r >= '0' && r <= '9' && len(st.seed) < 19 {
				st.seed += string(r)
			}
		}
		if press(ebiten.KeyBackspace) && len(st.seed) > 0 {
			st.seed = st.seed[:len(st.seed)-1]
		}
		if press(ebiten.KeyEscape) || press(ebiten.KeyTab) || press(ebiten.KeyEnter) || press(ebiten.KeyNumpadEnter) {
			st.editing = false
			a.dirty = true
			return
		}
	}
	switch {
	case press(ebiten.KeyEnter) || press(ebiten.KeyNumpadEnter):
		if err := a.StartGame(); err != nil {
			st.err = err.Error()
		}
		return
	case press(ebiten.KeyArrowDown):
		a.selectEntry((st.sel + 1) % len(st.entries))
	case press(ebiten.KeyArrowUp):
		a.selectEntry((st.sel + len(st.entries) - 1) % len(st.entries))
	case st.editing:
	case press(ebiten.KeyM):
		st.manual = !st.manual
	case press(ebiten.KeyE):
		st.editing = true
	case press(ebiten.KeyC):
		a.askDatasheets()
	case len(st.optList) == 0 && (press(ebiten.KeyArrowRight) || press(ebiten.KeyArrowLeft) || press(ebiten.KeySpace)):
		// No options to choose among.
	case press(ebiten.KeyArrowRight):
		st.optCur = (st.optCur + 1) % len(st.optList)
		st.optFollow = true
	case press(ebiten.KeyArrowLeft):
		n := len(st.optList)
		st.optCur = (st.optCur + n - 1) % n
		st.optFollow = true
	case press(ebiten.KeySpace):
		id := st.optList[st.optCur%len(st.optList)].ID
		st.options[id] = !st.options[id]
	default:
		if e := st.entries[st.sel]; e.scn != nil {
			digits := []ebiten.Key{ebiten.KeyDigit1, ebiten.KeyDigit2, ebiten.KeyDigit3, ebiten.KeyDigit4}
			for i, k := range digits {
				if press(k) && i < len(e.scn.Sides) {
					st.toggleSide(e.scn.Sides[i].ID)
				}
			}
		}
	}
	if _, wy := a.in.Wheel(); wy != 0 {
		// The wheel scrolls the rules options (the layout keeps the
		// scroll inside the list).
		st.optScroll -= wy * a.px(optRowH)
		st.optFollow = false
	}
	a.startClick()
	a.dirty = true
}

// startClick runs the start screen button under a left click.
func (a *App) startClick() {
	if a.start == nil || !a.in.MousePressed(ebiten.MouseButtonLeft) {
		return
	}
	cx, cy := a.in.Cursor()
	p := world.Vec{X: float64(cx) * a.dsf, Y: float64(cy) * a.dsf}
	for i := len(a.start.btns) - 1; i >= 0; i-- {
		if b := a.start.btns[i]; b.R.Contains(p) {
			b.Do()
			break
		}
	}
}

// toggleSide moves a side on to its next player (play.KindChoices:
// human, the scenario's script for that side, the AI at 1, 3 and 0.3 s a
// move, the basic computer).
func (st *startScreen) toggleSide(id string) {
	st.chosen[id] = true
	var scn *scenarios.Scenario
	if st.sel >= 0 && st.sel < len(st.entries) {
		scn = st.entries[st.sel].scn
	}
	st.kinds[id] = play.NextKind(scn, id, st.kinds[id])
}

// validKind reports whether k is one of the players offered for side.
func validKind(scn *scenarios.Scenario, side, k string) bool {
	for _, c := range play.KindChoices(scn, side) {
		if c == k {
			return true
		}
	}
	return false
}

// StartButton returns the centre (device-independent px) of the start
// screen's button with label, for scripted clicks.
func (a *App) StartButton(label string) (int, int, bool) {
	if a.start == nil {
		return 0, 0, false
	}
	a.startPrims()
	for _, b := range a.start.btns {
		if b.Label == label {
			c := b.R.Min.Lerp(b.R.Max, 0.5)
			return int(c.X / a.dsf), int(c.Y / a.dsf), true
		}
	}
	return 0, 0, false
}

// startPrims lays out the start screen and its buttons.
func (a *App) startPrims() []scene.Prim {
	st := a.start
	st.btns, st.pad, st.descPop = nil, nil, nil
	var out []scene.Prim
	W, H := float64(a.w), float64(a.h)
	out = append(out, rectPrim(scene.Rect{Max: world.Vec{X: W, Y: H}}, color.NRGBA{30, 33, 38, 255}, transparent(), 0))
	big, norm, small := a.px(22), a.px(14), a.px(12)
	x, y := a.px(30), a.px(40)
	out = a.txt(out, x, y, "Auspex - new game", big, true, hudActive())
	y += a.px(26)
	out = a.txt(out, x, y, "Pick a scenario, who plays each side and the rules, then press Enter or Start. Every control has its key in brackets.", norm, false, hudText())
	cx, cy := a.in.Cursor()
	mouse := world.Vec{X: float64(cx) * a.dsf, Y: float64(cy) * a.dsf}
	// fitButton draws a button whose label fit shortens to its width (the
	// button keeps the whole label); button shortens it in the middle.
	fitButton := func(x, y, w float64, label string, active bool, do func(), fit func(string, float64, bool, float64) string) {
		r := scene.Rect{Min: world.Vec{X: x, Y: y}, Max: world.Vec{X: x + w, Y: y + a.px(26)}}
		fill, tc := hudButton(), hudText()
		if active {
			fill, tc = hudActive(), color.NRGBA{20, 20, 20, 255}
		}
		out = append(out, rectPrim(r, fill, color.NRGBA{90, 95, 105, 255}, a.px(1)))
		out = a.txt(out, x+a.px(8), y+a.px(13), fit(label, norm, active, w-a.px(16)), norm, active, tc)
		st.btns = append(st.btns, play.Button{Label: label, R: r, Do: do})
	}
	button := func(x, y, w float64, label string, active bool, do func()) {
		fitButton(x, y, w, label, active, do, a.fitLabel)
	}
	// Scenarios.
	y += a.px(30)
	out = a.txt(out, x, y, "Scenario (Up / Down)", norm, true, hudText())
	y += a.px(14)
	colW := math.Min(a.px(340), W*0.3)
	for i, e := range st.entries {
		i := i
		label := e.label
		if e.err != nil {
			label += " (does not load)"
		}
		button(x, y, colW, label, i == st.sel, func() { a.selectEntry(i) })
		y += a.px(30)
	}
	// Middle column: description, sides, options.
	x2 := x + colW + a.px(30)
	y2 := a.px(110)
	colW2 := math.Min(a.px(420), W*0.35)
	e := st.entries[st.sel]
	if e.scn != nil {
		out = a.txt(out, x2, y2, e.scn.Name, norm, true, hudActive())
		y2 += a.px(20)
		// A long description is cut (at most 28% of the window's height)
		// so that the rules options keep room; pointing at it shows it
		// whole, over the options.
		desc := a.wrap(e.scn.Description, small, colW2, false)
		keep := max(3, int(H*0.28/(small*1.35)))
		d0 := y2
		for i, l := range desc {
			if i == keep-1 && len(desc) > keep {
				out = a.txt(out, x2, y2, a.fitTail(l+" … (point here: all of it)", small, false, colW2), small, false, hudDim())
				y2 += small * 1.35
				break
			}
			out = a.txt(out, x2, y2, l, small, false, hudText())
			y2 += small * 1.35
		}
		if dr := (scene.Rect{Min: world.Vec{X: x2, Y: d0 - small}, Max: world.Vec{X: x2 + colW2, Y: y2}}); len(desc) > keep && dr.Contains(mouse) {
			st.descPop = desc
			st.descAt = dr.Min
		}
		y2 += a.px(10)
		out = a.txt(out, x2, y2, "Sides (click or the side's number: who plays it)", norm, true, hudText())
		y2 += a.px(14)
		for i, sd := range e.scn.Sides {
			id := sd.ID
			k := st.kinds[id]
			n := 0
			allTitans := true
			for _, f := range sd.Formations {
				n += len(f.Units)
				for _, u := range f.Units {
					allTitans = allTitans && u.Profile != nil && u.Profile.Class == "titan"
				}
			}
			// "titans" for a titan force, "units" for any other.
			titans := "units"
			if allTitans {
				titans = "titans"
			}
			if n == 1 {
				titans = strings.TrimSuffix(titans, "s")
			}
			button(x2, y2, colW2, fmt.Sprintf("[%d] %s (%d %s): %s", i+1, sd.Name, n, titans, play.KindLabel(k)), false, func() { st.toggleSide(id) })
			y2 += a.px(30)
		}
		if e.scn.Mission != nil && e.scn.Mission.Secret {
			y2 += a.px(6)
			for _, l := range a.wrap("Secret objectives: with two human players each objective stays hidden until its player presses O, and the window asks to pass the screen only after one was shown.", small, colW2, false) {
				out = a.txt(out, x2, y2, l, small, false, hudActive())
				y2 += small * 1.35
			}
			y2 += a.px(4)
		}
	} else if e.err != nil {
		for _, l := range a.wrap(e.err.Error(), small, colW2, false) {
			out = a.txt(out, x2, y2, l, small, false, color.NRGBA{255, 120, 120, 255})
			y2 += small * 1.35
		}
	}
	// Right column: thumbnail, seed, dice, start; below the middle column
	// when the window is too narrow for it.
	x3 := x2 + colW2 + a.px(30)
	tw := W - x3 - a.px(30)
	narrow := tw <= a.px(120)
	reserve := 0.0
	if narrow {
		reserve = a.px(180)
	}
	y2 += a.px(10)
	var docOf play.Option
	y2, docOf = a.startOptions(&out, x2, y2, colW2, H-reserve, mouse, fitButton, narrow)
	y3 := a.px(110)
	if !narrow {
		st.thumbRect = scene.Rect{Min: world.Vec{X: x3, Y: y3}, Max: world.Vec{X: x3 + tw, Y: y3 + tw*2/3}}
		out = append(out, rectPrim(st.thumbRect, color.NRGBA{50, 54, 60, 255}, hudDim(), a.px(1)))
		y3 += tw*2/3 + a.px(20)
	} else {
		st.thumbRect = scene.Rect{}
		x3 = x2
		y3 = y2 + a.px(20)
		tw = colW2
	}
	seed := st.seed
	if st.editing {
		seed += "|"
	}
	button(x3, y3, tw, "Seed: "+seed+" (E or click to type, Enter or Tab ends)", st.editing, func() { st.editing = !st.editing })
	y3 += a.px(32)
	dice := "[ ] manual dice: roll real dice and type them (M)"
	if st.manual {
		dice = "[x] manual dice: roll real dice and type them (M)"
	}
	button(x3, y3, tw, dice, false, func() { st.manual = !st.manual })
	y3 += a.px(32)
	sheets := "Datasheets: built-in (C: add your own file)"
	if n := len(st.opts.Datasheets); n > 0 {
		names := make([]string, n)
		for i, f := range st.opts.Datasheets {
			names[i] = filepath.Base(f)
		}
		sheets = "Datasheets: built-in + " + strings.Join(names, ", ") + " (C adds)"
	}
	button(x3, y3, tw, sheets, false, a.askDatasheets)
	if len(st.opts.Datasheets) > 0 {
		y3 += a.px(30)
		button(x3, y3, tw, "Use the built-in datasheets only", false, func() { a.useDatasheets(nil) })
	}
	y3 += a.px(40)
	button(x3, y3, a.px(160), "Start (Enter)", true, func() {
		if err := a.StartGame(); err != nil && a.start != nil {
			a.start.err = err.Error()
		}
	})
	if st.err != "" {
		y3 += a.px(40)
		for _, l := range a.wrap(st.err, small, tw, false) {
			out = a.txt(out, x3, y3, l, small, false, color.NRGBA{255, 120, 120, 255})
			y3 += small * 1.35
		}
	}
	if !narrow && docOf.ID != "" {
		// The rules option under the mouse or the cursor, described.
		out, _ = a.optionDoc(out, x3, y3+a.px(44), tw, docOf)
	}
	if st.descPop != nil {
		// The whole scenario description, over the options.
		line := small * 1.35
		r := scene.Rect{Min: st.descAt.Sub(world.Vec{X: a.px(6), Y: a.px(4)}), Max: st.descAt.Add(world.Vec{X: colW2 + a.px(6), Y: float64(len(st.descPop))*line + a.px(10)})}
		st.pad = append(st.pad, rectPrim(r, color.NRGBA{20, 22, 26, 250}, hudActive(), a.px(1)))
		yy := st.descAt.Y + small
		for _, l := range st.descPop {
			st.pad = a.txt(st.pad, st.descAt.X, yy, l, small, false, hudText())
			yy += line
		}
	}
	if a.prompt != nil {
		// The datasheet file prompt, drawn over everything.
		st.pad = a.promptPrims(append(st.pad, rectPrim(scene.Rect{Max: world.Vec{X: W, Y: H}}, color.NRGBA{0, 0, 0, 150}, transparent(), 0)))
	}
	if st.need != nil {
		// The set-up roll being typed, over the middle of the screen.
		pw := math.Min(W-a.px(40), a.px(620))
		r := scene.Rect{Min: world.Vec{X: (W - pw) / 2, Y: H/2 - a.px(60)}, Max: world.Vec{X: (W + pw) / 2, Y: H/2 + a.px(60)}}
		l := play.Layout{W: W, H: H, DSF: a.dsf, Measure: a.fonts.Measure}
		prims, btns := play.DicePad(l, r, "Manual dice: the rolls before the first decision (Esc goes back)", *st.need, st.typed, a.typeStartDie)
		// Drawn in a pass of its own over the screen and the thumbnail
		// (the renderer draws text after shapes within a pass).
		st.pad = append([]scene.Prim{rectPrim(scene.Rect{Max: world.Vec{X: W, Y: H}}, color.NRGBA{0, 0, 0, 150}, transparent(), 0)}, prims...)
		st.btns = append(st.btns, btns...)
	}
	return out
}

// optRowH and optHeadH are the heights (device-independent px) of an
// option's row and of a group's heading in the rules options list.
const (
	optRowH  = 28
	optHeadH = 18
)

// fitTail shortens label to fit w pixels at size by cutting its end
// (replaced by "…"): a sentence keeps its beginning.
func (a *App) fitTail(label string, size float64, bold bool, w float64) string {
	if w <= 0 || a.MeasureText(label, size, bold) <= w {
		return label
	}
	rs := []rune(label)
	short := func(n int) string { return strings.TrimRight(string(rs[:n]), " ,;:") + "…" }
	// The longest beginning that fits, found by halving.
	lo, hi := 0, len(rs)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if a.MeasureText(short(mid), size, bold) <= w {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if lo == 0 {
		return "…"
	}
	return short(lo)
}

// drawStart draws the start screen with the selected scenario's
// thumbnail (rendered once per scenario by render/raster and cached).
func (a *App) drawStart(dst *ebiten.Image) {
	prims := a.startPrims()
	a.rend.DrawPrims(dst, prims, 1, world.Vec{})
	st := a.start
	defer func() {
		if len(st.pad) > 0 {
			a.rend.DrawPrims(dst, st.pad, 1, world.Vec{})
		}
	}()
	if st.thumbRect.W() <= 0 {
		return
	}
	e := st.entries[st.sel]
	if e.scn == nil {
		return
	}
	// One thumbnail per scenario and size (the window may be resized).
	prefix := e.name + "|" + e.file + "|"
	key := fmt.Sprintf("%s%.0fx%.0f", prefix, st.thumbRect.W(), st.thumbRect.H())
	im, ok := st.thumbs[key]
	if !ok {
		for k, old := range st.thumbs {
			if strings.HasPrefix(k, prefix) {
				// The scenario's picture at an earlier window size.
				if old != nil {
					old.Deallocate()
				}
				delete(st.thumbs, k)
			}
		}
		im = a.thumbnail(e.scn, st.thumbRect.W(), st.thumbRect.H())
		st.thumbs[key] = im
	}
	if im == nil {
		return
	}
	var op ebiten.DrawImageOptions
	op.GeoM.Translate(st.thumbRect.Min.X, st.thumbRect.Min.Y)
	dst.DrawImage(im, &op)
}

// thumbnail renders a scenario small with the PNG renderer.
func (a *App) thumbnail(s *scenarios.Scenario, w, h float64) *ebiten.Image {
	in := adapt.Input(s)
	scale := math.Min(w/(in.Table.W+8), h/(in.Table.H+8))
	sc := scene.Build(in, scene.View{Scale: scale, Measure: a.fonts.Measure})
	img, err := raster.Render(sc, a.fonts)
	if err != nil {
		return nil
	}
	return ebiten.NewImageFromImage(img)
}

// fitLabel shortens label to fit w pixels at size: runes are taken out of
// its middle and replaced by "…", so that a long file name keeps its start
// and its end ("recent save: version-ne… (does not load)").
func (a *App) fitLabel(label string, size float64, bold bool, w float64) string {
	if w <= 0 || a.MeasureText(label, size, bold) <= w {
		return label
	}
	rs := []rune(label)
	for cut := 1; cut < len(rs); cut++ {
		head := (len(rs) - cut) * 2 / 5
		short := string(rs[:head]) + "…" + string(rs[head+cut:])
		if a.MeasureText(short, size, bold) <= w {
			return short
		}
	}
	return "…"
}
