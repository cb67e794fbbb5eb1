// Package fsutil holds Auspex's small file-system helpers. WriteFileAtomic is
// the only way saves (and exported files) are written, so that a crash or a
// full disk never leaves a half-written save behind.
package fsutil

import (
	"fmt"
	"os"
	"path/filepath"
)

// WriteFileAtomic writes data to path so that path afterwards holds either
// its old content or all of data, never a mix: the data goes to a temporary
// file in the same directory, is flushed to disk (fsync), given perm, and
// renamed over path; then the directory is synced so the rename survives a
// crash (best effort: some systems cannot sync directories). On error the
// temporary file is removed and path is untouched.
func WriteFileAtomic(path string, data []byte, perm os.FileMode) (err error) {
	dir, base := filepath.Split(path)
	if base == "" {
		return fmt.Errorf("write %q: not a file name", path)
	}
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
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
