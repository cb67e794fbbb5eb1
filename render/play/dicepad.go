package play

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// Manual dice entry: what roll is wanted, how to type it, and a row of
// clickable die faces. The play HUD draws it while a command waits for
// dice (ModeDice); the start screen draws it for the dice of the game's
// set-up (deployment roll-off, objective cards, the first initiative).

// DiceHint says what is wanted and how to enter it.
func DiceHint(r rules.DiceRequest, typed []int) string {
	left := r.N - r.Have - len(typed)
	hint := fmt.Sprintf("Wanted: %s. Roll %d more D%d and type each face (1-%d) or click it below; Backspace removes the last.", r.String(), left, r.Sides, r.Sides)
	if len(typed) > 0 {
		var fs []string
		for _, f := range typed {
			fs = append(fs, fmt.Sprint(f))
		}
		hint += " Typed: " + strings.Join(fs, " ") + "."
	}
	return hint
}

// DicePadRect is where the dice entry is drawn: over the dice log, left
// of the side panel (the same place as the dice tray).
func (l Layout) DicePadRect() scene.Rect {
	r := l.TrayRect()
	r.Min.Y = r.Max.Y - l.Px(110)
	return r
}

// DicePad draws the manual dice entry for request r in rect: the purpose,
// the faces typed so far, a clickable die per face (type calls typeDie
// with the face) and a Backspace button (typeDie(0)).
func DicePad(l Layout, rect scene.Rect, title string, r rules.DiceRequest, typed []int, typeDie func(int)) ([]scene.Prim, []Button) {
	h := &hudb{l: l}
	h.rect(rect, color.NRGBA{16, 18, 22, 245}, ColGold, l.Px(2))
	c := &Column{h: h, X: rect.Min.X + l.Px(12), Y: rect.Min.Y + l.Px(8), W: rect.W() - l.Px(24), MaxY: rect.Max.Y - l.Px(4)}
	c.Line(title, l.Px(13), true, ColGold)
	c.Line(DiceHint(r, typed), l.Px(12), false, ColText)
	size := l.Px(34)
	gap := l.Px(6)
	sides := r.Sides
	if sides < 1 {
		sides = 6
	}
	if sides > 12 {
		sides = 12
	}
	x, y := c.X, c.Y+l.Px(6)
	for f := 1; f <= sides; f++ {
		f := f
		if x+size > rect.Max.X-l.Px(12) {
			break
		}
		dr := scene.Rect{Min: world.Vec{X: x, Y: y}, Max: world.Vec{X: x + size, Y: y + size}}
		h.rect(dr, dieNeutral, color.NRGBA{0, 0, 0, 255}, l.Px(1.5))
		lbl := fmt.Sprint(f)
		h.text(x+size/2-l.TextWidth(lbl, l.Px(18), true)/2, y+size/2, lbl, l.Px(18), true, color.NRGBA{20, 20, 20, 255})
		h.btns = append(h.btns, Button{Label: "die " + lbl, R: dr, Do: func() { typeDie(f) }})
		x += size + gap
	}
	if len(typed) > 0 {
		h.button(x+gap, y+size/2-l.Px(12), "Backspace", func() { typeDie(0) })
	}
	return h.out, h.btns
}
