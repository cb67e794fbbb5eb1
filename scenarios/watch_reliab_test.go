package scenarios

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// nextNamed waits for the first update whose scenario is called name,
// skipping the transient errors of a file being replaced.
func nextNamed(t *testing.T, ch <-chan Update, name string) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case u, ok := <-ch:
			if !ok {
				t.Fatal("watch channel closed")
			}
			if u.Scenario != nil && u.Scenario.Name == name {
				return
			}
		case <-deadline:
			t.Fatalf("no reload to %q within 10 s", name)
		}
	}
}

func named(name string) []byte {
	return []byte(strings.Replace(mini, "name: Mini", "name: "+name, 1))
}

// TestWatchDirectoryRecreated (issue 8 item 3): deleting the file's
// directory and creating it again left the watcher silent. It must say it
// is not watching (ErrNotWatching) and pick the file up again.
func TestWatchDirectoryRecreated(t *testing.T) {
	cat := testCatalogue(t)
	dir := filepath.Join(t.TempDir(), "scn")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "s.yaml")
	if err := os.WriteFile(path, named("One"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch, err := Watch(ctx, path, cat)
	if err != nil {
		t.Fatal(err)
	}
	nextNamed(t, ch, "One")
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	deadline := time.After(10 * time.Second)
	for seen := false; !seen; {
		select {
		case u := <-ch:
			seen = errors.Is(u.Err, ErrNotWatching) && strings.Contains(u.Err.Error(), "not watching")
		case <-deadline:
			t.Fatal("no not-watching update after the directory was deleted")
		}
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, named("Two"), 0o644); err != nil {
		t.Fatal(err)
	}
	nextNamed(t, ch, "Two")
	// And it is really watched again: a later edit is seen.
	if err := os.WriteFile(path, named("Three"), 0o644); err != nil {
		t.Fatal(err)
	}
	nextNamed(t, ch, "Three")
}

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

// TestWatchFollowsSymlink (issue 8 item 3): edits made to the target of a
// symbolic link (in another directory) were missed.
func TestWatchFollowsSymlink(t *testing.T) {
	cat := testCatalogue(t)
	real := filepath.Join(t.TempDir(), "real.yaml")
	if err := os.WriteFile(real, named("Target one"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "link.yaml")
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch, err := Watch(ctx, link, cat)
	if err != nil {
		t.Fatal(err)
	}
	nextNamed(t, ch, "Target one")
	if err := os.WriteFile(real, named("Target two"), 0o644); err != nil {
		t.Fatal(err)
	}
	nextNamed(t, ch, "Target two")
	// Rename-over in the target's directory, as editors save.
	tmp := real + ".swp"
	if err := os.WriteFile(tmp, named("Target three"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, real); err != nil {
		t.Fatal(err)
	}
	nextNamed(t, ch, "Target three")
}
