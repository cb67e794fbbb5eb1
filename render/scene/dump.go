package scene

import (
	"bufio"
	"fmt"
	"image/color"
	"io"
	"strconv"
	"strings"

	"github.com/auspex/auspex/world"
)

// Dump writes sc as text, one primitive per line with coordinates rounded
// to 0.01 cm: a stable, diffable structural description for golden tests.
func Dump(w io.Writer, sc *Scene) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "bounds %s %s %s %s scale %s\n", f2(sc.Bounds.Min.X), f2(sc.Bounds.Min.Y), f2(sc.Bounds.Max.X), f2(sc.Bounds.Max.Y), f2(sc.Scale))
	all := sc.All()
	for i := range all {
		p := &all[i]
		var sb strings.Builder
		fmt.Fprintf(&sb, "%s %s", p.Layer, p.Kind)
		if p.ID != "" {
			fmt.Fprintf(&sb, " id=%s", p.ID)
		}
		switch p.Kind {
		case Polygon, Polyline, Segments:
			fmt.Fprintf(&sb, " n=%d pts=%s", len(p.Pts), ptsString(p.Pts, 8))
		case Circle:
			fmt.Fprintf(&sb, " c=%s r=%s", v2(p.C), f2(p.R))
		case Wedge:
			fmt.Fprintf(&sb, " c=%s r=%s a=%s..%s", v2(p.C), f2(p.R), f2(p.A0), f2(p.A1))
		case Text:
			fmt.Fprintf(&sb, " at=%s size=%s %q", v2(p.C), f2(p.Size), p.Text)
			if p.Bold {
				sb.WriteString(" bold")
			}
			if p.Align != AlignCenter {
				fmt.Fprintf(&sb, " align=%d", p.Align)
			}
		case Icon:
			fmt.Fprintf(&sb, " %s c=%s r=%s", p.Icon, v2(p.C), f2(p.R))
		}
		if p.Fill.A > 0 {
			fmt.Fprintf(&sb, " fill=%s", hexString(p.Fill))
		}
		if p.Stroke.A > 0 && p.Width > 0 {
			fmt.Fprintf(&sb, " stroke=%s w=%s", hexString(p.Stroke), f2(p.Width))
		}
		if len(p.Dash) > 0 {
			sb.WriteString(" dash=")
			for k, d := range p.Dash {
				if k > 0 {
					sb.WriteByte(',')
				}
				sb.WriteString(f2(d))
			}
		}
		if p.Box.A > 0 {
			fmt.Fprintf(&sb, " box=%s", hexString(p.Box))
		}
		sb.WriteByte('\n')
		bw.WriteString(sb.String())
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("dump scene: %w", err)
	}
	return nil
}

func f2(f float64) string {
	s := strconv.FormatFloat(f, 'f', 2, 64)
	if s == "-0.00" {
		s = "0.00"
	}
	return s
}

func v2(v world.Vec) string { return "(" + f2(v.X) + "," + f2(v.Y) + ")" }

// ptsString lists up to max points, then the count of the rest.
func ptsString(pts []world.Vec, max int) string {
	var sb strings.Builder
	for i, p := range pts {
		if i == max {
			fmt.Fprintf(&sb, "+%d", len(pts)-max)
			break
		}
		sb.WriteString(v2(p))
	}
	return sb.String()
}

func hexString(c color.NRGBA) string {
	return fmt.Sprintf("#%02x%02x%02x%02x", c.R, c.G, c.B, c.A)
}
