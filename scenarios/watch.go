package scenarios

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/auspex/auspex/rules/catalog"
)

// Debounce is how long Watch waits after the last change before reloading:
// editors often write a file in several steps.
const Debounce = 150 * time.Millisecond

// Update is one reload of a watched scenario: either a new Scenario or the
// error (an Errors value for validation problems). The caller keeps the
// last good scenario when Err is set.
type Update struct {
	Path     string
	Scenario *Scenario
	Err      error
}

// Watch loads path now and again whenever it changes, until ctx is done;
// the channel is closed then. It watches the file's directory rather than
// the file, so it follows editors that save by writing a temporary file and
// renaming it over the original (vim, VS Code, atomic-write tools), and it
// debounces bursts of events (Debounce). The first Update is the initial
// load. An unchanged file does not produce an Update. The error is returned
// when the directory cannot be watched at all.
func Watch(ctx context.Context, path string, cat *catalog.Catalogue) (<-chan Update, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("watch %s: %w", path, err)
	}
	abs = filepath.Clean(abs)
	dir := filepath.Dir(abs)
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("watch %s: %w", path, err)
	}
	if err := w.Add(dir); err != nil {
		w.Close()
		return nil, fmt.Errorf("watch %s: directory %s: %w", path, dir, err)
	}
	out := make(chan Update, 1)
	go watchLoop(ctx, w, path, abs, cat, out)
	return out, nil
}

func watchLoop(ctx context.Context, w *fsnotify.Watcher, path, abs string, cat *catalog.Catalogue, out chan<- Update) {
	defer close(out)
	defer w.Close()
	var last []byte
	haveLast := false
	send := func(u Update) bool {
		select {
		case out <- u:
			return true
		case <-ctx.Done():
			return false
		}
	}
	reload := func() bool {
		data, err := readScenarioFile(abs)
		if err != nil {
			if haveLast && last == nil {
				return true // still missing: already reported
			}
			last, haveLast = nil, true
			return send(Update{Path: path, Err: err})
		}
		if haveLast && last != nil && bytes.Equal(data, last) {
			return true
		}
		last, haveLast = data, true
		s, perr := Parse(path, data, cat)
		return send(Update{Path: path, Scenario: s, Err: perr})
	}
	if !reload() {
		return
	}
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-w.Events:
			if !ok {
				return
			}
			if filepath.Clean(ev.Name) != abs {
				if a, err := filepath.Abs(ev.Name); err != nil || filepath.Clean(a) != abs {
					continue
				}
			}
			if ev.Op&(fsnotify.Write|fsnotify.Create|fsnotify.Rename|fsnotify.Remove) == 0 {
				continue
			}
			timer.Reset(Debounce)
		case err, ok := <-w.Errors:
			if !ok {
				return
			}
			if !send(Update{Path: path, Err: fmt.Errorf("watching %s: %w", path, err)}) {
				return
			}
		case <-timer.C:
			if !reload() {
				return
			}
		}
	}
}

// readScenarioFile reads a file with the size cap applied before reading.
func readScenarioFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: the file is gone (deleted or being replaced)", path)
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if fi.Size() > MaxFileSize {
		return nil, Errors{{File: path, Msg: fmt.Sprintf("file is %d bytes, more than the %d byte limit", fi.Size(), MaxFileSize)}}
	}
	buf := bytes.NewBuffer(make([]byte, 0, fi.Size()+1))
	if _, err := buf.ReadFrom(io.LimitReader(f, MaxFileSize+1)); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if buf.Len() > MaxFileSize {
		return nil, Errors{{File: path, Msg: fmt.Sprintf("file is more than the %d byte limit", MaxFileSize)}}
	}
	return buf.Bytes(), nil
}
