// Package fsutil holds Auspex's small file-system helpers. WriteFileAtomic is
// the only way saves (and exported files) are written, so that a crash or a
// full disk never leaves a half-written save behind.
package fsutil

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// StaleTempAge is how old a temporary file of WriteFileAtomic must be
// before a later write removes it even when the process that made it may
// still be running (a write takes milliseconds, so such a file was left by
// a crash or a kill).
const StaleTempAge = 10 * time.Minute

// WriteFileAtomic writes data to path so that path afterwards holds either
// its old content or all of data, never a mix: the data goes to a temporary
// file in the same directory, is flushed to disk (fsync), given perm, and
// renamed over path; then the directory is synced so the rename survives a
// crash (best effort: some systems cannot sync directories). On error the
// temporary file is removed and path is untouched.
//
// Temporary files are named ".BASE.tmp-PID-RANDOM" (PID: the writing
// process). A process killed mid-write (kill -9, power loss) cannot remove
// its own, so each write first removes the ones earlier writes of path left
// behind (removeStaleTemps).
func WriteFileAtomic(path string, data []byte, perm os.FileMode) (err error) {
	dir, base := filepath.Split(path)
	if base == "" {
		return fmt.Errorf("write %q: not a file name", path)
	}
	if dir == "" {
		dir = "."
	}
	removeStaleTemps(dir, base, time.Now())
	tmp, err := os.CreateTemp(dir, tempPrefix(base)+strconv.Itoa(os.Getpid())+"-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmpName := tmp.Name()
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmpName)
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = tmp.Chmod(perm); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("write %s: sync: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("write %s: close: %w", path, err)
	}
	if err = os.Rename(tmpName, path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	syncDir(dir)
	return nil
}

// syncDir flushes a directory entry change to disk where the system allows
// it; failures are ignored because the data itself is already safe.
func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	_ = d.Sync() // not every file system can sync a directory
	_ = d.Close()
}

// tempPrefix is the start of the names of path's temporary files.
func tempPrefix(base string) string { return "." + base + ".tmp-" }

// removeStaleTemps removes the temporary files earlier writes of base left
// in dir: those whose writing process is gone, and any older than
// StaleTempAge (older names without a process id, or a process id reused
// by an unrelated process). A file of a live process that is still young
// may be another write in progress and is kept. Errors are ignored: the
// cleanup is best effort and never blocks a save.
func removeStaleTemps(dir, base string, now time.Time) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	prefix := tempPrefix(base)
	for _, e := range ents {
		name := e.Name()
		if !strings.HasPrefix(name, prefix) || !e.Type().IsRegular() {
			continue
		}
		stale := false
		if pid, ok := tempPID(name[len(prefix):]); ok && pid != os.Getpid() && !processAlive(pid) {
			stale = true
		}
		if !stale {
			fi, err := e.Info()
			stale = err == nil && now.Sub(fi.ModTime()) > StaleTempAge
		}
		if stale {
			_ = os.Remove(filepath.Join(dir, name))
		}
	}
}

// tempPID reads the process id from the tail "PID-RANDOM" of a temporary
// file's name.
func tempPID(tail string) (int, bool) {
	i := strings.IndexByte(tail, '-')
	if i <= 0 {
		return 0, false
	}
	pid, err := strconv.Atoi(tail[:i])
	return pid, err == nil && pid > 0
}
