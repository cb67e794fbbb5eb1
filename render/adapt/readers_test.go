package adapt_test

import (
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/systems/eadata"
)

// testReaders are the profile readers the tests load the catalogue with:
// every system's (ATII sheets, E40K and EA datasheets).
func testReaders() catalog.Readers {
	return catalog.Readers{}.With(sheet.Reader{}, e40k.DatasheetReader{}, eadata.Reader{})
}
