package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/auspex/auspex/render/app"
)

// Window size every test uses (window pixels), and the X screen it needs.
const (
	winW, winH = 1280, 800
	// waitFor is how long a wait for a dump condition lasts by default.
	waitFor = 20 * time.Second
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	buildDir  string
)

// TestMain gives the tests an X server of their own and removes the
// built binary after the run.
func TestMain(m *testing.M) {
	stop := privateX()
	code := m.Run()
	stop()
	if buildDir != "" {
		_ = os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// privateX starts a virtual X server for this package alone when there is
// a display to test on (DISPLAY set) and Xvfb is installed, and points
// DISPLAY at it: `make test` runs every package's tests under one
// xvfb-run, and another package's window on the same screen could
// otherwise receive the pointer and keys meant for ours. Without Xvfb the
// tests use DISPLAY as it is. It returns the function that stops the
// server.
func privateX() func() {
	if os.Getenv("DISPLAY") == "" {
		return func() {}
	}
	if _, err := exec.LookPath("Xvfb"); err != nil {
		return func() {}
	}
	r, wr, err := os.Pipe()
	if err != nil {
		return func() {}
	}
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", fmt.Sprintf("%dx%dx24", winW+320, winH+200), "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{wr}
	if err := cmd.Start(); err != nil {
		return func() {}
	}
	_ = wr.Close()
	num := make(chan string, 1)
	go func() {
		buf := make([]byte, 32)
		n, _ := r.Read(buf)
		num <- strings.TrimSpace(string(buf[:n]))
	}()
	select {
	case d := <-num:
		if d == "" {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			return func() {}
		}
		os.Setenv("DISPLAY", ":"+d)
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return func() {}
	}
	return func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		_ = r.Close()
	}
}

// binary builds cmd/auspex once per test run and returns its path.
func binary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "auspex-e2e-bin-")
		if buildErr != nil {
			return
		}
		binPath = filepath.Join(buildDir, "auspex")
		cmd := exec.Command("go", "build", "-o", binPath, "github.com/auspex/auspex/cmd/auspex")
		out, err := cmd.CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build ./cmd/auspex: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// needX skips the test without an X display or xdotool, and when the X
// screen is too small for the window.
func needX(t *testing.T) {
	t.Helper()
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no DISPLAY: the end-to-end tests drive the real window; run them under a virtual X server: make e2e (xvfb-run -a -s \"-screen 0 1600x1000x24\" go test ./internal/e2e/)")
	}
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Skip("xdotool is not installed: the end-to-end tests send real X input with it (make deps-display installs it)")
	}
	out, err := exec.Command("xdotool", "getdisplaygeometry").Output()
	if err != nil {
		t.Skipf("xdotool cannot reach the display %s: %v", os.Getenv("DISPLAY"), err)
	}
	var w, h int
	if _, err := fmt.Sscanf(string(out), "%d %d", &w, &h); err != nil || w < winW || h < winH {
		t.Skipf("the X screen is %q, the tests need at least %dx%d: run under xvfb-run -s \"-screen 0 1600x1000x24\"", strings.TrimSpace(string(out)), winW, winH)
	}
}

// Win is a running auspex window driven with xdotool.
type Win struct {
	t    *testing.T
	dir  string
	dump string
	cmd  *exec.Cmd
	wid  string
	log  *bytes.Buffer
	done chan error
	// last is the last dump read.
	last *app.DebugDump
}

// Start runs `auspex play --debug-dump ... --window WxH args...` with a
// fresh HOME and XDG directories (recent files and autosaves stay in the
// test's temp dir) and waits for its window and its first dump.
func Start(t *testing.T, args ...string) *Win {
	t.Helper()
	return StartSized(t, winW, winH, args...)
}

