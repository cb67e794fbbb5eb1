package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/internal/fsutil"
	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/render/sample"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/scenarios"
)

// cmdPlay opens the window on a scenario file (hot-reloaded on save) or,
// with no file, on the bundled default scenario. Exit codes: 0 closed
// normally, 1 the window or the scenario failed, 2 bad usage.
func cmdPlay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	shot := fs.String("screenshot", "", "render the first frames, write the window to this PNG and exit")
	after := fs.Int("screenshot-after", 10, "frames to run before --screenshot is taken")
	frames := fs.Int("frames-report", 0, "run this many frames (after 10 warm-up frames), print frame times and exit")
	idle := fs.Bool("frames-idle", false, "with --frames-report: measure idle frames (same as --frames-mode idle)")
	mode := fs.String("frames-mode", "pan", "with --frames-report: what changes every frame: idle, pan, dynamic (a ruler end moves), markers (a damage marker changes), zoom, grid (full redraw)")
	size := fs.String("window", "1400x900", "initial window size WxH in pixels")
	noAA := fs.Bool("no-antialias", false, "draw shapes without anti-aliasing (faster on software GL)")
	crowd := fs.Int("bench-bases", 0, "instead of a scenario, show a generated 180x120 cm table with this many bases and 60 terrain pieces (for --frames-report)")
	view := fs.Bool("view", false, "open the bundled scenario in view mode (tools only, no game) instead of the start screen")
	newGame := fs.Bool("game", false, "with a scenario FILE: open the start screen with it selected instead of view mode")
	controls := controlFlag{}
	fs.Var(controls, "control", "SIDE=human|script|ai[:SECONDS]|greedy|random,...: start a game of FILE (or continue SAVE) in play mode with these players (repeatable)")
	seed := fs.Uint64("seed", 0, "with --control on a scenario: the game's seed (0: from the clock)")
	dump := fs.String("debug-dump", "", "after every frame that changed, write what the window shows (camera, units, buttons, every string drawn) to this JSON file (for end-to-end tests)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: auspex [play] [SAVE | FILE | bundled:NAME] [--game] [--view] [--screenshot OUT.png] [--frames-report N]")
		fmt.Fprintln(stderr, "  no argument: the start screen (new game); SAVE: continue a saved game;")
		fmt.Fprintln(stderr, "  FILE: view a scenario with hot reload (--game: start a game of it)")
		fmt.Fprintln(stderr, "  --control red=greedy,blue=human: play FILE or SAVE at once with these players")
		fs.PrintDefaults()
	}
	var sheets listFlag
	fs.Var(&sheets, "catalogue", "a catalogue file of your own datasheets, extending or overriding the built-in profiles (repeatable; the start screen's C adds more)")
	pos, err := splitArgs(fs, args)
	if err != nil {
		return 2
	}
	// loadCat is the built-in catalogue extended by --catalogue files.
	loadCat := func() (*catalog.Catalogue, error) { return assets.LoadCatalogueWith(shippedReaders(), sheets...) }
	withSheets := func(o *app.StartOptions) *app.StartOptions {
		if len(sheets) > 0 {
			o.Datasheets = append([]string(nil), sheets...)
			o.Builtin, _ = assets.LoadCatalogue(shippedReaders())
		}
		return o
	}
	if len(pos) > 1 {
		fs.Usage()
		return 2
	}
	opts := app.Options{Screenshot: *shot, ScreenshotAfter: *after, FramesReport: *frames, Report: stdout, NoAntiAlias: *noAA, FramesIdle: *idle, DebugDump: *dump, Systems: shippedSystems(), UIs: shippedUIs()}
	switch *mode {
	case "pan":
	case "idle":
		opts.FramesIdle = true
	case "dynamic":
		opts.FramesDynamic = true
	case "markers":
		opts.FramesMarkers = true
	case "zoom":
		opts.FramesZoom = true
	case "grid":
		opts.FramesGrid = true
	default:
		fmt.Fprintf(stderr, "auspex: --frames-mode %q: want idle, pan, dynamic, markers, zoom or grid\n", *mode)
		return 2
	}
	if _, err := fmt.Sscanf(*size, "%dx%d", &opts.WindowW, &opts.WindowH); err != nil || opts.WindowW < 200 || opts.WindowH < 150 {
		fmt.Fprintf(stderr, "auspex: --window wants WxH of at least 200x150, got %q\n", *size)
		return 2
	}
	// Everything that can fail on the file is checked here, before any
	// window opens: a missing or unreadable path, or a file that looks
	// like a save but does not load, is a plain message and exit 1.
	isSave := false
	if len(pos) == 1 && !isBundledArg(pos[0]) && *crowd == 0 {
		isSave, err = looksLikeSave(pos[0])
		if err != nil {
			fmt.Fprintf(stderr, "auspex: %v\n", err)
			return 1
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	switch {
	case len(controls) > 0:
		if len(pos) != 1 || *crowd > 0 || *view {
			fmt.Fprintln(stderr, "auspex: --control needs one scenario FILE, bundled:NAME or SAVE (and no --view or --bench-bases)")
			return 2
		}
		cat, cerr := loadCat()
		if cerr != nil {
			fmt.Fprintf(stderr, "auspex: load unit catalogue: %v\n", cerr)
			return 1
		}
		if *seed == 0 {
			*seed = startOptions(cat, "").Seed
		}
		s, serr := controlledSession(opts.Systems, cat, pos[0], isSave, controls, *seed)
		if serr != nil {
			fmt.Fprintf(stderr, "auspex: %v\n", serr)
			if errors.Is(serr, errBadControl) {
				return 2
			}
			return 1
		}
		opts.Play, opts.RecentFile = s, startOptions(cat, "").RecentFile
		if isSave {
			opts.PlayFile = pos[0]
		}
		opts.AutosavePath = filepath.Join(app.AutosaveDir(), "autosave.json")
		opts.NewGame = func(a *app.App) { a.OpenStart(*withSheets(startOptions(cat, ""))) }
	case *crowd > 0:
		opts.Scene = sample.Crowd(*crowd, 60)
	case len(pos) == 0 && !*view, len(pos) == 1 && *newGame:
		cat, cerr := loadCat()
		if cerr != nil {
			fmt.Fprintf(stderr, "auspex: load unit catalogue: %v\n", cerr)
			return 1
		}
		pre := ""
		if len(pos) == 1 {
			pre = strings.TrimPrefix(pos[0], "bundled:")
		}
		opts.Start = withSheets(startOptions(cat, pre))
		opts.AutosavePath = filepath.Join(app.AutosaveDir(), "autosave.json")
		opts.NewGame = func(a *app.App) { a.OpenStart(*withSheets(startOptions(cat, ""))) }
	case len(pos) == 1 && isSave:
		cat, cerr := loadCat()
		if cerr != nil {
			fmt.Fprintf(stderr, "auspex: load unit catalogue: %v\n", cerr)
			return 1
		}
		s, lerr := opts.UIs.Load(opts.Systems, pos[0], nil, game.Config{Catalogue: cat})
		if lerr != nil {
			fmt.Fprintf(stderr, "auspex: %v\n", lerr)
			return 1
		}
		opts.Play, opts.PlayFile, opts.RecentFile = s, pos[0], startOptions(cat, "").RecentFile
		opts.AutosavePath = filepath.Join(app.AutosaveDir(), "autosave.json")
		opts.NewGame = func(a *app.App) { a.OpenStart(*withSheets(startOptions(cat, ""))) }
	case len(pos) == 0:
		opts.Scenario, err = renderLoadScenario("bundled:" + scenarios.DefaultName)
		if err != nil {
			fmt.Fprintf(stderr, "auspex: the bundled scenario does not load: %v\n", err)
			return 1
		}
	case isBundledArg(pos[0]):
		opts.Scenario, err = renderLoadScenario(pos[0])
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
	default:
		cat, cerr := loadCat()
		if cerr != nil {
			fmt.Fprintf(stderr, "auspex: load unit catalogue: %v\n", cerr)
			return 1
		}
		// A file that fails to load still opens the window: the error is
		// shown in the banner and the table appears once the file is fixed.
		// With hot reload the watcher's first update is the initial load,
		// so the file is parsed once.
		loaded := false
		if *shot == "" && *frames == 0 {
			opts.Updates, err = scenarios.Watch(ctx, pos[0], cat)
			if err != nil {
				fmt.Fprintf(stderr, "auspex: %v (hot reload is off)\n", err)
			} else if u, ok := <-opts.Updates; ok {
				opts.Scenario, opts.Err, loaded = u.Scenario, u.Err, true
			}
		}
		if !loaded {
			opts.Scenario, opts.Err = scenarios.Load(pos[0], cat)
		}
		if opts.Err != nil && opts.Scenario != nil {
			opts.Scenario = nil
		}
	}
	a, err := app.New(opts)
	if err != nil {
		fmt.Fprintf(stderr, "auspex: %v\n", err)
		return 1
	}
	if err := app.Run(a); err != nil {
		fmt.Fprintf(stderr, "auspex: %v\n", err)
		return 1
	}
	if *shot != "" {
		fmt.Fprintf(stdout, "wrote %s\n", *shot)
	}
	return 0
}

// startOptions are the start screen's settings: the seed comes from the
// clock (the UI layer's source, never the rules').
func startOptions(cat *catalog.Catalogue, pre string) *app.StartOptions {
	return &app.StartOptions{Catalogue: cat, Preselect: pre, Seed: uint64(time.Now().UnixNano()) % 1000000,
		RecentFile: filepath.Join(filepath.Dir(app.AutosaveDir()), "recent.txt")}
}

// saveSniff is how much of a file looksLikeSave reads.
const saveSniff = 64 << 10

// looksLikeSave reports whether the play argument path is meant as a saved
// game rather than a scenario: its name ends in .auspex-save or .json, or
// its content starts with '{' (after an optional UTF-8 byte order mark and
// blanks) or mentions "auspex-save" in its first 64 KiB. Such a file is
// loaded as a save and its problems are the save's, never a scenario's
// YAML errors. err is a path that cannot be opened or is not a regular
// file (missing, a directory, a FIFO, a device).
func looksLikeSave(path string) (bool, error) {
	f, _, err := fsutil.OpenRegular(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	if ext := strings.ToLower(filepath.Ext(path)); ext == ".auspex-save" || ext == ".json" {
		return true, nil
	}
	head := make([]byte, saveSniff)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return false, fmt.Errorf("%s: %w", path, err)
	}
	head = head[:n]
	trimmed := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xEF\xBB\xBF")), " \t\r\n")
	return bytes.HasPrefix(trimmed, []byte("{")) || bytes.Contains(head, []byte(rules.SaveFormat)), nil
}

// isBundledArg reports whether a play argument names a bundled scenario.
func isBundledArg(s string) bool {
	if len(s) > 8 && s[:8] == "bundled:" {
		return true
	}
	for _, b := range scenarios.Bundled() {
		if b.Name == s {
			return true
		}
	}
	return false
}

// listFlag is a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

// Set adds one value; an empty one is an error.
func (l *listFlag) Set(v string) error {
	if strings.TrimSpace(v) == "" {
		return errors.New("empty file name")
	}
	*l = append(*l, v)
	return nil
}
