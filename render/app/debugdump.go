package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/internal/fsutil"
	"github.com/auspex/auspex/render/adapt"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

// DebugDump is what the window writes to Options.DebugDump after every
// frame whose content changed, so that a test driving the built binary
// with real X input can see what the window shows without reading pixels.
// Every position is in window pixels (device-independent, what the X
// server and xdotool use) unless its name says cm.
type DebugDump struct {
	// Seq counts the dumps written (1 for the first); Frame is the
	// window's Update count when this one was written.
	Seq   int `json:"seq"`
	Frame int `json:"frame"`
	// Screen is "start" (the start screen), "play" (a game) or "view"
	// (a scenario with the tools only).
	Screen string     `json:"screen"`
	Title  string     `json:"title"`
	Window DumpWindow `json:"window"`
	Camera DumpCamera `json:"camera"`
	// Play is the game's state as the window shows it (nil outside
	// play).
	Play *DumpPlay `json:"play,omitempty"`
	// Selected is the selected unit ("" for none).
	Selected string `json:"selected"`
	// Units are every unit of the game (play) or the scenario (view).
	Units []DumpUnit `json:"units"`
	// Buttons are the clickable areas: the toolbar, the play HUD (banner
	// buttons, choice-list entries, dice log rows as "log", the
	// handover's Continue) and the start screen's buttons.
	Buttons []DumpButton `json:"buttons"`
	// Texts are every string drawn this frame: the HUD's (Where "hud")
	// and the table's labels inside the window (Where "table").
	Texts []DumpText `json:"texts"`
	// Prompt is the in-window file prompt when open.
	Prompt *DumpPrompt `json:"prompt,omitempty"`
	// Banner is the error banner ("" when none).
	Banner string `json:"banner,omitempty"`
}

// DumpWindow is the window's size.
type DumpWindow struct {
	// W and H are in window pixels; DeviceW and DeviceH in device pixels
	// (W times DeviceScale, rounded up).
	W           int     `json:"w"`
	H           int     `json:"h"`
	DeviceW     int     `json:"device_w"`
	DeviceH     int     `json:"device_h"`
	DeviceScale float64 `json:"device_scale"`
}

// DumpCamera is the camera: a table point (x, y) in cm is drawn at window
// pixel ((x*Scale + OffX) / DeviceScale, (y*Scale + OffY) / DeviceScale),
// where Scale is device pixels per cm and OffX, OffY device pixels. Map
// says the same with the numbers filled in.
type DumpCamera struct {
	Scale       float64 `json:"scale"`
	OffX        float64 `json:"off_x"`
	OffY        float64 `json:"off_y"`
	DeviceScale float64 `json:"device_scale"`
	Map         string  `json:"map"`
}

// ToWindow maps a table point in cm to window pixels.
func (c DumpCamera) ToWindow(x, y float64) (float64, float64) {
	d := c.DeviceScale
	if d <= 0 {
		d = 1
	}
	return (x*c.Scale + c.OffX) / d, (y*c.Scale + c.OffY) / d
}

// ToTable maps window pixels to a table point in cm.
func (c DumpCamera) ToTable(x, y float64) (float64, float64) {
	d := c.DeviceScale
	if d <= 0 {
		d = 1
	}
	return (x*d - c.OffX) / c.Scale, (y*d - c.OffY) / c.Scale
}

