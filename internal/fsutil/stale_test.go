package fsutil

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// writerChildEnv makes the test binary a child that saves in a loop until
// it is killed (TestWriteFileAtomicCleansAfterKill).
const writerChildEnv = "AUSPEX_FSUTIL_WRITER"

func TestMain(m *testing.M) {
	if p := os.Getenv(writerChildEnv); p != "" {
		data := bytes.Repeat([]byte("x"), 8<<20)
		for {
			_ = WriteFileAtomic(p, data, 0o644)
		}
	}
	os.Exit(m.Run())
}

func temps(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp-") {
			out = append(out, e.Name())
		}
	}
	return out
}

// TestWriteFileAtomicCleansAfterKill: a saving process killed with SIGKILL
// leaves its temporary file behind (issue 8: 29 of 200 runs); the next
// save of the same path must remove it.
func TestWriteFileAtomicCleansAfterKill(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "autosave.json")
	left := false
	for try := 0; try < 20 && !left; try++ {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), writerChildEnv+"="+p)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(10 * time.Second)
		for len(temps(t, dir)) == 0 && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		left = len(temps(t, dir)) > 0
	}
	if !left {
		t.Skip("could not kill the writer while it had a temporary file open")
	}
	if err := WriteFileAtomic(p, []byte("after"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := temps(t, dir); len(got) > 0 {
		t.Fatalf("temporary files of the killed writer are still there: %v", got)
	}
}

// TestWriteFileAtomicKeepsLiveTemps: a young temporary file of a running
// process may be a save in progress and is kept; an old one, or one
// without a process id (older Auspex), is removed; other files are never
// touched.
func TestWriteFileAtomicKeepsLiveTemps(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "game.json")
	live := filepath.Join(dir, ".game.json.tmp-1-123") // pid 1 always runs
	oldLive := filepath.Join(dir, ".game.json.tmp-1-456")
	legacyOld := filepath.Join(dir, ".game.json.tmp-789")
	other := filepath.Join(dir, ".other.json.tmp-999999999-1")
	for _, f := range []string{live, oldLive, legacyOld, other} {
		if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-2 * StaleTempAge)
	for _, f := range []string{oldLive, legacyOld, other} {
		if err := os.Chtimes(f, old, old); err != nil {
			t.Fatal(err)
		}
	}
	if err := WriteFileAtomic(p, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	exists := func(f string) bool { _, err := os.Stat(f); return err == nil }
	if !exists(live) {
		t.Error("a young temporary file of a live process was removed")
	}
	if exists(oldLive) || exists(legacyOld) {
		t.Error("old temporary files were kept")
	}
	if !exists(other) {
		t.Error("another file's temporary file was removed")
	}
}

// TestReadRegularRefusesSpecialFiles: issue 8 item 2: /dev/zero ran the
// process out of memory and a FIFO hung; both must be refused at once, a
// directory too, and a file over the cap must name the cap.
func TestReadRegularRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := mkfifo(fifo); err != nil {
		t.Logf("no FIFO on this system: %v", err)
		fifo = ""
	}
	for _, p := range []string{"/dev/zero", dir, fifo} {
		if p == "" {
			continue
		}
		done := make(chan error, 1)
		go func() { _, err := ReadRegular(p, 1<<20); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("%s: error %v, want not a regular file", p, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: ReadRegular blocked", p)
		}
	}
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, make([]byte, 2000), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadRegular(big, 1000); err == nil || !strings.Contains(err.Error(), "1000 byte limit") {
		t.Errorf("oversized file: error %v, want the 1000 byte limit named", err)
	}
	got, err := ReadRegular(big, 2000)
	if err != nil || len(got) != 2000 {
		t.Errorf("file at the cap: %d bytes, %v", len(got), err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(big, link); err == nil {
		if got, err := ReadRegular(link, 2000); err != nil || len(got) != 2000 {
			t.Errorf("through a symlink: %d bytes, %v", len(got), err)
		}
	}
}