// StartSized is Start with a window of w x h window pixels (at most the
// default size, which the X screen is made for).
func StartSized(t *testing.T, width, height int, args ...string) *Win {
	t.Helper()
	needX(t)
	bin := binary(t)
	// The directory stays when the test fails: the dump, its history and
	// the screenshot named in the failure are there.
	dir, err := os.MkdirTemp("", "auspex-e2e-"+t.Name()+"-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if !t.Failed() {
			_ = os.RemoveAll(dir)
		}
	})
	// An X server under load can refuse a connection now and then
	// ("failed to open display"): such a start is tried again, twice.
	for try := 0; ; try++ {
		w, ok := launch(t, bin, dir, fmt.Sprintf("%dx%d", width, height), args, try < 2)
		if ok {
			return w
		}
	}
}

// launch starts auspex once and waits for its window and first dump; ok is
// false (and the process gone) when retry is set and auspex could not open
// the display.
func launch(t *testing.T, bin, dir, size string, args []string, retry bool) (*Win, bool) {
	t.Helper()
	w := &Win{t: t, dir: dir, dump: filepath.Join(dir, "dump.json"), log: &bytes.Buffer{}, done: make(chan error, 1)}
	all := append([]string{"play", "--debug-dump", w.dump, "--window", size}, args...)
	w.cmd = exec.Command(bin, all...)
	w.cmd.Dir = dir
	home := filepath.Join(dir, "home")
	for _, sub := range []string{".config", ".cache", filepath.Join(".local", "share")} {
		if err := os.MkdirAll(filepath.Join(home, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	w.cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_DATA_HOME="+filepath.Join(home, ".local", "share"), "XDG_CACHE_HOME="+filepath.Join(home, ".cache"))
	w.cmd.Stdout, w.cmd.Stderr = w.log, w.log
	if err := w.cmd.Start(); err != nil {
		t.Fatalf("start auspex: %v", err)
	}
	go func() { w.done <- w.cmd.Wait() }()
	t.Cleanup(w.stop)
	pid := strconv.Itoa(w.cmd.Process.Pid)
	for i := 0; i < 100 && w.wid == ""; i++ {
		out, _ := w.xdo(5*time.Second, "search", "--pid", pid)
		if f := strings.Fields(out); len(f) > 0 {
			w.wid = f[len(f)-1]
		} else {
			time.Sleep(100 * time.Millisecond)
		}
		if w.exited() {
			if retry && strings.Contains(w.log.String(), "failed to open display") {
				t.Logf("auspex could not open the display, starting it again:\n%s", w.log)
				return nil, false
			}
			t.Fatalf("auspex exited before its window appeared:\n%s", w.log)
		}
	}
	if w.wid == "" {
		t.Fatalf("no window for auspex (pid %s) after 10 s:\n%s", pid, w.log)
	}
	_, _ = w.xdo(5*time.Second, "windowfocus", "--sync", w.wid)
	w.Wait("the first dump", func(*app.DebugDump) bool { return true })
	return w, true
}

// exited reports whether the process has ended.
func (w *Win) exited() bool {
	select {
	case err := <-w.done:
		w.done <- err
		return true
	default:
		return false
	}
}

// stop ends the window (the process this test started).
func (w *Win) stop() {
	if w.cmd.Process == nil || w.exited() {
		return
	}
	_ = w.cmd.Process.Kill()
	<-w.done
}

// Dir is the test's temp dir (saves go there).
func (w *Win) Dir() string { return w.dir }

// xdo runs xdotool with args.
func (w *Win) xdo(timeout time.Duration, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	out, err := exec.CommandContext(ctx, "xdotool", args...).CombinedOutput()
	return string(out), err
}

// do runs an xdotool command chain and fails the test on error.
func (w *Win) do(args ...string) {
	w.t.Helper()
	if out, err := w.xdo(10*time.Second, args...); err != nil {
		w.t.Fatalf("xdotool %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// read loads the dump file (nil while it does not exist or is being
// replaced).
func (w *Win) read() *app.DebugDump {
	data, err := os.ReadFile(w.dump)
	if err != nil {
		return nil
	}
	var d app.DebugDump
	if json.Unmarshal(data, &d) != nil {
		return nil
	}
	return &d
}

// Dump is the newest dump.
func (w *Win) Dump() *app.DebugDump {
	w.t.Helper()
	if d := w.read(); d != nil {
		w.last = d
	}
	if w.last == nil {
		w.t.Fatal("no dump yet")
	}
	return w.last
}

// Wait polls the dump until cond holds and returns that dump. On timeout
// it fails with what, the last dump's summary, a screenshot and the
// window's output.
func (w *Win) Wait(what string, cond func(*app.DebugDump) bool) *app.DebugDump {
	w.t.Helper()
	return w.WaitFor(waitFor, what, cond)
}

// WaitFor is Wait with a timeout.
func (w *Win) WaitFor(timeout time.Duration, what string, cond func(*app.DebugDump) bool) *app.DebugDump {
	w.t.Helper()
	d, ok := w.poll(timeout, cond)
	switch {
	case ok:
		return d
	case w.exited():
		w.t.Fatalf("waiting for %s: auspex exited:\n%s", what, w.log)
	default:
		w.Failf("timed out after %v waiting for %s", timeout, what)
	}
	return nil
}

// Failf fails the test now with the message, a summary of the last dump,
// the path of the full dump and of a screenshot, and the window's output.
func (w *Win) Failf(format string, args ...any) {
	w.t.Helper()
	msg := fmt.Sprintf(format, args...)
	shot := w.Screenshot("failure")
	w.t.Fatalf("%s\nlast dump: %s\nfull dump: %s (history %s.jsonl)\nscreenshot: %s\nauspex output:\n%s", msg, Summary(w.last), w.dump, w.dump, shot, w.log)
}

// Screenshot asks the window to save its picture (the dump's ".shot"
// request) and returns the PNG path, or a note why there is none.
func (w *Win) Screenshot(name string) string {
	if w.exited() {
		return "(none: auspex has exited)"
	}
	out := filepath.Join(w.dir, name+".png")
	if err := os.WriteFile(w.dump+".shot", []byte(out), 0o644); err != nil {
		return "(none: " + err.Error() + ")"
	}
	for i := 0; i < 100; i++ {
		if _, err := os.Stat(w.dump + ".shot"); os.IsNotExist(err) {
			if _, err := os.Stat(out); err == nil {
				return out
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	return "(none: the window did not answer the screenshot request)"
}

// DocShot saves the window's picture as name.png in the directory that
// AUSPEX_E2E_SHOTS names (the documentation's docs/img), when it is set:
//
//	AUSPEX_E2E_SHOTS=$PWD/docs/img make e2e
//
// Without it, or when the window does not answer, it does nothing: the
// pictures are for the documentation, not part of what a test checks.
func (w *Win) DocShot(name string) {
	w.t.Helper()
	dir := os.Getenv("AUSPEX_E2E_SHOTS")
	if dir == "" {
		return
	}
	src := w.Screenshot(name)
	data, err := os.ReadFile(src)
	if err != nil {
		w.t.Logf("documentation screenshot %s: %s", name, src)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), data, 0o644); err != nil {
		w.t.Logf("documentation screenshot %s: %v", name, err)
	}
}

// Summary is a short description of a dump for failure messages.
func Summary(d *app.DebugDump) string {
	if d == nil {
		return "(none)"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "seq %d frame %d screen %s title %q selected %q", d.Seq, d.Frame, d.Screen, d.Title, d.Selected)
	if p := d.Play; p != nil {
		fmt.Fprintf(&b, "\n  play: mode %s turn %d step %s decider %s viewer %q pending %s playable %v tray %v dragging %v draft %v shots %v msg %q (err %v)",
			p.Mode, p.Turn, p.Step, p.Decider, p.Viewer, p.Pending, p.Playable, p.Tray, p.Dragging, p.Draft, p.Shots, p.Msg, p.MsgErr)
	}
	for _, u := range d.Units {
		fmt.Fprintf(&b, "\n  unit %s (%s) at %.1f,%.1f cm facing %.0f, window %.0f,%.0f, on table %v", u.ID, u.Side, u.X, u.Y, u.Facing, u.WX, u.WY, u.OnTable)
	}
	if d.Prompt != nil {
		fmt.Fprintf(&b, "\n  prompt %q: %q", d.Prompt.Title, d.Prompt.Text)
	}
	var hud []string
	for _, t := range d.Texts {
		if t.Where == "hud" {
			hud = append(hud, t.Text)
		}
	}
	if len(hud) > 40 {
		hud = hud[:40]
	}
	fmt.Fprintf(&b, "\n  hud texts: %q", hud)
	return b.String()
}

// Move puts the pointer at window pixel (x, y).
func (w *Win) Move(x, y int) {
	w.t.Helper()
	w.do("mousemove", "--window", w.wid, strconv.Itoa(x), strconv.Itoa(y), "sleep", "0.05")
}

// Click is a left click at window pixel (x, y): move, press, hold a few
// frames, release.
func (w *Win) Click(x, y int) {
	w.t.Helper()
	w.do("mousemove", "--window", w.wid, strconv.Itoa(x), strconv.Itoa(y), "sleep", "0.06",
		"mousedown", "1", "sleep", "0.1", "mouseup", "1", "sleep", "0.05")
}

// ClickButton clicks the centre of the dump's button of kind whose label
// starts with prefix.
func (w *Win) ClickButton(kind, prefix string) {
	w.t.Helper()
	b := w.Dump().Button(kind, prefix)
	if b == nil {
		w.Failf("no %s button %q on screen", kind, prefix)
	}
	x, y := b.Center()
	w.Click(x, y)
}

// Drag presses the left button at (x0, y0), moves to (x1, y1) in small
// steps with the button held, and releases there.
func (w *Win) Drag(x0, y0, x1, y1 int) {
	w.t.Helper()
	args := []string{"mousemove", "--window", w.wid, strconv.Itoa(x0), strconv.Itoa(y0), "sleep", "0.06", "mousedown", "1", "sleep", "0.06"}
	n := 8
	for i := 1; i <= n; i++ {
		x := x0 + (x1-x0)*i/n
		y := y0 + (y1-y0)*i/n
		args = append(args, "mousemove", "--window", w.wid, strconv.Itoa(x), strconv.Itoa(y), "sleep", "0.03")
	}
	args = append(args, "sleep", "0.06", "mouseup", "1", "sleep", "0.05")
	w.do(args...)
}

// DragWatched drags the way a person watching the screen does: it
// presses the left button at (x0, y0) and waits until pressed holds for
// the window's dump (the window noticed the press there), moves to
// (x1, y1) in small steps, waits until arrived holds (the window follows
// the pointer there), and only then lets go. A window reads the pointer
// once a frame: under load a frame can come after the pointer has moved
// on, and a drag sent blind may then be noticed partway along. A wait
// that times out fails the test.
func (w *Win) DragWatched(x0, y0, x1, y1 int, pressed, arrived func(*app.DebugDump) bool) {
	w.t.Helper()
	w.do("mousemove", "--window", w.wid, strconv.Itoa(x0), strconv.Itoa(y0), "sleep", "0.06", "mousedown", "1", "sleep", "0.06")
	w.Wait(fmt.Sprintf("the window to notice the press at %d,%d", x0, y0), pressed)
	var args []string
	n := 8
	for i := 1; i <= n; i++ {
		x := x0 + (x1-x0)*i/n
		y := y0 + (y1-y0)*i/n
		args = append(args, "mousemove", "--window", w.wid, strconv.Itoa(x), strconv.Itoa(y), "sleep", "0.03")
	}
	w.do(args...)
	w.Wait(fmt.Sprintf("the window to follow the drag to %d,%d", x1, y1), arrived)
	w.do("mouseup", "1", "sleep", "0.05")
}

// Key presses and releases each key (xdotool names: Return, space,
// Escape, ctrl+s, bracketleft...), holding each a few frames so the
// window's once-per-frame polling sees it.
func (w *Win) Key(keys ...string) {
	w.t.Helper()
	var args []string
	for _, k := range keys {
		args = append(args, "keydown", k, "sleep", "0.1", "keyup", k, "sleep", "0.04")
	}
	w.do(args...)
}

// Type types text as characters.
func (w *Win) Type(text string) {
	w.t.Helper()
	w.do("type", "--delay", "30", text)
}

// At is the window pixel of the table point (x, y) cm by d's camera.
func At(d *app.DebugDump, x, y float64) (int, int) {
	wx, wy := d.Camera.ToWindow(x, y)
	return int(math.Round(wx)), int(math.Round(wy))
}

// Save saves the game with Ctrl+S through the in-window prompt to path
// and waits for the window to say so.
func (w *Win) Save(path string) {
	w.t.Helper()
	w.filePrompt("ctrl+s", "Save", path, func(msg string) bool { return msg == "saved "+path })
	if _, err := os.Stat(path); err != nil {
		w.Failf("the window said it saved %s, but: %v", path, err)
	}
}

// Load loads a saved game with Ctrl+O through the in-window prompt.
func (w *Win) Load(path string) {
	w.t.Helper()
	w.filePrompt("ctrl+o", "Load", path, func(msg string) bool { return strings.Contains(msg, path) })
}

// filePrompt opens the file prompt with key, checks its title starts with
// title, types path, presses Enter and waits until the window's message
// says done (a refusal fails the test).
func (w *Win) filePrompt(key, title, path string, done func(msg string) bool) {
	w.t.Helper()
	w.Key(key)
	w.Wait("the "+title+" prompt", func(d *app.DebugDump) bool { return d.Prompt != nil && strings.HasPrefix(d.Prompt.Title, title) })
	w.typePrompt(path)
	w.Key("Return")
	d := w.Wait(title+" "+path, func(d *app.DebugDump) bool {
		return d.Prompt == nil && d.Play != nil && (done(d.Play.Msg) || d.Play.MsgErr)
	})
	if d.Play.MsgErr {
		w.Failf("%s %s failed: %s", title, path, d.Play.Msg)
	}
}

// typePrompt clears the open file prompt (Ctrl+U) and types text into
// it. X drops a character now and then when the same key repeats fast, so
// a mismatch is cleared and typed again (three tries).
func (w *Win) typePrompt(text string) {
	w.t.Helper()
	for try := 1; try <= 3; try++ {
		w.Key("ctrl+u")
		w.Wait("the cleared prompt", func(d *app.DebugDump) bool { return d.Prompt != nil && d.Prompt.Text == "" })
		w.Type(text)
		if _, ok := w.poll(5*time.Second, func(d *app.DebugDump) bool { return d.Prompt != nil && d.Prompt.Text == text }); ok {
			return
		}
		w.t.Logf("typing %q into the prompt gave %q: typed again", text, w.last.Prompt)
	}
	w.Failf("could not type %q into the prompt", text)
}

// poll is Wait without failing: it reports whether cond held in time.
func (w *Win) poll(timeout time.Duration, cond func(*app.DebugDump) bool) (*app.DebugDump, bool) {
	end := time.Now().Add(timeout)
	for time.Now().Before(end) && !w.exited() {
		if d := w.read(); d != nil {
			w.last = d
			if cond(d) {
				return d, true
			}
		}
		time.Sleep(25 * time.Millisecond)
	}
	return w.last, false
}

// History reads every dump written so far from the history file.
func (w *Win) History() []app.DumpHistory {
	w.t.Helper()
	data, err := os.ReadFile(w.dump + ".jsonl")
	if err != nil {
		w.t.Fatalf("dump history: %v", err)
	}
	var out []app.DumpHistory
	for _, ln := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(ln)) == 0 {
			continue
		}
		var h app.DumpHistory
		if err := json.Unmarshal(ln, &h); err != nil {
			w.t.Fatalf("dump history line %q: %v", ln, err)
		}
		out = append(out, h)
	}
	return out
}

// Outcome is what `auspex replay --json` reports about a save.
type Outcome struct {
	Commands int    `json:"commands"`
	Verified bool   `json:"verified"`
	Turn     int    `json:"turn"`
	Step     string `json:"step"`
	Over     bool   `json:"over"`
	Result   *struct {
		Winner string `json:"winner"`
		Kind   string `json:"kind"`
		Text   string `json:"text"`
	} `json:"result"`
	Units []struct {
		ID     string `json:"id"`
		Side   string `json:"side"`
		Pos    struct{ X, Y float64 }
		Facing float64               `json:"facing"`
		Damage map[string]string     `json:"damage"`
		Ext    map[string]outcomeExt `json:"ext"`
	} `json:"units"`
	Log []struct {
		Kind  string            `json:"kind"`
		Cmd   int               `json:"cmd"`
		Turn  int               `json:"turn"`
		Step  string            `json:"step"`
		Side  string            `json:"side"`
		Units []string          `json:"units"`
		Text  string            `json:"text"`
		Data  map[string]string `json:"data"`
	} `json:"log"`
	// Files are the player's catalogue files the save keeps copies of.
	Files []struct {
		Name string `json:"name"`
		Base bool   `json:"base"`
	} `json:"files"`
	// Notes are the computer players' reasons kept with their commands.
	Notes []struct {
		Command int    `json:"command"`
		Side    string `json:"side"`
		Text    string `json:"text"`
	} `json:"notes"`
}

// outcomeExt is one unit extension of a replay report: the fields the
// checks read of an ATII titan's state. Other extensions that are not
// objects (an E40K stand's transport id) read as zero.
type outcomeExt struct {
	Destroyed   bool `json:"destroyed"`
	ShieldsDown int  `json:"shields_down"`
}

// UnmarshalJSON implements json.Unmarshaler.
func (e *outcomeExt) UnmarshalJSON(b []byte) error {
	if b = bytes.TrimSpace(b); len(b) == 0 || b[0] != '{' {
		*e = outcomeExt{}
		return nil
	}
	type plain outcomeExt
	return json.Unmarshal(b, (*plain)(e))
}

// HasNote reports whether side's reasons in the save include one
// containing s.
func (o *Outcome) HasNote(side, s string) bool {
	for _, n := range o.Notes {
		if n.Side == side && strings.Contains(n.Text, s) {
			return true
		}
	}
	return false
}

// Replay runs `auspex replay --json path` and decodes its report; the
// save must verify.
func Replay(t *testing.T, path string) *Outcome {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(binary(t), "replay", "--json", path)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("auspex replay --json %s: %v\n%s", path, err, stderr.String())
	}
	var o Outcome
	if err := json.Unmarshal(stdout.Bytes(), &o); err != nil {
		t.Fatalf("replay report of %s: %v", path, err)
	}
	if !o.Verified {
		t.Fatalf("replay of %s did not verify", path)
	}
	return &o
}

// Unit returns the replayed unit id.
func (o *Outcome) unitIndex(id string) int {
	for i := range o.Units {
		if o.Units[i].ID == id {
			return i
		}
	}
	return -1
}

// Texts lists the log's sentences (of kind, or every kind with "").
func (o *Outcome) Texts(kind string) []string {
	var out []string
	for _, e := range o.Log {
		if kind == "" || e.Kind == kind {
			out = append(out, e.Text)
		}
	}
	return out
}

// HasText reports whether a log sentence contains s.
func (o *Outcome) HasText(s string) bool {
	for _, e := range o.Log {
		if strings.Contains(e.Text, s) {
			return true
		}
	}
	return false
}