// DumpPlay is the game as the window shows it.
type DumpPlay struct {
	// Mode is "turn", "handover", "thinking", "dice" or "over".
	Mode string `json:"mode"`
	// Commands is the number of commands played (the state's Seq).
	Commands int    `json:"commands"`
	Turn     int    `json:"turn"`
	Phase    string `json:"phase"`
	Step     string `json:"step"`
	// Decider is the side that must decide; Viewer the side whose
	// secrets may be drawn ("" for nobody's).
	Decider string `json:"decider"`
	Viewer  string `json:"viewer"`
	// Pending is the kind of decision waited for and Playable the units
	// that may act in it.
	Pending  string   `json:"pending,omitempty"`
	Playable []string `json:"playable,omitempty"`
	// Tray is set while the dice tray shows rolls; Dragging while a
	// press-and-drag on the table is in progress.
	Tray     bool `json:"tray"`
	Dragging bool `json:"dragging"`
	// Draft is the drafted move path (cm) and Shots the declared shots
	// ("mount>target").
	Draft []world.Vec `json:"draft,omitempty"`
	Shots []string    `json:"shots,omitempty"`
	// Weapon is the mount chosen for the next target click.
	Weapon string `json:"weapon,omitempty"`
	// Msg is the message line (MsgErr for a refusal).
	Msg    string `json:"msg,omitempty"`
	MsgErr bool   `json:"msg_err,omitempty"`
	Over   bool   `json:"over"`
	Winner string `json:"winner,omitempty"`
	// LogBack is how many dice log entries are newer than the one at
	// the strip's bottom (0: it shows the newest); PanelScroll how far the
	// side panel is scrolled down and PanelMax how far it can be (window
	// pixels; 0 when it fits).
	LogBack     int     `json:"log_back,omitempty"`
	PanelScroll float64 `json:"panel_scroll,omitempty"`
	PanelMax    float64 `json:"panel_max,omitempty"`
	Result      string  `json:"result,omitempty"`
}

// DumpUnit is one unit: where it stands in cm and in window pixels.
type DumpUnit struct {
	ID     string  `json:"id"`
	Name   string  `json:"name"`
	Side   string  `json:"side"`
	X      float64 `json:"x_cm"`
	Y      float64 `json:"y_cm"`
	Facing float64 `json:"facing"`
	// OnTable is false for a titan still to deploy or off the table.
	OnTable   bool    `json:"on_table"`
	Destroyed bool    `json:"destroyed,omitempty"`
	WX        float64 `json:"window_x"`
	WY        float64 `json:"window_y"`
}

// DumpButton is a clickable rectangle and its label.
type DumpButton struct {
	// Kind is "toolbar", "play" or "start".
	Kind  string  `json:"kind"`
	Label string  `json:"label"`
	X0    float64 `json:"x0"`
	Y0    float64 `json:"y0"`
	X1    float64 `json:"x1"`
	Y1    float64 `json:"y1"`
}

// Center is the middle of the button in window pixels.
func (b DumpButton) Center() (int, int) {
	return int(math.Round((b.X0 + b.X1) / 2)), int(math.Round((b.Y0 + b.Y1) / 2))
}

