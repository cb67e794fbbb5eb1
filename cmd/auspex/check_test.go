package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/auspex/auspex/scenarios"
)

func runCmd(f func([]string, io.Writer, io.Writer) int, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := f(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestCheckBundledAndFiles(t *testing.T) {
	src, err := scenarios.BundledSource("titan-duel")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "good.yaml")
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(good, src, 0o644)
	broken := strings.Replace(string(src), "kind: woods", "kind: wood", 1)
	broken = strings.Replace(broken, "colour: \"#b3261e\"", "colour: red", 1)
	os.WriteFile(bad, []byte(broken), 0o644)

	code, out, errs := runCmd(cmdCheck, "bundled:titan-duel", good)
	if code != 0 || !strings.Contains(out, "bundled:titan-duel: OK") || !strings.Contains(out, good+": OK") || errs != "" {
		t.Fatalf("good files: code %d\n%s\n%s", code, out, errs)
	}
	code, out, errs = runCmd(cmdCheck, good, bad)
	if code != 1 || !strings.Contains(out, good+": OK") {
		t.Fatalf("bad file: code %d\n%s", code, out)
	}
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	if len(lines) != 2 {
		t.Fatalf("want both errors, got:\n%s", errs)
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, bad+":") || strings.Count(l, ":") < 3 {
			t.Errorf("not file:line:col: %q", l)
		}
	}
	code, _, errs = runCmd(cmdCheck, filepath.Join(dir, "missing.yaml"), "bundled:titan-duell")
	if code != 1 || !strings.Contains(errs, "missing.yaml") || !strings.Contains(errs, `did you mean "titan-duel"`) {
		t.Fatalf("missing files: code %d\n%s", code, errs)
	}
	if code, _, errs = runCmd(cmdCheck); code != 2 || !strings.Contains(errs, "usage") {
		t.Fatalf("no args: %d %s", code, errs)
	}
	if code, _, errs = runCmd(cmdCheck, dir); code != 1 || !strings.Contains(errs, "directory") {
		t.Fatalf("directory: %d %s", code, errs)
	}
}

func TestCheckAllBundled(t *testing.T) {
	var args []string
	for _, b := range scenarios.Bundled() {
		args = append(args, scenarios.BundledPrefix+b.Name)
	}
	code, out, errs := runCmd(cmdCheck, args...)
	if code != 0 || strings.Count(out, ": OK") != len(args) {
		t.Fatalf("bundled scenarios do not all check: %d\n%s\n%s", code, out, errs)
	}
}

func TestScenariosList(t *testing.T) {
	code, out, _ := runCmd(cmdScenarios)
	if code != 0 {
		t.Fatal(code)
	}
	for _, b := range scenarios.Bundled() {
		if !strings.Contains(out, b.Name) || !strings.Contains(out, b.Title) {
			t.Errorf("%s missing from:\n%s", b.Name, out)
		}
	}
	if !strings.Contains(out, "titan-duel (default)") {
		t.Errorf("default not marked:\n%s", out)
	}
	if code, _, _ := runCmd(cmdScenarios, "x"); code != 2 {
		t.Errorf("extra args accepted")
	}
}

func TestMeasure(t *testing.T) {
	// Reavers (2.5 cm radius bases in the ATII catalogue) at (40,12) and
	// (80,108): centres 104 cm apart, edge to edge 104 - 2 x radius.
	code, out, errs := runCmd(cmdMeasure, "bundled:titan-duel", "red-reaver", "blue-reaver")
	if code != 0 {
		t.Fatalf("%d %s", code, errs)
	}
	cat, _ := loadCatalogue()
	r := cat.Units["reaver"].Base.Radius
	want := 104 - 2*r
	if !strings.Contains(out, fmt.Sprintf("%.2f cm edge to edge", want)) {
		t.Errorf("want %.2f cm in:\n%s", want, out)
	}
	code, out, _ = runCmd(cmdMeasure, "bundled:titan-duel", "10,10", "13,14")
	if code != 0 || !strings.Contains(out, "5.00 cm") {
		t.Errorf("point to point: %s", out)
	}
	for _, bad := range [][]string{{"bundled:titan-duel", "nobody", "1,1"}, {"bundled:titan-duel", "1,x", "1,1"}, {"bundled:titan-duel", "500,1", "1,1"}, {"nofile.yaml", "a", "b"}} {
		if code, _, errs := runCmd(cmdMeasure, bad...); code != 1 || errs == "" || strings.Contains(errs, "goroutine") {
			t.Errorf("%v: code %d, %q", bad, code, errs)
		}
	}
	if code, _, _ := runCmd(cmdMeasure, "x"); code != 2 {
		t.Errorf("usage")
	}
}

func TestLOS(t *testing.T) {
	// Tanglewood (woods, blocks LOS in the ATII terrain table) lies between
	// x = 12 and 38 at y = 28: a line along y = 28 across it is blocked.
	code, out, errs := runCmd(cmdLOS, "bundled:titan-duel", "5,28", "45,28")
	if code != 0 || !strings.Contains(out, ": blocked") || !strings.Contains(out, "Tanglewood") {
		t.Fatalf("%d %s %s", code, out, errs)
	}
	// Along the west edge nothing is in the way.
	code, out, _ = runCmd(cmdLOS, "bundled:titan-duel", "2,2", "2,50")
	if code != 0 || !strings.Contains(out, ": clear") || !strings.Contains(out, "crosses no terrain") {
		t.Fatalf("clear line: %s", out)
	}
	// A target standing in the wood is seen (into woods) but in cover.
	code, out, _ = runCmd(cmdLOS, "bundled:titan-duel", "red-reaver", "25,30")
	if code != 0 || !strings.Contains(out, ": cover") || !strings.Contains(out, "target inside Tanglewood") {
		t.Fatalf("into woods: %s", out)
	}
	if code, _, _ := runCmd(cmdLOS, "bundled:titan-duel", "a"); code != 2 {
		t.Errorf("usage")
	}
}
