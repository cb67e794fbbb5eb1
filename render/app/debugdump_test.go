package app_test

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/world"
)

// readDump decodes the debug dump at path.
func readDump(t *testing.T, path string) *app.DebugDump {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("debug dump: %v", err)
	}
	var d app.DebugDump
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatalf("debug dump %s: %v", path, err)
	}
	return &d
}

// The debug dump states what the frame shows: the game's units where the
// game has them, the camera that maps them to the pixels a script clicks,
// the HUD's buttons and every string drawn; it is written again only when
// the frame changed, with one history line per dump.
func TestDebugDumpDescribesTheFrame(t *testing.T) {
	g, err := testSystems.New(loadDuel(t), game.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := newPlay(g, map[string]string{"red": play.Human, "blue": play.Human})
	path := filepath.Join(t.TempDir(), "dump.json")
	h := newHarness(t, app.Options{Play: s, DebugDump: path})
	h.run(3)
	d := readDump(t, path)
	if d.Screen != "play" || d.Play == nil || d.Play.Decider != s.Decider() || d.Play.Step != s.State().Step {
		t.Fatalf("dump %+v: want play mode deciding %s in %s", d.Play, s.Decider(), s.State().Step)
	}
	if d.Window.W != winW || d.Window.H != winH || d.Window.DeviceScale != 1 {
		t.Errorf("window %+v, want %dx%d at scale 1", d.Window, winW, winH)
	}
	if len(d.Units) != len(s.State().Units) {
		t.Fatalf("%d units in the dump, %d in the game", len(d.Units), len(s.State().Units))
	}
	for _, u := range s.State().Units {
		du := d.Unit(u.ID)
		if du == nil || du.X != u.Pos.X || du.Y != u.Pos.Y || du.Side != u.Side || !du.OnTable {
			t.Errorf("%s: dump %+v, game at %v side %s", u.ID, du, u.Pos, u.Side)
			continue
		}
		// The camera in the dump gives the pixel the window itself maps
		// the unit to.
		wx, wy := d.Camera.ToWindow(u.Pos.X, u.Pos.Y)
		sx, sy := h.a.ScreenPoint(u.Pos)
		if math.Abs(wx-float64(sx)) > 0.5 || math.Abs(wy-float64(sy)) > 0.5 || math.Abs(du.WX-wx) > 1e-9 {
			t.Errorf("%s: dump camera puts it at %.1f,%.1f (unit %.1f,%.1f), the window at %d,%d", u.ID, wx, wy, du.WX, du.WY, sx, sy)
		}
		if x, y := d.Camera.ToTable(wx, wy); math.Hypot(x-u.Pos.X, y-u.Pos.Y) > 1e-9 {
			t.Errorf("%s: ToTable(ToWindow) = %.3f,%.3f", u.ID, x, y)
		}
		if !d.Contains(du.Name) {
			t.Errorf("%s: its table label %q is not among the drawn strings", u.ID, du.Name)
		}
	}
	if b := d.Button("play", "End step"); b == nil || b.X1 <= b.X0 || b.Y1 <= b.Y0 {
		t.Errorf("the banner's End step button is not in the dump: %+v", b)
	}
	if d.Button("toolbar", "Ruler") == nil {
		t.Error("the toolbar's buttons are not in the dump")
	}
	if !d.Contains(s.Banner().Title) {
		t.Errorf("the banner title %q is not among the drawn strings", s.Banner().Title)
	}
	// Idle frames change nothing: no new dump.
	seq := d.Seq
	h.run(5)
	if d2 := readDump(t, path); d2.Seq != seq {
		t.Errorf("idle frames rewrote the dump: seq %d -> %d", seq, d2.Seq)
	}
	// A change (selecting the other titan) writes a new dump saying so.
	other := "blue-reaver"
	if s.Selected == other {
		other = "red-reaver"
	}
	s.Select(other)
	h.run(2)
	d2 := readDump(t, path)
	if d2.Seq != seq+1 || d2.Selected != other {
		t.Errorf("after selecting %s: seq %d (want %d), selected %q", other, d2.Seq, seq+1, d2.Selected)
	}
	hist, err := os.ReadFile(path + ".jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(hist, []byte("\n")); n != d2.Seq {
		t.Errorf("%d history lines, %d dumps", n, d2.Seq)
	}
	// A screenshot request is served and removed.
	shot := filepath.Join(t.TempDir(), "shot.png")
	if err := os.WriteFile(path+".shot", []byte(shot), 0o644); err != nil {
		t.Fatal(err)
	}
	h.run(1)
	if _, err := os.Stat(shot); err != nil {
		t.Errorf("screenshot request: %v", err)
	}
	if _, err := os.Stat(path + ".shot"); !os.IsNotExist(err) {
		t.Errorf("the screenshot request was not removed: %v", err)
	}
	// A request whose PNG cannot be written is not used up: it stays, with
	// the error beside it, and is served once it names a writable path.
	bad := filepath.Join(t.TempDir(), "no-such-dir", "shot.png")
	if err := os.WriteFile(path+".shot", []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	h.run(2)
	if _, err := os.Stat(path + ".shot"); err != nil {
		t.Errorf("an unserved screenshot request was removed without a PNG: %v", err)
	}
	if msg, err := os.ReadFile(path + ".shot.err"); err != nil || len(msg) == 0 {
		t.Errorf("no error written for the failed screenshot: %v", err)
	}
	good := filepath.Join(t.TempDir(), "shot2.png")
	if err := os.WriteFile(path+".shot", []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	h.run(1)
	if _, err := os.Stat(good); err != nil {
		t.Errorf("the corrected screenshot request was not served: %v", err)
	}
	if _, err := os.Stat(path + ".shot"); !os.IsNotExist(err) {
		t.Errorf("the served screenshot request was not removed: %v", err)
	}
}

// Without the option the window writes nothing.
func TestNoDebugDumpWithoutTheOption(t *testing.T) {
	dir := t.TempDir()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = os.Chdir(wd) }()
	h := newHarness(t, app.Options{Scenario: loadDuel(t)})
	h.run(3)
	if es, _ := os.ReadDir(dir); len(es) != 0 {
		t.Errorf("the window wrote %d files without --debug-dump", len(es))
	}
}

// The camera's mapping round-trips at any device scale.
func TestDumpCameraMaps(t *testing.T) {
	c := app.DumpCamera{Scale: 7.5, OffX: 31, OffY: -12, DeviceScale: 2}
	p := world.Vec{X: 12.5, Y: 80}
	x, y := c.ToWindow(p.X, p.Y)
	if x != (12.5*7.5+31)/2 || y != (80*7.5-12)/2 {
		t.Errorf("ToWindow = %v,%v", x, y)
	}
	if bx, by := c.ToTable(x, y); math.Abs(bx-p.X) > 1e-12 || math.Abs(by-p.Y) > 1e-12 {
		t.Errorf("ToTable(ToWindow(p)) = %v,%v, want %v", bx, by, p)
	}
}

// The start screen lists rules options by their titles; an option id
// ("atii/flat-terrain-sight") appears only small, on the "option id:"
// line of the chosen option's description.
func TestStartScreenShowsOptionTitlesNotIds(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "dump.json")
	h := newHarness(t, app.Options{Start: &app.StartOptions{Catalogue: cat, Seed: 1}, DebugDump: path})
	h.run(2)
	d := readDump(t, path)
	// The list scrolls: Right moves the cursor down to the option, which
	// is then drawn.
	for i := 0; i < 30 && !d.Contains("Reading: terrain hides titans as flat area terrain"); i++ {
		h.in.Key(ebiten.KeyArrowRight)
		h.flush()
		d = readDump(t, path)
	}
	if !d.Contains("Reading: terrain hides titans as flat area terrain") {
		t.Error("the flat terrain sight option's title is not shown")
	}
	for _, tx := range d.Texts {
		if strings.Contains(tx.Text, "atii/") && !strings.HasPrefix(tx.Text, "option id: ") {
			t.Errorf("an option id is shown as a label: %q", tx.Text)
		}
	}
}

// A start screen entry whose label is wider than its button is shortened
// in the middle ("…"), keeping the file's start and "(does not load)",
// instead of running over the next column; the button keeps the whole
// label.
func TestStartScreenShortensLongLabels(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	long := filepath.Join(dir, "a-very-long-saved-game-name-from-a-long-campaign-evening.auspex-save")
	if err := os.WriteFile(long, []byte("not a save"), 0o644); err != nil {
		t.Fatal(err)
	}
	recent := filepath.Join(dir, "recent.txt")
	if err := os.WriteFile(recent, []byte(long+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "dump.json")
	h := newHarness(t, app.Options{Start: &app.StartOptions{Catalogue: cat, Seed: 1, RecentFile: recent}, DebugDump: path})
	h.run(2)
	d := readDump(t, path)
	full := ""
	for _, b := range d.Buttons {
		if b.Kind == "start" && strings.Contains(b.Label, "a-very-long-saved-game") {
			full = b.Label
		}
	}
	if !strings.HasSuffix(full, "(does not load)") || !strings.Contains(full, "long-campaign-evening") {
		t.Fatalf("no start button with the whole label of the recent save: %q", full)
	}
	shown := ""
	for _, tx := range d.Texts {
		if strings.HasPrefix(tx.Text, "recent save: a-") {
			shown = tx.Text
		}
	}
	if !strings.Contains(shown, "…") || !strings.HasSuffix(shown, "(does not load)") || len([]rune(shown)) >= len([]rune(full)) {
		t.Errorf("the long label is drawn as %q, want it shortened in the middle (whole: %q)", shown, full)
	}
}
