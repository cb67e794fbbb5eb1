package atii

import (
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
)

// testReaders are the profile readers the tests load the catalogue with:
// the ATII sheets.
func testReaders() catalog.Readers {
	return catalog.Readers{}.With(sheet.Reader{})
}
