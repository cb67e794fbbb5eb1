package scenarios

import (
	"os"
	"sync"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/rules/catalog"
)

var (
	catOnce sync.Once
	catVal  *catalog.Catalogue
	catErr  error
)

// testCatalogue is the embedded catalogue; if the ATII file is not present
// yet, the assets test fixture supplies the titans.
func testCatalogue(t testing.TB) *catalog.Catalogue {
	t.Helper()
	catOnce.Do(func() {
		catVal, catErr = assets.LoadCatalogue(testReaders())
		if catErr != nil || catVal.Units["reaver"] != nil {
			return
		}
		data, err := os.ReadFile("../assets/testdata/atii_fixture.yaml")
		if err != nil {
			catErr = err
			return
		}
		fx, err := assets.ParseCatalogue(testReaders(), "atii_fixture.yaml", data)
		if err != nil {
			catErr = err
			return
		}
		for k, v := range fx.Units {
			catVal.Units[k] = v
		}
		for k, v := range fx.Weapons {
			catVal.Weapons[k] = v
		}
	})
	if catErr != nil {
		t.Fatalf("catalogue: %v", catErr)
	}
	return catVal
}
