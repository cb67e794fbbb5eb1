package scenarios

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func next(t *testing.T, ch <-chan Update) Update {
	t.Helper()
	select {
	case u, ok := <-ch:
		if !ok {
			t.Fatal("watch channel closed")
		}
		return u
	case <-time.After(5 * time.Second):
		t.Fatal("no update within 5 s")
	}
	return Update{}
}

func TestWatch(t *testing.T) {
	cat := testCatalogue(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "s.yaml")
	if err := os.WriteFile(path, []byte(mini), 0o644); err != nil {
		t.Fatal(err)
	}
	// Unrelated files in the same directory must not trigger reloads.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch, err := Watch(ctx, path, cat)
	if err != nil {
		t.Fatal(err)
	}
	u := next(t, ch)
	if u.Err != nil || u.Scenario == nil || u.Scenario.Name != "Mini" {
		t.Fatalf("initial load: %+v", u)
	}

	// A plain write of a changed file.
	v2 := strings.Replace(mini, "name: Mini", "name: Mini two", 1)
	if err := os.WriteFile(path, []byte(v2), 0o644); err != nil {
		t.Fatal(err)
	}
	if u = next(t, ch); u.Err != nil || u.Scenario.Name != "Mini two" {
		t.Fatalf("after write: %+v", u)
	}

	// A broken write reports errors with positions.
	if err := os.WriteFile(path, []byte(strings.Replace(mini, "kind: woods", "kind: wodos", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	u = next(t, ch)
	if u.Err == nil || u.Scenario != nil || !strings.Contains(u.Err.Error(), "s.yaml:6:") {
		t.Fatalf("after broken write: %+v", u)
	}

	// Noise: another file in the directory.
	if err := os.WriteFile(filepath.Join(dir, "other.yaml"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}

	// The fixed file arrives by rename-over, as vim and VS Code save.
	v3 := strings.Replace(mini, "name: Mini", "name: Mini three", 1)
	tmp := filepath.Join(dir, ".s.yaml.swp")
	if err := os.WriteFile(tmp, []byte(v3), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
	if u = next(t, ch); u.Err != nil || u.Scenario.Name != "Mini three" {
		t.Fatalf("after rename-over: %+v", u)
	}

	// Backup-and-write (vim with backupcopy=no): the file disappears briefly.
	if err := os.Rename(path, path+"~"); err != nil {
		t.Fatal(err)
	}
	v4 := strings.Replace(mini, "name: Mini", "name: Mini four", 1)
	if err := os.WriteFile(path, []byte(v4), 0o644); err != nil {
		t.Fatal(err)
	}
	if u = next(t, ch); u.Err != nil || u.Scenario.Name != "Mini four" {
		t.Fatalf("after backup-and-write: %+v", u)
	}

	cancel()
	select {
	case _, ok := <-ch:
		for ok {
			_, ok = <-ch
		}
	case <-time.After(5 * time.Second):
		t.Fatal("channel not closed after cancel")
	}
}

func TestWatchMissingDir(t *testing.T) {
	_, err := Watch(context.Background(), filepath.Join(t.TempDir(), "nope", "s.yaml"), testCatalogue(t))
	if err == nil {
		t.Fatal("watching a missing directory should fail")
	}
}
