package world

import "testing"

// BenchmarkTrace: one sight-line trace (segment vs all terrain, crossings
// into a reused buffer) on the 180 x 120 cm, 40-feature table, for sight
// lines of 5-90 cm. Target from the issue: >= 10 million per second per
// core (<= 100 ns/op), 0 allocs.
func BenchmarkTrace(b *testing.B) {
	benchTrace(b, losSegs(1024, 7))
}

// BenchmarkTraceAcrossTable: as BenchmarkTrace but between two random
// points anywhere on the table (mean length about 70 cm).
func BenchmarkTraceAcrossTable(b *testing.B) {
	benchTrace(b, randSegs(1024, 7))
}

func benchTrace(b *testing.B, segs [][2]Vec) {
	w := benchWorld(b)
	buf := make([]Crossing, 0, 64)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		s := segs[i&1023]
		buf = w.Trace(s[0], s[1], buf)
		n += len(buf)
	}
	if n < 0 {
		b.Fatal(n)
	}
}
