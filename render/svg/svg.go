// Package svg writes a scene as an SVG document at true scale: user units
// are centimetres and the document is sized in cm, so printing at 100 %
// gives 1 cm on paper for 1 cm of table. Layers become named groups
// (<g id="layer-terrain">) that vector editors show as layers.
package svg

import (
	"bufio"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/render/textfont"
	"github.com/auspex/auspex/world"
)

// Scale is the View.Scale to build a scene with for true-scale SVG: the CSS
// reference of 96 px per inch, in px per cm.
const Scale = 96 / 2.54

// Write encodes sc as SVG. measure sizes the background boxes behind text
// (nil uses scene.EstimateWidth). Errors are the writer's, wrapped.
func Write(w io.Writer, sc *scene.Scene, measure scene.Measurer) error {
	if measure == nil {
		measure = scene.EstimateWidth
	}
	bw := bufio.NewWriter(w)
	e := &enc{w: bw, measure: measure}
	b := sc.Bounds
	e.printf(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	e.printf(`<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%scm" height="%scm" viewBox="%s %s %s %s">`+"\n",
		num(b.W()), num(b.H()), num(b.Min.X), num(b.Min.Y), num(b.W()), num(b.H()))
	e.printf("<title>Auspex map, %s x %s cm table, 1 unit = 1 cm</title>\n", num(sc.Table.W), num(sc.Table.H))
	e.printf(`<style>text{font-family:"Go","DejaVu Sans","Helvetica",sans-serif}</style>` + "\n")
	for l := range sc.Layers {
		if len(sc.Layers[l]) == 0 {
			continue
		}
		e.printf(`<g id="layer-%s">`+"\n", scene.Layer(l))
		for i := range sc.Layers[l] {
			e.prim(&sc.Layers[l][i])
		}
		e.printf("</g>\n")
	}
	e.printf("</svg>\n")
	if e.err == nil {
		e.err = bw.Flush()
	}
	if e.err != nil {
		return fmt.Errorf("write SVG: %w", e.err)
	}
	return nil
}

type enc struct {
	w       *bufio.Writer
	measure scene.Measurer
	err     error
}

func (e *enc) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}

// num formats a length with at most 4 decimals and no trailing zeros.
func num(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "0"
	}
	s := strconv.FormatFloat(f, 'f', 4, 64)
	s = strings.TrimRight(s, "0")
	s = strings.TrimSuffix(s, ".")
	if s == "-0" {
		s = "0"
	}
	return s
}

