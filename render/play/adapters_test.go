package play

import (
	"errors"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/atiisys"
)

// testGame is a running ATII game of a bundled scenario (play's own tests
// have no ATII UI: systems/atiiui imports this package).
func testGame(t *testing.T) *game.Game {
	t.Helper()
	sys, err := game.NewSystems(atiisys.New())
	if err != nil {
		t.Fatal(err)
	}
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled("titan-duel", cat)
	if err != nil {
		t.Fatal(err)
	}
	g, err := sys.New(scn, game.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// fakeAdapter serves system id; its Attach fails with err, or returns no UI.
type fakeAdapter struct {
	id  string
	err error
}

func (f fakeAdapter) System() string { return f.id }

func (f fakeAdapter) Attach(*Session) (SystemUI, error) { return nil, f.err }

func (f fakeAdapter) Options() []Option { return nil }

// A game whose system has no play UI gets a clear error naming the system
// and the UIs the build has, never a session or a panic.
func TestNewWithoutAdapter(t *testing.T) {
	g := testGame(t)
	for _, r := range []*Adapters{nil, {}, mustAdapters(t, fakeAdapter{id: "e40k"})} {
		s, err := r.New(g, nil)
		if s != nil || !errors.Is(err, ErrNoAdapter) || !strings.Contains(err.Error(), `"atii"`) {
			t.Errorf("no ATII UI: got session %v, error %v", s != nil, err)
		}
	}
	if _, err := mustAdapters(t, fakeAdapter{id: "e40k"}).New(g, nil); err == nil || !strings.Contains(err.Error(), "e40k") {
		t.Errorf("the error should list the UIs the build has: %v", err)
	}
	if s, err := (&Adapters{}).New(nil, nil); s != nil || err == nil {
		t.Errorf("no game: got session %v, error %v", s != nil, err)
	}
}

// An adapter's refusal, or no UI from it, is the session's error.
func TestNewAdapterRefuses(t *testing.T) {
	g := testGame(t)
	boom := errors.New("boom")
	if _, err := mustAdapters(t, fakeAdapter{id: "atii", err: boom}).New(g, nil); !errors.Is(err, boom) {
		t.Errorf("the adapter's error should come back: %v", err)
	}
	if _, err := mustAdapters(t, fakeAdapter{id: "atii"}).New(g, nil); !errors.Is(err, ErrNoAdapter) {
		t.Errorf("an adapter giving no UI: %v", err)
	}
}

// NewAdapters refuses a nil adapter and an empty or repeated system id.
func TestNewAdaptersRejects(t *testing.T) {
	for _, as := range [][]Adapter{{nil}, {fakeAdapter{}}, {fakeAdapter{id: "a"}, fakeAdapter{id: "a"}}} {
		if _, err := NewAdapters(as...); err == nil {
			t.Errorf("%v should be refused", as)
		}
	}
}

func mustAdapters(t *testing.T, as ...Adapter) *Adapters {
	t.Helper()
	r, err := NewAdapters(as...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
