package world

import (
	"fmt"
	"math"
)

// Table is the playing area, W x H cm, with its top-left corner at (0,0).
type Table struct {
	W, H float64
}

// Contains reports whether p is on the table (edges included).
func (t Table) Contains(p Vec) bool {
	return p.X >= -Eps && p.Y >= -Eps && p.X <= t.W+Eps && p.Y <= t.H+Eps
}

// World is a table with its static terrain, indexed for fast queries. Build it
// with New; it is immutable afterwards and safe for concurrent readers.
type World struct {
	Table    Table
	Features []Feature
	idx      *terrainIndex
}

// New validates the table and features and builds the spatial index.
// Errors name the offending feature by its position in the list and its id.
func New(t Table, features []Feature) (*World, error) {
	if !(t.W > 0 && t.H > 0) || math.IsInf(t.W, 0) || math.IsInf(t.H, 0) {
		return nil, fmt.Errorf("table size must be positive cm, got %v x %v", t.W, t.H)
	}
	fs := make([]Feature, len(features))
	for i, f := range features {
		if err := ValidatePolygon(f.Poly); err != nil {
			return nil, fmt.Errorf("terrain %d (%q): %w", i+1, f.ID, err)
		}
		if f.Height < 0 || math.IsNaN(f.Height) || math.IsInf(f.Height, 0) {
			return nil, fmt.Errorf("terrain %d (%q): height must be >= 0 cm, got %v", i+1, f.ID, f.Height)
		}
		f.Poly = append([]Vec(nil), f.Poly...)
		fs[i] = f
	}
	w := &World{Table: t, Features: fs}
	w.idx = buildIndex(t, w.Features)
	return w, nil
}