// DumpText is one drawn string and where it is anchored.
type DumpText struct {
	Text  string  `json:"text"`
	Where string  `json:"where"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
}

// DumpPrompt is the file prompt.
type DumpPrompt struct {
	Title string `json:"title"`
	Text  string `json:"text"`
}

// Contains reports whether any drawn string contains s.
func (d *DebugDump) Contains(s string) bool {
	for _, t := range d.Texts {
		if strings.Contains(t.Text, s) {
			return true
		}
	}
	return false
}

// Unit returns the unit with id (nil when none).
func (d *DebugDump) Unit(id string) *DumpUnit {
	for i := range d.Units {
		if d.Units[i].ID == id {
			return &d.Units[i]
		}
	}
	return nil
}

// Button returns the first button of kind ("" = any) whose label starts
// with prefix (nil when none).
func (d *DebugDump) Button(kind, prefix string) *DumpButton {
	for i := range d.Buttons {
		b := &d.Buttons[i]
		if (kind == "" || b.Kind == kind) && strings.HasPrefix(b.Label, prefix) {
			return b
		}
	}
	return nil
}

// debugDumper writes the dumps; it exists only when Options.DebugDump is
// set, so the window does none of this work otherwise.
type debugDumper struct {
	path string
	last []byte
	seq  int
	// failed is set after a write error (reported once).
	failed bool
	// badShot is the content of a screenshot request that could not be
	// served; it is not tried again until the request changes.
	badShot string
}

// serveShot serves a screenshot request (the file d.path+".shot" holding
// the PNG path). The PNG is written under another name and renamed, and
// only then is the request removed, so a request that has gone always
// means its PNG is there whole. When the PNG cannot be written the request
// stays and the error is written to d.path+".shot.err" (tried again only
// once the request names another path).
func (d *debugDumper) serveShot(dst *ebiten.Image) {
	req, err := os.ReadFile(d.path + ".shot")
	if err != nil {
		return
	}
	out := strings.TrimSpace(string(req))
	if out == "" {
		_ = os.Remove(d.path + ".shot")
		return
	}
	if out == d.badShot {
		return
	}
	err = writeScreenshot(dst, out+".part")
	if err == nil {
		err = os.Rename(out+".part", out)
	}
	if err != nil {
		d.badShot = out
		_ = os.WriteFile(d.path+".shot.err", []byte(err.Error()+"\n"), 0o644)
		return
	}
	d.badShot = ""
	_ = os.Remove(d.path + ".shot.err")
	_ = os.Remove(d.path + ".shot")
}

// debugFrame is called at the end of every Draw: when the frame's content
// changed it writes the dump (if it differs from the last one), and it
// serves a screenshot request: a file named like the dump plus ".shot"
// that holds the PNG path to write (it is removed once served).
func (a *App) debugFrame(dst *ebiten.Image, hud []scene.Prim, changed bool) {
	if a.opts.DebugDump == "" {
		return
	}
	if a.debug == nil {
		a.debug = &debugDumper{path: a.opts.DebugDump}
	}
	d := a.debug
	d.serveShot(dst)
	if !changed && d.last != nil {
		return
	}
	dump := a.debugDump(hud)
	body, err := json.Marshal(dump)
	if err != nil || bytes.Equal(body, d.last) {
		return
	}
	d.last = body
	d.seq++
	dump.Seq, dump.Frame = d.seq, a.frames
	data, err := json.MarshalIndent(dump, "", " ")
	if err == nil {
		err = fsutil.WriteFileAtomic(d.path, append(data, '\n'), 0o644)
	}
	if err == nil {
		err = appendHistory(d.path+".jsonl", dump)
	}
	if err != nil && !d.failed {
		d.failed = true
		a.flash("debug dump: " + err.Error())
	}
}

// DumpHistory is one line of the dump's history file (the dump's path
// plus ".jsonl"): every dump written, in order, with what a test checks
// over a whole game (who could see the screen and what it showed), so
// that frames shown between two reads of the dump are not missed.
type DumpHistory struct {
	Seq    int    `json:"seq"`
	Screen string `json:"screen"`
	// Mode, Viewer, Decider, Turn and Step are the play state (empty
	// outside play).
	Mode    string   `json:"mode,omitempty"`
	Viewer  string   `json:"viewer,omitempty"`
	Decider string   `json:"decider,omitempty"`
	Turn    int      `json:"turn,omitempty"`
	Step    string   `json:"step,omitempty"`
	Texts   []string `json:"texts"`
}

// appendHistory appends d's history line to path.
func appendHistory(path string, d *DebugDump) error {
	h := DumpHistory{Seq: d.Seq, Screen: d.Screen, Texts: make([]string, 0, len(d.Texts))}
	if p := d.Play; p != nil {
		h.Mode, h.Viewer, h.Decider, h.Turn, h.Step = p.Mode, p.Viewer, p.Decider, p.Turn, p.Step
	}
	for _, t := range d.Texts {
		h.Texts = append(h.Texts, t.Text)
	}
	line, err := json.Marshal(h)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("debug dump history: %w", err)
	}
	_, werr := f.Write(append(line, '\n'))
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return fmt.Errorf("debug dump history %s: %w", path, werr)
	}
	return nil
}

// debugDump describes the frame drawn with hud (the HUD or start screen
// primitives). Seq and Frame are left zero.
func (a *App) debugDump(hud []scene.Prim) *DebugDump {
	k := a.dsf
	if k <= 0 {
		k = 1
	}
	d := &DebugDump{Title: a.title, Selected: a.selected, Banner: a.banner, Units: []DumpUnit{}, Buttons: []DumpButton{}, Texts: []DumpText{}}
	d.Window = DumpWindow{W: int(math.Ceil(float64(a.w) / k)), H: int(math.Ceil(float64(a.h) / k)), DeviceW: a.w, DeviceH: a.h, DeviceScale: k}
	d.Camera = DumpCamera{Scale: a.cam.Scale, OffX: a.cam.Off.X, OffY: a.cam.Off.Y, DeviceScale: k}
	d.Camera.Map = fmt.Sprintf("window_x = (x_cm * %g + %g) / %g; window_y = (y_cm * %g + %g) / %g", a.cam.Scale, a.cam.Off.X, k, a.cam.Scale, a.cam.Off.Y, k)
	rect := func(kind, label string, r scene.Rect) DumpButton {
		return DumpButton{Kind: kind, Label: label, X0: r.Min.X / k, Y0: r.Min.Y / k, X1: r.Max.X / k, Y1: r.Max.Y / k}
	}
	for _, p := range hud {
		if p.Kind == scene.Text && p.Text != "" {
			d.Texts = append(d.Texts, DumpText{Text: p.Text, Where: "hud", X: p.C.X / k, Y: p.C.Y / k})
		}
	}
	if a.prompt != nil {
		d.Prompt = &DumpPrompt{Title: a.prompt.title, Text: a.prompt.text}
	}
	switch {
	case a.start != nil:
		d.Screen = "start"
		// The set-up dice pad is drawn over the start screen in a pass of
		// its own.
		for _, p := range a.start.pad {
			if p.Kind == scene.Text && p.Text != "" {
				d.Texts = append(d.Texts, DumpText{Text: p.Text, Where: "hud", X: p.C.X / k, Y: p.C.Y / k})
			}
		}
		for _, b := range a.start.btns {
			d.Buttons = append(d.Buttons, rect("start", b.Label, b.R))
		}
		return d
	case a.play != nil:
		d.Screen = "play"
	default:
		d.Screen = "view"
	}
	for _, b := range a.buttons() {
		d.Buttons = append(d.Buttons, rect("toolbar", b.label, b.r))
	}
	if a.sc != nil {
		for l := range a.sc.Layers {
			for _, p := range a.sc.Layers[l] {
				if p.Kind != scene.Text || p.Text == "" {
					continue
				}
				s := a.cam.ToScreen(p.C)
				if s.X < 0 || s.Y < 0 || s.X > float64(a.w) || s.Y > float64(a.h) {
					continue
				}
				d.Texts = append(d.Texts, DumpText{Text: p.Text, Where: "table", X: s.X / k, Y: s.Y / k})
			}
		}
	}
	unit := func(u DumpUnit) {
		s := a.cam.ToScreen(world.Vec{X: u.X, Y: u.Y})
		u.WX, u.WY = s.X/k, s.Y/k
		d.Units = append(d.Units, u)
	}
	if a.play == nil {
		for _, b := range a.base.Bases {
			unit(DumpUnit{ID: b.ID, Name: b.Label, Side: b.Side, X: b.Pos.X, Y: b.Pos.Y, Facing: b.Facing, OnTable: true})
		}
		return d
	}
	s := a.play
	_, btns := s.HUD(a.playLayout())
	for _, b := range btns {
		d.Buttons = append(d.Buttons, rect("play", b.Label, b.R))
	}
	st := s.State()
	p := &DumpPlay{Mode: modeName(s.Mode()), Commands: st.Seq, Turn: st.Turn, Phase: st.Phase, Step: st.Step, Decider: s.Decider(), Viewer: s.Viewer(),
		Tray: s.Tray() != nil, Dragging: s.Dragging(), Draft: s.Path(), Msg: s.Msg, MsgErr: s.MsgErr, Over: st.Over}
	if st.Pending != nil {
		p.Pending = st.Pending.Kind
		p.Playable = append([]string(nil), st.Pending.Units...)
	}
	p.Weapon, p.Shots = s.Declared()
	p.LogBack = s.LogBack()
	at, most := s.PanelScroll()
	p.PanelScroll, p.PanelMax = at/a.dsf, most/a.dsf
	if st.Result != nil {
		p.Winner, p.Result = st.Result.Winner, st.Result.Kind
	}
	d.Play = p
	for i := range st.Units {
		u := &st.Units[i]
		name := u.Name
		if sc := s.G.Scenario; sc != nil {
			if su := sc.Unit(u.ID); su != nil {
				name = adapt.TableLabel(su)
			}
		}
		unit(DumpUnit{ID: u.ID, Name: name, Side: u.Side, X: u.Pos.X, Y: u.Pos.Y, Facing: u.Facing, OnTable: s.OnTable(u), Destroyed: u.Destroyed})
	}
	return d
}

// modeName names a play mode for the dump.
func modeName(m play.Mode) string {
	switch m {
	case play.ModeHandover:
		return "handover"
	case play.ModeThinking:
		return "thinking"
	case play.ModeDice:
		return "dice"
	case play.ModeOver:
		return "over"
	}
	return "turn"
}
