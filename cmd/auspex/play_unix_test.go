//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestPlayBadPathExitsNonZero (issue 8 item 1): `auspex play /nonexistent`
// opened an empty window; a directory or a FIFO must not open anything
// (or hang) either.
func TestPlayBadPathExitsNonZero(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ arg, want string }{
		{filepath.Join(dir, "nonexistent.yaml"), "no such file"},
		{filepath.Join(dir, "nonexistent"), "no such file"},
		{dir, "not a regular file (a directory)"},
		{fifo, "not a regular file (a named pipe (FIFO))"},
		{"/dev/zero", "not a regular file"},
	} {
		code, msg := playExit(t, "play", c.arg)
		if code != 1 || !strings.Contains(msg, c.want) || !strings.Contains(msg, c.arg) {
			t.Errorf("play %s: exit %d, stderr %q; want 1 and %q with the path", c.arg, code, msg, c.want)
		}
	}
}

// TestReplayRefusesSpecialAndHugeFiles (issue 8 item 2): `replay
// /dev/zero` ran out of memory and a FIFO hung; a file over the cap is
// refused with the cap named, before it is read.
func TestReplayRefusesSpecialAndHugeFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.auspex-save")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "huge.auspex-save")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(1 << 30); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	f.Close()
	for _, c := range []struct{ arg, want string }{
		{"/dev/zero", "not a regular file"},
		{fifo, "not a regular file"},
		{dir, "not a regular file"},
		{huge, "larger than the 32 MiB limit for saves"},
	} {
		code, msg := playExit(t, "replay", c.arg)
		if code != 1 || !strings.Contains(msg, c.want) {
			t.Errorf("replay %s: exit %d, stderr %q; want 1 and %q", c.arg, code, msg, c.want)
		}
	}
}
