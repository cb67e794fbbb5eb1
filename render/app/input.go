package app

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Input is everything the window reads from the keyboard and mouse. The
// game reads input only through it, so tests (and later whole scripted
// games) can drive the window with Scripted instead of a person.
// Positions are in device-independent pixels, as ebiten reports them.
type Input interface {
	// Frame is called once at the start of every Update.
	Frame()
	Cursor() (x, y int)
	MouseDown(b ebiten.MouseButton) bool
	MousePressed(b ebiten.MouseButton) bool  // went down this frame
	MouseReleased(b ebiten.MouseButton) bool // went up this frame
	KeyDown(k ebiten.Key) bool
	KeyPressed(k ebiten.Key) bool // went down this frame
	Wheel() (dx, dy float64)
	// Chars are the characters typed this frame ('?', '+').
	Chars() []rune
}

// Ebiten reads the real keyboard and mouse.
type Ebiten struct {
	chars []rune
}

// Frame collects this frame's typed characters.
func (e *Ebiten) Frame() { e.chars = ebiten.AppendInputChars(e.chars[:0]) }

// Cursor is the mouse position.
func (e *Ebiten) Cursor() (int, int) { return ebiten.CursorPosition() }

// MouseDown reports a held button.
func (e *Ebiten) MouseDown(b ebiten.MouseButton) bool { return ebiten.IsMouseButtonPressed(b) }

// MousePressed reports a button that went down this frame.
func (e *Ebiten) MousePressed(b ebiten.MouseButton) bool {
	return inpututil.IsMouseButtonJustPressed(b)
}

// MouseReleased reports a button that went up this frame.
func (e *Ebiten) MouseReleased(b ebiten.MouseButton) bool {
	return inpututil.IsMouseButtonJustReleased(b)
}

// KeyDown reports a held key.
func (e *Ebiten) KeyDown(k ebiten.Key) bool { return ebiten.IsKeyPressed(k) }

// KeyPressed reports a key that went down this frame.
func (e *Ebiten) KeyPressed(k ebiten.Key) bool { return inpututil.IsKeyJustPressed(k) }

// Wheel is the wheel movement this frame.
func (e *Ebiten) Wheel() (float64, float64) { return ebiten.Wheel() }

// Chars are the characters typed this frame.
func (e *Ebiten) Chars() []rune { return e.chars }

// Step is one frame of scripted input: the state of the mouse and keys
// during that frame.
type Step struct {
	X, Y    int
	Buttons []ebiten.MouseButton
	Keys    []ebiten.Key
	WheelY  float64
	Chars   []rune
	// Pressed and Released add button edges to those derived from the
	// previous step, as a slow frame or a duplicated device event shows
	// them: a press and release within one frame, a release and a new
	// press within one frame, or a press reported again while held.
	Pressed, Released []ebiten.MouseButton
}

// Scripted replays a list of Steps, one per Update; after the last step
// the cursor stays put with nothing held. "Pressed" and "released" are
// derived by comparing consecutive steps, as with a real device.
type Scripted struct {
	steps      []Step
	cur, prev  Step
	started    bool
	FramesSeen int
}

// Push appends steps to the script.
func (s *Scripted) Push(steps ...Step) { s.steps = append(s.steps, steps...) }

// Pending is the number of steps not yet replayed.
func (s *Scripted) Pending() int { return len(s.steps) }

// Click appends a left click at (x, y): move, press, release.
func (s *Scripted) Click(x, y int) {
	s.Push(Step{X: x, Y: y}, Step{X: x, Y: y, Buttons: []ebiten.MouseButton{ebiten.MouseButtonLeft}}, Step{X: x, Y: y})
}

// Drag appends a drag with button b from (x0, y0) to (x1, y1) in n moves.
func (s *Scripted) Drag(b ebiten.MouseButton, x0, y0, x1, y1, n int) {
	s.Push(Step{X: x0, Y: y0})
	for i := 0; i <= n; i++ {
		x := x0 + (x1-x0)*i/n
		y := y0 + (y1-y0)*i/n
		s.Push(Step{X: x, Y: y, Buttons: []ebiten.MouseButton{b}})
	}
	s.Push(Step{X: x1, Y: y1})
}

// Key appends a press and release of k with the cursor where it was.
func (s *Scripted) Key(k ebiten.Key) {
	x, y := s.last()
	s.Push(Step{X: x, Y: y, Keys: []ebiten.Key{k}}, Step{X: x, Y: y})
}

// Type appends a typed character.
func (s *Scripted) Type(r rune) {
	x, y := s.last()
	s.Push(Step{X: x, Y: y, Chars: []rune{r}}, Step{X: x, Y: y})
}

// Wait appends n idle frames.
func (s *Scripted) Wait(n int) {
	x, y := s.last()
	for i := 0; i < n; i++ {
		s.Push(Step{X: x, Y: y})
	}
}

