package scenarios

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/internal/fsutil"
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

// Rearm is how often Watch tries to watch a directory again after it went
// away (deleted, or renamed and recreated).
const Rearm = 250 * time.Millisecond

// ErrNotWatching marks an Update whose error says hot reload is suspended:
// the file's directory went away. Watch keeps trying (every Rearm) and
// reloads the file as soon as the directory is back; the window can use
// errors.Is to say that edits are not seen meanwhile.
var ErrNotWatching = errors.New("not watching")

// Watch loads path now and again whenever it changes, until ctx is done;
// the channel is closed then. It watches the file's directory rather than
// the file, so it follows editors that save by writing a temporary file and
// renaming it over the original (vim, VS Code, atomic-write tools), and it
// debounces bursts of events (Debounce). When path is a symbolic link the
// directory of its target is watched too, so edits made through the link
// are seen (the target is looked up again after every change). When a
// watched directory is deleted or renamed, an Update with an error
// wrapping ErrNotWatching says so, and the directory is watched again
// (with a reload) as soon as it exists again. Only regular files are read:
// a FIFO or a device at path is reported, never opened for a blocking
// read. The scenario's own catalogue files (key "catalogues") are watched
// the same way: editing one reloads the scenario. The first Update is the
// initial load. An unchanged file does not produce an Update. The error is returned when the directory cannot be
// watched at all.
func Watch(ctx context.Context, path string, cat *catalog.Catalogue) (<-chan Update, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("watch %s: %w", path, err)
	}
	abs = filepath.Clean(abs)
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("watch %s: %w", path, err)
	}
	wt := &watcher{w: w, path: path, abs: abs, cat: cat, dirs: map[string]bool{}}
	if err := w.Add(filepath.Dir(abs)); err != nil {
		w.Close()
		return nil, fmt.Errorf("watch %s: directory %s: %w", path, filepath.Dir(abs), err)
	}
	wt.dirs[filepath.Dir(abs)] = true
	wt.follow()
	out := make(chan Update, 1)
	go wt.loop(ctx, out)
	return out, nil
}

// watcher is the state of one Watch.
type watcher struct {
	w    *fsnotify.Watcher
	path string // as given, for messages and Updates
	abs  string // absolute, cleaned
	cat  *catalog.Catalogue
	// target is where a symbolic link at abs points ("" when abs is not a
	// link); dirs are the directories watched (true) or waiting to be
	// watched again (false).
	target string
	dirs   map[string]bool
	// extra are the absolute paths of the scenario's own catalogue files
	// (key "catalogues"), looked up again at every reload.
	extra map[string]bool
}

// follow looks up the symbolic link at abs and watches its target's
// directory (best effort: a dangling link is reported by the reload).
func (wt *watcher) follow() {
	t, err := filepath.EvalSymlinks(wt.abs)
	if err != nil || t == wt.abs {
		wt.target = ""
		return
	}
	if t, err = filepath.Abs(t); err != nil {
		return
	}
	wt.target = filepath.Clean(t)
	d := filepath.Dir(wt.target)
	if _, known := wt.dirs[d]; !known {
		wt.dirs[d] = wt.w.Add(d) == nil
	}
}

// followCatalogues records the catalogue files the scenario text names and
// watches their directories (best effort: a file that cannot be read is
// reported by the reload), and returns their contents to compare with the
// last reload: a catalogue edit reloads the scenario even when the
// scenario file itself is unchanged.
func (wt *watcher) followCatalogues(data []byte) []byte {
	wt.extra = map[string]bool{}
	var key []byte
	for _, p := range CataloguePaths(wt.abs, data) {
		a, err := filepath.Abs(p)
		if err != nil {
			continue
		}
		a = filepath.Clean(a)
		wt.extra[a] = true
		d := filepath.Dir(a)
		if _, known := wt.dirs[d]; !known {
			wt.dirs[d] = wt.w.Add(d) == nil
		}
		key = append(key, 0)
		key = append(key, a...)
		key = append(key, 0)
		if b, err := fsutil.ReadRegular(a, assets.MaxCatalogueFile); err == nil {
			key = append(key, b...)
		} else {
			key = append(key, err.Error()...)
		}
	}
	return key
}

