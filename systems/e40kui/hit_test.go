package e40kui

import "testing"

// The window finds the stand under the pointer by the id of the base the
// session's hit test returns (render/app baseAt: UnitAt, then BaseOf):
// every stand's base must carry the stand's id, or a click or a drag on a
// stand in the real window reaches the UI as a click on the empty table
// (no selecting, no dragging a detachment, no aiming at an enemy stand).
func TestStandBasesCarryTheirIDForTheWindowsHitTest(t *testing.T) {
	s := newUI(t, 1)
	for _, u := range s.State().Units {
		if !s.OnTable(&u) {
			continue
		}
		id := s.UnitAt(u.Pos, 0.01)
		b, ok := s.BaseOf(id)
		if !ok || b.ID != u.ID {
			t.Errorf("%s: the hit test at its centre finds %q, whose base is named %q (found %v)", u.ID, id, b.ID, ok)
		}
	}
}