func hexColor(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// paint returns fill and stroke attributes for a style.
func paint(st scene.Style) string {
	var sb strings.Builder
	if st.Fill.A == 0 {
		sb.WriteString(` fill="none"`)
	} else {
		fmt.Fprintf(&sb, ` fill="%s"`, hexColor(st.Fill))
		if st.Fill.A < 255 {
			fmt.Fprintf(&sb, ` fill-opacity="%s"`, num(float64(st.Fill.A)/255))
		}
	}
	if st.Stroke.A > 0 && st.Width > 0 {
		fmt.Fprintf(&sb, ` stroke="%s" stroke-width="%s"`, hexColor(st.Stroke), num(st.Width))
		if st.Stroke.A < 255 {
			fmt.Fprintf(&sb, ` stroke-opacity="%s"`, num(float64(st.Stroke.A)/255))
		}
		if len(st.Dash) > 0 {
			parts := make([]string, len(st.Dash))
			for i, d := range st.Dash {
				parts[i] = num(d)
			}
			fmt.Fprintf(&sb, ` stroke-dasharray="%s" stroke-linecap="square"`, strings.Join(parts, " "))
		}
	}
	return sb.String()
}

func points(pts []world.Vec) string {
	var sb strings.Builder
	for i, p := range pts {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(num(p.X))
		sb.WriteByte(',')
		sb.WriteString(num(p.Y))
	}
	return sb.String()
}

func esc(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")
	return r.Replace(s)
}

func idAttr(id string) string {
	if id == "" {
		return ""
	}
	return ` data-id="` + esc(id) + `"`
}

func (e *enc) prim(p *scene.Prim) {
	switch p.Kind {
	case scene.Polygon:
		if len(p.Pts) >= 2 {
			e.printf(`<polygon%s points="%s"%s/>`+"\n", idAttr(p.ID), points(p.Pts), paint(p.Style))
		}
	case scene.Polyline:
		st := p.Style
		st.Fill.A = 0
		if len(p.Pts) >= 2 {
			e.printf(`<polyline%s points="%s"%s stroke-linejoin="round"/>`+"\n", idAttr(p.ID), points(p.Pts), paint(st))
		}
	case scene.Segments:
		var sb strings.Builder
		for i := 0; i+1 < len(p.Pts); i += 2 {
			fmt.Fprintf(&sb, "M%s %sL%s %s", num(p.Pts[i].X), num(p.Pts[i].Y), num(p.Pts[i+1].X), num(p.Pts[i+1].Y))
		}
		st := p.Style
		st.Fill.A = 0
		e.printf(`<path%s d="%s"%s/>`+"\n", idAttr(p.ID), sb.String(), paint(st))
	case scene.Circle:
		e.printf(`<circle%s cx="%s" cy="%s" r="%s"%s/>`+"\n", idAttr(p.ID), num(p.C.X), num(p.C.Y), num(p.R), paint(p.Style))
	case scene.Wedge:
		if p.A1-p.A0 >= 360-1e-9 {
			e.printf(`<circle%s cx="%s" cy="%s" r="%s"%s/>`+"\n", idAttr(p.ID), num(p.C.X), num(p.C.Y), num(p.R), paint(p.Style))
			return
		}
		a := p.C.Add(world.Heading(p.A0).Scale(p.R))
		b := p.C.Add(world.Heading(p.A1).Scale(p.R))
		large := 0
		if p.A1-p.A0 > 180 {
			large = 1
		}
		e.printf(`<path%s d="M%s %sL%s %sA%s %s 0 %d 1 %s %sZ"%s/>`+"\n", idAttr(p.ID), num(p.C.X), num(p.C.Y), num(a.X), num(a.Y),
			num(p.R), num(p.R), large, num(b.X), num(b.Y), paint(p.Style))
	case scene.Icon:
		for _, q := range scene.ExpandIcon(*p) {
			e.prim(&q)
		}
	case scene.Text:
		e.text(p)
	}
}

func (e *enc) text(p *scene.Prim) {
	if p.Text == "" || !(p.Size > 0) {
		return
	}
	w := e.measure(p.Text, p.Size, p.Bold)
	x := p.C.X
	anchor := "middle"
	left := x - w/2
	switch p.Align {
	case scene.AlignLeft:
		anchor, left = "start", x
	case scene.AlignRight:
		anchor, left = "end", x-w
	}
	if p.Box.A > 0 {
		// A little wider than the measured text: a viewer without the Go
		// font substitutes a wider one.
		pad := p.Size * 0.35
		e.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="%s"/>`+"\n",
			num(left-pad), num(p.C.Y-p.Size*0.6-p.Size*0.1), num(w+2*pad), num(p.Size*1.4), hexColor(p.Box), num(float64(p.Box.A)/255))
	}
	weight := ""
	if p.Bold {
		weight = ` font-weight="bold"`
	}
	// The baseline is placed explicitly (y below the centre by the font's
	// baseline offset) rather than with dominant-baseline, which librsvg
	// and other renderers read differently: text then sits centred in its
	// box everywhere.
	e.printf(`<text%s x="%s" y="%s" font-size="%s" text-anchor="%s"%s fill="%s">%s</text>`+"\n",
		idAttr(p.ID), num(x), num(p.C.Y+p.Size*textfont.BaselineOffset()), num(p.Size), anchor, weight, hexColor(p.Fill), esc(p.Text))
}