// relevant reports whether an event concerns the watched file.
func (wt *watcher) relevant(ev fsnotify.Event) bool {
	name := filepath.Clean(ev.Name)
	if a, err := filepath.Abs(name); err == nil {
		name = a
	}
	return (name == wt.abs || (wt.target != "" && name == wt.target) || wt.extra[name]) &&
		ev.Op&(fsnotify.Write|fsnotify.Create|fsnotify.Rename|fsnotify.Remove) != 0
}

// lostDir returns the watched directory an event says is gone (deleted or
// renamed away), or "".
func (wt *watcher) lostDir(ev fsnotify.Event) string {
	name := filepath.Clean(ev.Name)
	if on, known := wt.dirs[name]; known && on && ev.Op&(fsnotify.Remove|fsnotify.Rename) != 0 {
		return name
	}
	return ""
}

// rearm watches again every directory that went away and has come back;
// it reports whether all are watched now.
func (wt *watcher) rearm() bool {
	all := true
	for d, on := range wt.dirs {
		if on {
			continue
		}
		if fi, err := os.Stat(d); err == nil && fi.IsDir() && wt.w.Add(d) == nil {
			wt.dirs[d] = true
			continue
		}
		all = false
	}
	return all
}

func (wt *watcher) loop(ctx context.Context, out chan<- Update) {
	defer close(out)
	defer wt.w.Close()
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
		wt.follow()
		data, err := readScenarioFile(wt.abs)
		if err != nil {
			if haveLast && last == nil {
				return true // still unreadable: already reported
			}
			last, haveLast = nil, true
			return send(Update{Path: wt.path, Err: err})
		}
		key := append(append([]byte(nil), data...), wt.followCatalogues(data)...)
		if haveLast && last != nil && bytes.Equal(key, last) {
			return true
		}
		last, haveLast = key, true
		s, perr := Parse(wt.path, data, wt.cat)
		return send(Update{Path: wt.path, Scenario: s, Err: perr})
	}
	if !reload() {
		return
	}
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	var rearmC <-chan time.Time
	var ticker *time.Ticker
	defer func() {
		if ticker != nil {
			ticker.Stop()
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-wt.w.Events:
			if !ok {
				return
			}
			if d := wt.lostDir(ev); d != "" {
				_ = wt.w.Remove(d)
				wt.dirs[d] = false
				if ticker == nil {
					ticker = time.NewTicker(Rearm)
					rearmC = ticker.C
				}
				timer.Stop()
				err := fmt.Errorf("%w: %s: its directory %s was deleted or renamed, so edits are not seen; watching resumes when the directory is back", ErrNotWatching, wt.path, d)
				if !send(Update{Path: wt.path, Err: err}) {
					return
				}
				continue
			}
			if wt.relevant(ev) {
				timer.Reset(Debounce)
			}
		case <-rearmC:
			if wt.rearm() {
				ticker.Stop()
				ticker, rearmC = nil, nil
				last, haveLast = nil, false // report the file again, clearing the error
				if !reload() {
					return
				}
			}
		case err, ok := <-wt.w.Errors:
			if !ok {
				return
			}
			if !send(Update{Path: wt.path, Err: fmt.Errorf("watching %s: %w", wt.path, err)}) {
				return
			}
		case <-timer.C:
			if !reload() {
				return
			}
		}
	}
}

// readScenarioFile reads a scenario file: a regular file (a FIFO or a
// device is refused without blocking) of at most MaxFileSize bytes.
func readScenarioFile(path string) ([]byte, error) {
	data, err := fsutil.ReadRegular(path, MaxFileSize)
	switch {
	case err == nil:
		return data, nil
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s: the file is gone (deleted or being replaced)", path)
	case errors.Is(err, fsutil.ErrTooLarge):
		return nil, Errors{{File: path, Msg: fmt.Sprintf("file is more than the %d byte limit", MaxFileSize)}}
	}
	return nil, err
}
