package app

// This file holds the start screen's rules options: their order, the
// scrolled list, the description of the option pointed at.

import (
	"image/color"
	"math"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

// optionsFor are the rules options of the rule system that plays scn, as
// its play UI lists them (nil when no system or UI plays it).
func (a *App) optionsFor(scn *scenarios.Scenario) []play.Option {
	if scn == nil {
		return nil
	}
	sys, err := a.opts.Systems.For(scn)
	if err != nil {
		return nil
	}
	ad, err := a.opts.UIs.For(sys.ID())
	if err != nil {
		return nil
	}
	return groupOptions(ad.Options())
}

// groupOptions orders options by group, the groups in the order they
// first appear and the options of a group in their own order, so that
// the start screen heads each group once.
func groupOptions(l []play.Option) []play.Option {
	var groups []string
	by := map[string][]play.Option{}
	for _, op := range l {
		if _, ok := by[op.Group]; !ok {
			groups = append(groups, op.Group)
		}
		by[op.Group] = append(by[op.Group], op)
	}
	out := make([]play.Option, 0, len(l))
	for _, g := range groups {
		out = append(out, by[g]...)
	}
	return out
}

// setOptList shows the options l (a scenario of another system): the
// cursor and the scroll go back to the top.
func (st *startScreen) setOptList(l []play.Option) {
	st.optList = l
	st.optCur, st.optScroll, st.optFollow, st.docW = 0, 0, false, 0
}

// optRow is a row of the rules options list: a group's heading (opt -1)
// or option opt of optList, at y (device px from the list's top), h high.
type optRow struct {
	opt   int
	group string
	y, h  float64
}

// optRows are the rules options list's rows: each group's heading once,
// above its options (optList is grouped: groupOptions).
func (a *App) optRows() []optRow {
	var rows []optRow
	y, group := 0.0, ""
	for i, op := range a.start.optList {
		if op.Group != group {
			group = op.Group
			rows = append(rows, optRow{opt: -1, group: group, y: y, h: a.px(optHeadH)})
			y += a.px(optHeadH)
		}
		rows = append(rows, optRow{opt: i, y: y, h: a.px(optRowH)})
		y += a.px(optRowH)
	}
	return rows
}

// startOptions adds to out the rules options from y down to bottom in
// the column at x, w wide: the heading, the list (scrolled by the wheel,
// following the keyboard cursor; only whole rows are drawn, each a
// button that toggles its option, drawn by button into out too) with a
// scroll bar when it does not fit, and, with docBelow, under it the
// description of the option under the mouse or the cursor, in room kept
// for the longest. It returns where it ends and the option to describe.
func (a *App) startOptions(out *[]scene.Prim, x, y, w, bottom float64, mouse world.Vec, button func(x, y, w float64, label string, active bool, do func(), fit func(string, float64, bool, float64) string), docBelow bool) (float64, play.Option) {
	st := a.start
	st.optDrawn, st.optHeads = nil, nil
	norm, small := a.px(14), a.px(12)
	line := small * 1.35
	for _, l := range a.wrap("Rules options (Left / Right choose, Space or click toggles, the wheel scrolls)", norm, w, true) {
		*out = a.txt(*out, x, y, l, norm, true, hudText())
		y += norm * 1.25
	}
	if len(st.optList) == 0 {
		return y, play.Option{}
	}
	// Room under the list for the description (its title, the option's
	// id, its text) when it goes there.
	docH := 0.0
	if docBelow {
		if st.docW != w {
			st.docW, st.docN = w, 1
			for _, op := range st.optList {
				st.docN = max(st.docN, len(a.wrap(op.Doc, small, w, false)))
			}
		}
		docH = line*float64(2+st.docN) + a.px(20)
	}
	top := y
	end := max(bottom-a.px(12)-docH, top+a.px(optRowH+optHeadH))
	rows := a.optRows()
	total := rows[len(rows)-1].y + rows[len(rows)-1].h
	view := end - top
	cur := st.optCur % len(st.optList)
	if st.optFollow {
		st.optFollow = false
		for k, r := range rows {
			if r.opt != cur {
				continue
			}
			from := r.y
			if k > 0 && rows[k-1].opt < 0 {
				from = rows[k-1].y // the group's heading with its first option
			}
			if r.y+r.h > st.optScroll+view {
				st.optScroll = r.y + r.h - view
			}
			if from < st.optScroll {
				st.optScroll = from
			}
		}
	}
	st.optScroll = math.Max(0, math.Min(st.optScroll, total-view))
	docOf := st.optList[cur]
	for _, r := range rows {
		ry := top + r.y - st.optScroll
		if ry < top-0.5 || ry+r.h > end+0.5 {
			continue // only whole rows are drawn
		}
		if r.opt < 0 {
			*out = a.txt(*out, x, ry+a.px(9), a.fitTail(r.group, small, true, w), small, true, hudDim())
			st.optHeads = append(st.optHeads, r.group)
			continue
		}
		i, op := r.opt, st.optList[r.opt]
		box := "[ ] "
		if st.options[op.ID] {
			box = "[x] "
		}
		label := box + op.Title
		if i == cur {
			label = "> " + label
		}
		rr := scene.Rect{Min: world.Vec{X: x, Y: ry}, Max: world.Vec{X: x + w, Y: ry + a.px(26)}}
		if rr.Contains(mouse) {
			docOf = op
		}
		id := op.ID
		// The label drawn is cut at its end to fit (the whole text is in
		// the description below).
		button(x, ry, w, label, false, func() { st.options[id] = !st.options[id]; st.optCur = i }, a.fitTail)
		st.optDrawn = append(st.optDrawn, OptionRow{ID: id, Label: a.fitTail(label, norm, false, w-a.px(16)), Shown: true, R: rr})
	}
	if total > view {
		// The scroll bar: where the rows shown are in the whole list.
		bx := x + w + a.px(8)
		track := scene.Rect{Min: world.Vec{X: bx, Y: top}, Max: world.Vec{X: bx + a.px(6), Y: end}}
		*out = append(*out, rectPrim(track, color.NRGBA{45, 49, 56, 255}, transparent(), 0))
		t0 := top + view*st.optScroll/total
		t1 := top + view*(st.optScroll+view)/total
		*out = append(*out, rectPrim(scene.Rect{Min: world.Vec{X: bx, Y: t0}, Max: world.Vec{X: bx + a.px(6), Y: t1}}, hudDim(), transparent(), 0))
	}
	if !docBelow {
		return end, docOf
	}
	*out, y = a.optionDoc(*out, x, end+a.px(12), w, docOf)
	return y, docOf
}

// optionDoc describes a rules option from y down in a column at x, w
// wide: its title, its id and its text. It returns where it ends.
func (a *App) optionDoc(out []scene.Prim, x, y, w float64, op play.Option) ([]scene.Prim, float64) {
	small := a.px(12)
	line := small * 1.35
	if n := min(len(op.Title), 16); op.Title[:n] != op.Doc[:min(n, len(op.Doc))] {
		// The title, unless the text begins with it (a title taken from
		// the description).
		out = a.txt(out, x, y, a.fitTail(op.Title, small, true, w), small, true, hudActive())
		y += line
	}
	// The option's id (as a scenario's options list names it), small.
	out = a.txt(out, x, y, a.fitTail("option id: "+op.ID, small*0.85, false, w), small*0.85, false, hudDim())
	y += line
	for _, l := range a.wrap(op.Doc, small, w, false) {
		out = a.txt(out, x, y, l, small, false, hudText())
		y += line
	}
	return out, y
}

// OptionRow is a rules option as the start screen shows it now, for
// tests: its id, the label drawn, and the button's place (device px;
// Shown false when it is scrolled out of the list).
type OptionRow struct {
	ID, Label string
	Shown     bool
	R         scene.Rect
}

// StartOptionRows lays out the start screen and lists its rules options
// in the order of the list (Shown for those drawn), the group headings
// drawn (in order) and the option under the keyboard cursor.
func (a *App) StartOptionRows() (rows []OptionRow, headings []string, cursor string) {
	st := a.start
	if st == nil {
		return nil, nil, ""
	}
	a.startPrims()
	for _, op := range st.optList {
		r := OptionRow{ID: op.ID}
		for _, d := range st.optDrawn {
			if d.ID == op.ID {
				r = d
			}
		}
		rows = append(rows, r)
	}
	if len(st.optList) > 0 {
		cursor = st.optList[st.optCur%len(st.optList)].ID
	}
	return rows, append([]string(nil), st.optHeads...), cursor
}
