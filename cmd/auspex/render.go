package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/render/adapt"
	"github.com/auspex/auspex/render/raster"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/render/svg"
	"github.com/auspex/auspex/render/textfont"
	"github.com/auspex/auspex/scenarios"
)

// renderLoadScenario loads a scenario file, or a bundled one named
// "bundled:NAME" (or just NAME when no such file exists).
func renderLoadScenario(arg string) (*scenarios.Scenario, error) {
	cat, err := assets.LoadCatalogue(shippedReaders())
	if err != nil {
		return nil, fmt.Errorf("load unit catalogue: %w", err)
	}
	// A bare name that is no file ("titan-duel") means the bundled one.
	if _, statErr := os.Stat(arg); statErr != nil && !strings.ContainsAny(arg, "/\\.:") {
		arg = scenarios.BundledPrefix + arg
	}
	return scenarios.Open(arg, cat)
}

// splitArgs separates flags from positional arguments so that flags may
// come after the file name (auspex render FILE -o OUT).
func splitArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// cmdRender exports a scenario's table as PNG (pure Go, no display) or as
// true-scale SVG. Exit codes: 0 written, 1 the scenario or output failed,
// 2 bad usage.
func cmdRender(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "output file: .png or .svg (required)")
	scale := fs.Float64("scale", 10, "PNG pixels per cm of table (SVG is always true scale)")
	layers := fs.String("layers", "all", "comma-separated layers to draw: "+strings.Join(scene.LayerNames(), ", "))
	grid := fs.Bool("grid", true, "draw the 10 cm grid")
	rulers := fs.Bool("rulers", true, "draw cm rulers along the table edges")
	legend := fs.Bool("legend", true, "draw the legend, title and scale bar below the table")
	title := fs.String("title", "", "title above the legend (default: the scenario name)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: auspex render FILE -o OUT.png|OUT.svg [--scale PX_PER_CM] [--layers LIST] [--grid=false] [--rulers=false] [--legend=false]")
		fs.PrintDefaults()
	}
	pos, err := splitArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) != 1 || *out == "" {
		fs.Usage()
		return 2
	}
	ext := strings.ToLower(filepath.Ext(*out))
	if ext != ".png" && ext != ".svg" {
		fmt.Fprintf(stderr, "auspex render: output %q must end in .png or .svg\n", *out)
		return 2
	}
	if !(*scale >= 1 && *scale <= 100) {
		fmt.Fprintf(stderr, "auspex render: --scale must be between 1 and 100 px per cm, got %v\n", *scale)
		return 2
	}
	set, err := scene.ParseLayers(*layers)
	if err != nil {
		fmt.Fprintf(stderr, "auspex render: --layers: %v\n", err)
		return 2
	}
	s, err := renderLoadScenario(pos[0])
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fonts, err := textfont.Load()
	if err != nil {
		fmt.Fprintf(stderr, "auspex render: %v\n", err)
		return 1
	}
	if *title == "" {
		*title = s.Name
	}
	view := scene.View{Scale: *scale, Layers: set, Grid: *grid, EdgeRulers: *rulers, Legend: *legend, Title: *title, Measure: fonts.Measure}
	if ext == ".svg" {
		view.Scale = svg.Scale
	}
	sc := scene.Build(adapt.Input(s), view)
	if err := writeRender(*out, ext, sc, fonts); err != nil {
		fmt.Fprintf(stderr, "auspex render: %v\n", err)
		return 1
	}
	w, h := sc.Bounds.W(), sc.Bounds.H()
	if ext == ".svg" {
		fmt.Fprintf(stdout, "wrote %s (%.1f x %.1f cm, true scale)\n", *out, w, h)
	} else {
		fmt.Fprintf(stdout, "wrote %s (%d x %d px at %g px/cm)\n", *out, int(w**scale+0.999), int(h**scale+0.999), *scale)
	}
	return 0
}

// writeRender writes the scene to path, replacing it only once complete.
func writeRender(path, ext string, sc *scene.Scene, fonts *textfont.Fonts) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".auspex-render-*"+ext)
	if err != nil {
		return fmt.Errorf("create %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	if ext == ".svg" {
		err = svg.Write(tmp, sc, fonts.Measure)
	} else {
		img, rerr := raster.Render(sc, fonts)
		if rerr != nil {
			tmp.Close()
			return rerr
		}
		err = raster.WritePNG(tmp, img)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
