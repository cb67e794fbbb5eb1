package scenarios

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
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
