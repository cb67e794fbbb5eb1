//go:build unix

package scenarios

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestWatchFIFODoesNotBlock (issue 8 item 3): a FIFO at the watched path
// blocked the watcher forever on open; it must be reported and the
// watcher must go on to load the real file when it replaces the FIFO.
func TestWatchFIFODoesNotBlock(t *testing.T) {
	cat := testCatalogue(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "s.yaml")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch, err := Watch(ctx, path, cat)
	if err != nil {
		t.Fatal(err)
	}
	u := next(t, ch)
	if u.Err == nil || !strings.Contains(u.Err.Error(), "not a regular file") {
		t.Fatalf("FIFO: %+v, want a not-a-regular-file error", u)
	}
	done := make(chan error, 1)
	go func() { _, err := Load(path, cat); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("Load of a FIFO: %v, want not a regular file", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Load of a FIFO blocked")
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, named("Real"), 0o644); err != nil {
		t.Fatal(err)
	}
	nextNamed(t, ch, "Real")
	if _, err := Load(dir, cat); err == nil {
		t.Error("Load of a directory succeeded")
	}
}
