package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/auspex/auspex/game"
)

// The recently played list (Options.RecentFile) gets every file a game
// lives in: a scenario started from the start screen, a game saved with
// Ctrl+S, a save loaded with Ctrl+O or given to `auspex play SAVE`, and an
// earlier game's autosave kept aside when a new game starts.

// recentList is the recent files list the window writes to: the option,
// else the start screen's.
func (a *App) recentList() string {
	if a.opts.RecentFile != "" {
		return a.opts.RecentFile
	}
	if a.opts.Start != nil {
		return a.opts.Start.RecentFile
	}
	return ""
}

// addRecent puts file first in the window's recent list; a failure is
// shown to the player, never fatal.
func (a *App) addRecent(file string) {
	if err := AddRecent(a.recentList(), file); err != nil && a.play != nil {
		a.play.Msg, a.play.MsgErr = "recent files: "+err.Error(), true
	}
}

// keepAutosave moves an earlier game's autosave at path aside before a new
// game (or a loaded one) starts writing there, so it is never overwritten
// silently: it is renamed after the time it was last written
// (autosave-20261123-2107.json, with the seconds when that name is taken)
// and put in the recent list. It returns the kept name ("" when there was
// no autosave) and the error of a rename that failed.
func keepAutosave(path string) (string, error) {
	if path == "" {
		return "", nil
	}
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return "", nil
	}
	ext := filepath.Ext(path)
	stem := strings.TrimSuffix(path, ext)
	kept := ""
	for _, layout := range []string{"20060102-1504", "20060102-150405"} {
		if c := stem + "-" + fi.ModTime().Format(layout) + ext; !exists(c) {
			kept = c
			break
		}
	}
	for i := 2; kept == ""; i++ {
		if c := fmt.Sprintf("%s-%s-%d%s", stem, fi.ModTime().Format("20060102-150405"), i, ext); !exists(c) {
			kept = c
		}
	}
	if err := os.Rename(path, kept); err != nil {
		return "", fmt.Errorf("keep the earlier autosave: %w", err)
	}
	return kept, nil
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// keepEarlierAutosave is keepAutosave for the autosave path of the game
// shown (the window's when none): the kept file joins the recent list; the
// returned text tells the player ("" when nothing was kept).
func (a *App) keepEarlierAutosave() string {
	path := a.opts.AutosavePath
	switch {
	case a.play != nil && a.play.AutosavePath != "":
		path = a.play.AutosavePath
	case a.play == nil && a.leftAutosave != "":
		path = a.leftAutosave
	}
	kept, err := keepAutosave(path)
	if err != nil {
		return err.Error()
	}
	if kept == "" {
		return ""
	}
	a.addRecent(kept)
	return "the earlier game's autosave is kept as " + filepath.Base(kept)
}

// isSaveFile reports whether a recent file is a saved game rather than a
// scenario: saves are JSON.
func isSaveFile(path string) bool {
	return strings.EqualFold(filepath.Ext(path), ".json") || strings.HasSuffix(path, ".auspex-save")
}

// loadRecentSave loads a recent saved game for the start screen: its
// scenario (for the thumbnail and the sides).
func (a *App) loadRecentSave(path string, cfg game.Config) (*game.Game, error) {
	return a.opts.Systems.LoadFile(path, cfg)
}

// openedPlay handles the game the window was opened on (Options.Play):
// the file it was loaded from (Options.PlayFile) goes first in the recent
// list, and an earlier game's autosave is kept aside unless that file is
// the autosave itself.
func (a *App) openedPlay() {
	f := a.opts.PlayFile
	if f == "" {
		return
	}
	kept := ""
	if filepath.Clean(f) != filepath.Clean(a.opts.AutosavePath) {
		kept = a.keepEarlierAutosave()
	}
	a.addRecent(f)
	if kept != "" {
		a.play.Msg, a.play.MsgErr = joinMsg(a.play.Msg, kept), false
	}
}

// joinMsg is msg followed by more ("; " between), or either alone.
func joinMsg(msg, more string) string {
	switch {
	case msg == "":
		return more
	case more == "":
		return msg
	}
	return msg + "; " + more
}

// StartEntries is the start screen's list (its labels, in order); nil
// when it is not shown.
func (a *App) StartEntries() []string {
	if a.start == nil {
		return nil
	}
	out := make([]string, len(a.start.entries))
	for i, e := range a.start.entries {
		out[i] = e.label
	}
	return out
}

// Leaving reports whether Ctrl+N is asking whether to leave the game.
func (a *App) Leaving() bool { return a.leaving }

// StartSelected is the index in StartEntries of the chosen entry (-1 when
// the start screen is not shown).
func (a *App) StartSelected() int {
	if a.start == nil {
		return -1
	}
	return a.start.sel
}
