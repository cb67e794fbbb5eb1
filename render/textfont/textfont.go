// Package textfont loads the embedded fonts for the render backends and
// measures text with them. It is pure Go (golang/freetype), so the PNG and
// SVG backends and the scene's label layout share exact text widths.
package textfont

import (
	"fmt"
	"math"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/auspex/auspex/assets/fonts"
)

// Fonts is the regular and bold font plus a cache of sized faces. It is safe
// for concurrent use, but a font.Face it returns is not: use one face per
// goroutine.
type Fonts struct {
	regular, bold *truetype.Font
	mu            sync.Mutex
	faces         map[faceKey]font.Face
}

type faceKey struct {
	size int // quarter pixels
	bold bool
}

// Load parses the embedded fonts. It fails only if the embedded files are
// damaged.
func Load() (*Fonts, error) {
	r, err := truetype.Parse(fonts.Regular())
	if err != nil {
		return nil, fmt.Errorf("parse embedded regular font: %w", err)
	}
	b, err := truetype.Parse(fonts.Bold())
	if err != nil {
		return nil, fmt.Errorf("parse embedded bold font: %w", err)
	}
	return &Fonts{regular: r, bold: b, faces: map[faceKey]font.Face{}}, nil
}

// Font returns the parsed regular or bold font.
func (f *Fonts) Font(bold bool) *truetype.Font {
	if bold {
		return f.bold
	}
	return f.regular
}

// Face returns a face of em size px pixels (rounded to a quarter pixel),
// hinted for the screen. Faces are cached.
func (f *Fonts) Face(px float64, bold bool) font.Face {
	if !(px > 0) || math.IsInf(px, 0) {
		px = 1
	}
	k := faceKey{int(math.Round(px * 4)), bold}
	if k.size < 1 {
		k.size = 1
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if fc, ok := f.faces[k]; ok {
		return fc
	}
	fc := truetype.NewFace(f.Font(bold), &truetype.Options{Size: float64(k.size) / 4, DPI: 72, Hinting: font.HintingNone})
	f.faces[k] = fc
	return fc
}

// Measure returns the advance width of s set at em size size (any unit; the
// result is in the same unit), with kerning. It matches scene.Measurer.
func (f *Fonts) Measure(s string, size float64, bold bool) float64 {
	fnt := f.Font(bold)
	upem := fixed.Int26_6(fnt.FUnitsPerEm())
	var sum fixed.Int26_6
	var prev truetype.Index
	for i, r := range s {
		idx := fnt.Index(r)
		if i > 0 {
			sum += fnt.Kern(upem, prev, idx)
		}
		sum += fnt.HMetric(upem, idx).AdvanceWidth
		prev = idx
	}
	return float64(sum) * size / float64(upem)
}

// BaselineOffset is how far below a text's vertical centre its baseline
// lies, as a fraction of the em size (centres capitals and digits).
func BaselineOffset() float64 { return 0.36 }
