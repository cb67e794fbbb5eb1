package world

// terrainIndex is the spatial index over static terrain. It is replaced by a
// faster structure in index work; this version simply lists all features.
type terrainIndex struct {
	all []int
}

func buildIndex(t Table, fs []Feature) *terrainIndex {
	ix := &terrainIndex{}
	for i := range fs {
		ix.all = append(ix.all, i)
	}
	return ix
}
