package fsutil

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteFileAtomicCreatesAndReplaces(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "game.auspex-save")
	if err := WriteFileAtomic(p, []byte("first"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(p)
	if err != nil || string(got) != "first" {
		t.Fatalf("read %q, %v; want first", got, err)
	}
	big := bytes.Repeat([]byte("x"), 1<<20)
	if err := WriteFileAtomic(p, big, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err = os.ReadFile(p)
	if err != nil || !bytes.Equal(got, big) {
		t.Fatalf("second write: %d bytes, %v; want %d", len(got), err, len(big))
	}
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", fi.Mode().Perm())
	}
	assertNoTemp(t, dir)
}

func TestWriteFileAtomicFailureLeavesOldContent(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "keep.txt")
	if err := WriteFileAtomic(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	// Renaming a file over a non-empty directory fails: the write must
	// fail and leave no temporary file behind.
	sub := filepath.Join(dir, "sub")
	if err := os.MkdirAll(filepath.Join(sub, "inner"), 0o755); err != nil {
		t.Fatal(err)
	}
	err := WriteFileAtomic(sub, []byte("new"), 0o600)
	if err == nil {
		t.Fatal("writing over a non-empty directory succeeded")
	}
	if !strings.Contains(err.Error(), "sub") {
		t.Errorf("error %q does not name the path", err)
	}
	assertNoTemp(t, dir)
	got, _ := os.ReadFile(p)
	if string(got) != "old" {
		t.Errorf("unrelated file changed: %q", got)
	}
}

func TestWriteFileAtomicMissingDir(t *testing.T) {
	p := filepath.Join(t.TempDir(), "no", "such", "dir", "f")
	if err := WriteFileAtomic(p, []byte("x"), 0o600); err == nil {
		t.Fatal("write into a missing directory succeeded")
	}
}

func assertNoTemp(t *testing.T, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}
