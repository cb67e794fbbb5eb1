package app

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestSystemLetters: the letters a system's UI is offered first name the
// right keys and leave out those play mode binds itself.
func TestSystemLetters(t *testing.T) {
	got := map[string]ebiten.Key{}
	for _, k := range systemLetters() {
		got[k.name] = k.key
	}
	if len(got) != 19 || got["M"] != ebiten.KeyM || got["A"] != ebiten.KeyA || got["Z"] != ebiten.KeyZ {
		t.Fatalf("letters %v", got)
	}
	for _, bound := range []string{"E", "H", "O", "T", "Y", "F", "S"} {
		if _, ok := got[bound]; ok {
			t.Errorf("%s is play mode's own key", bound)
		}
	}
}
