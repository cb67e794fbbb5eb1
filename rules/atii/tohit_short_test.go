package atii

import "testing"

// ATII-SHT-2: the to-hit number's short form, as the table labels a target:
// a 1 always fails and a 6 always hits, so the number is clamped to 2+..6.
func TestToHitShortSHT2(t *testing.T) {
	for _, tc := range []struct {
		t    ToHitNumber
		want string
	}{
		{ToHitNumber{Need: 4}, "4+"},
		{ToHitNumber{Need: 1}, "2+"},
		{ToHitNumber{Need: 7}, "6"},
		{ToHitNumber{Need: 3, AutoHit: true}, "auto hit"},
		{ToHitNumber{Need: 3, AutoMiss: true, Reason: "out of range"}, "no hit"},
	} {
		if got := tc.t.Short(); got != tc.want {
			t.Errorf("%+v: Short() = %q, want %q", tc.t, got, tc.want)
		}
	}
}
