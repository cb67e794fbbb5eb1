package assets

import (
	"fmt"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/auspex/auspex/assets/yamlx"
	"github.com/auspex/auspex/rules/catalog"
)

// diceTextOK reports whether s is a dice formula as the rules print it:
// "3", "D6", "2D6", "D3+2".
func diceTextOK(s string) bool {
	return regexp.MustCompile(`^([0-9]+|[0-9]*D[0-9]+(\+[0-9]+)?)$`).MatchString(strings.ToUpper(strings.TrimSpace(s)))
}

// decodeCatastrophic reads an E40K war engine's catastrophic damage table
// (digest 8.5):
//
//	catastrophic:
//	  placeholder: true
//	  rows:
//	    - {min: 1, max: 3, name: Wrecked, text: ...}
//	    - {min: 4, max: 6, name: Explodes, radius: D6, hits: true, markers: 1, text: ...}
//
// The rows must cover the D6 rolls 1..6 exactly once; radius is dice text.
func decodeCatastrophic(d *yamlx.Decoder, n *yaml.Node, what string) *catalog.CatastrophicTable {
	if n == nil {
		return nil
	}
	w := what + " catastrophic"
	m := d.Map(n, w)
	if m == nil {
		return nil
	}
	defer m.Close()
	t := &catalog.CatastrophicTable{Placeholder: optBool(d, m, "placeholder", w)}
	owner := map[int]int{}
	for i, rn := range d.Seq(m.Need("rows"), w+" rows") {
		rw := fmt.Sprintf("%s row %d", w, i+1)
		rm := d.Map(rn, rw)
		if rm == nil {
			continue
		}
		var row catalog.CatastrophicRow
		row.Min = optInt(d, rm, "min", rw)
		row.Max = optInt(d, rm, "max", rw)
		if rm.Get("max") == nil {
			row.Max = row.Min
		}
		row.Name = optStr(d, rm, "name", rw)
		row.Radius = optStr(d, rm, "radius", rw)
		row.Hits = optBool(d, rm, "hits", rw)
		row.Markers = optInt(d, rm, "markers", rw)
		row.Text = optStr(d, rm, "text", rw)
		switch {
		case row.Min < 1 || row.Max > 6 || row.Min > row.Max:
			d.Errorf(rn, "%s: rolls %d..%d are not within 1..6", rw, row.Min, row.Max)
		case row.Markers < 0:
			d.Errorf(rn, "%s: markers must not be negative, got %d", rw, row.Markers)
		default:
			for v := row.Min; v <= row.Max; v++ {
				if j, taken := owner[v]; taken {
					d.Errorf(rn, "%s: roll %d is already covered by row %d", rw, v, j+1)
				}
				owner[v] = i
			}
		}
		if row.Radius != "" {
			if !diceTextOK(row.Radius) {
				d.Errorf(rm.Get("radius"), "%s radius: dice formula %q: not a number or NdS+K (\"D6\", \"2D6\", \"3\")", rw, row.Radius)
			}
		}
		if (row.Hits || row.Markers > 0) && row.Radius == "" {
			d.Errorf(rn, "%s: hits or markers need a radius", rw)
		}
		rm.Close()
		t.Rows = append(t.Rows, row)
	}
	var missing []string
	for v := 1; v <= 6; v++ {
		if _, ok := owner[v]; !ok {
			missing = append(missing, fmt.Sprint(v))
		}
	}
	if len(missing) > 0 {
		d.Errorf(n, "%s: rolls %s are not covered (rows must cover 1..6)", w, strings.Join(missing, ", "))
	}
	return t
}
