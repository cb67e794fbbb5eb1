package app_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/auspex/auspex/render/app"
)

// The recent files list is read like every other file the program reads:
// a regular file under a size cap (app.MaxRecentSize). A FIFO in its place
// must not block the start screen, and an oversized file is no list.
func TestRecentFilesReadsOnlyASmallRegularFile(t *testing.T) {
	dir := t.TempDir()
	list := filepath.Join(dir, "recent")
	if err := app.AddRecent(list, "/a/one.yaml"); err != nil {
		t.Fatal(err)
	}
	if err := app.AddRecent(list, "/a/two.yaml"); err != nil {
		t.Fatal(err)
	}
	if got := app.RecentFiles(list); !reflect.DeepEqual(got, []string{"/a/two.yaml", "/a/one.yaml"}) {
		t.Fatalf("recent files %v", got)
	}
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, []byte(strings.Repeat("/a/x.yaml\n", app.MaxRecentSize/10+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := app.RecentFiles(big); got != nil {
		t.Errorf("a list above %d bytes should be refused, got %d entries", app.MaxRecentSize, len(got))
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	done := make(chan []string, 1)
	go func() { done <- app.RecentFiles(fifo) }()
	select {
	case got := <-done:
		if got != nil {
			t.Errorf("a FIFO is no list: %v", got)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("RecentFiles blocked on a FIFO")
	}
}
