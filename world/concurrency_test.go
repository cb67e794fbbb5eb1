package world

import (
	"fmt"
	"sync"
	"testing"
)

// A World is shared read-only: traces, LOS checks (one context per
// goroutine), distances and move measurements from several goroutines give
// the same answers as from one (run with -race to check for data races).
func TestConcurrentReaders(t *testing.T) {
	w := benchWorld(t)
	pairs := losPairs(64, 5)
	answer := func(ctx *LOSContext) string {
		s := ""
		for _, p := range pairs {
			r := ctx.LOS(p[0], p[1], atiiTerrain, LOSOptions{})
			s += r.Reason()
			s += fmt.Sprint(w.Trace(p[0].Pos, p[1].Pos, nil), Distance(p[0], p[1]))
			m := w.MeasureMove(p[0], []Waypoint{{To: p[1].Pos}}, atiiTerrain, Titan, MoveOptions{})
			s += m.Summary()
		}
		return s
	}
	want := answer(w.NewLOSContext())
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got := answer(w.NewLOSContext()); got != want {
				errs <- got
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("a concurrent reader got a different answer: %.80s...", e)
	}
}