func (s *Scripted) last() (int, int) {
	if len(s.steps) > 0 {
		l := s.steps[len(s.steps)-1]
		return l.X, l.Y
	}
	return s.cur.X, s.cur.Y
}

// Frame advances to the next step.
func (s *Scripted) Frame() {
	s.FramesSeen++
	s.prev = s.cur
	if len(s.steps) == 0 {
		s.cur = Step{X: s.cur.X, Y: s.cur.Y}
		return
	}
	s.cur = s.steps[0]
	s.steps = s.steps[1:]
}

func hasButton(st Step, b ebiten.MouseButton) bool { return isButton(st.Buttons, b) }

func isButton(bs []ebiten.MouseButton, b ebiten.MouseButton) bool {
	for _, x := range bs {
		if x == b {
			return true
		}
	}
	return false
}

func hasKey(st Step, k ebiten.Key) bool {
	for _, x := range st.Keys {
		if x == k {
			return true
		}
	}
	return false
}

// Cursor is the scripted cursor.
func (s *Scripted) Cursor() (int, int) { return s.cur.X, s.cur.Y }

// MouseDown reports a scripted held button.
func (s *Scripted) MouseDown(b ebiten.MouseButton) bool { return hasButton(s.cur, b) }

// MousePressed reports a button held now but not in the previous step,
// or one the step lists as Pressed.
func (s *Scripted) MousePressed(b ebiten.MouseButton) bool {
	return hasButton(s.cur, b) && !hasButton(s.prev, b) || isButton(s.cur.Pressed, b)
}

// MouseReleased reports a button held in the previous step but not now,
// or one the step lists as Released.
func (s *Scripted) MouseReleased(b ebiten.MouseButton) bool {
	return !hasButton(s.cur, b) && hasButton(s.prev, b) || isButton(s.cur.Released, b)
}

// KeyDown reports a scripted held key.
func (s *Scripted) KeyDown(k ebiten.Key) bool { return hasKey(s.cur, k) }

// KeyPressed reports a key held now but not in the previous step.
func (s *Scripted) KeyPressed(k ebiten.Key) bool { return hasKey(s.cur, k) && !hasKey(s.prev, k) }

// Wheel is the scripted wheel movement.
func (s *Scripted) Wheel() (float64, float64) { return 0, s.cur.WheelY }

// Chars are the scripted typed characters.
func (s *Scripted) Chars() []rune { return s.cur.Chars }

// oneGesture turns a device's per-frame button reports into clean
// gestures for the window: every press is followed by exactly one
// release before the next press, whatever the frame timing.
//
// A device read once per frame can report, for one button in one frame,
// a press while the button is already held (a duplicated event: it must
// not start a second press, which would end a drag partway as a click), a
// press and its release together (a quick click in a slow frame: the
// press is reported now and the release in the next frame, so the click
// is still seen as press then release), or a release and a new press
// together (the old press ends and the new one starts in this frame).
type oneGesture struct {
	Input
	btn [ebiten.MouseButtonMax + 1]buttonGesture
}

// buttonGesture is one button's state in oneGesture.
type buttonGesture struct {
	// held is set from the press the window saw until its release.
	held bool
	// releaseNext is set when the press and the release came in the same
	// frame: the release is reported in the next one.
	releaseNext       bool
	pressed, released bool
}

// step folds one frame's report (down now, pressed or released during
// the frame) into the gesture.
func (g *buttonGesture) step(down, pressed, released bool) {
	g.pressed, g.released = false, false
	if g.held && (g.releaseNext || released || !down) {
		g.held, g.released = false, true
	}
	g.releaseNext = false
	if pressed && !g.held {
		g.held, g.pressed = true, true
		g.releaseNext = !down
	}
}

// Frame reads the device and updates every button's gesture.
func (o *oneGesture) Frame() {
	o.Input.Frame()
	for i := range o.btn {
		b := ebiten.MouseButton(i)
		o.btn[i].step(o.Input.MouseDown(b), o.Input.MousePressed(b), o.Input.MouseReleased(b))
	}
}

func (o *oneGesture) button(b ebiten.MouseButton) *buttonGesture {
	if b < 0 || int(b) >= len(o.btn) {
		return &buttonGesture{}
	}
	return &o.btn[b]
}

// MouseDown reports a button held from its press to its release.
func (o *oneGesture) MouseDown(b ebiten.MouseButton) bool { return o.button(b).held }

// MousePressed reports the start of a press this frame.
func (o *oneGesture) MousePressed(b ebiten.MouseButton) bool { return o.button(b).pressed }

// MouseReleased reports the end of a press this frame.
func (o *oneGesture) MouseReleased(b ebiten.MouseButton) bool { return o.button(b).released }
