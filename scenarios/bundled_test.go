package scenarios

import "testing"

func TestBundledScenariosValidate(t *testing.T) {
	cat := testCatalogue(t)
	list := Bundled()
	if len(list) == 0 || list[0].Name != DefaultName {
		t.Fatalf("bundled list should start with %s: %+v", DefaultName, list)
	}
	for _, b := range list {
		s, err := LoadBundled(b.Name, cat)
		if err != nil {
			t.Errorf("%s:\n%v", b.Name, err)
			continue
		}
		if s.World == nil || len(s.Sides) < 2 {
			t.Errorf("%s: world %v, %d sides", b.Name, s.World != nil, len(s.Sides))
		}
		if b.Description == "" || b.Title == "" {
			t.Errorf("%s: no title or description", b.Name)
		}
	}
}
