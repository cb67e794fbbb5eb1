package assets

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/auspex/auspex/internal/fsutil"
	"github.com/auspex/auspex/rules/catalog"
)

// MaxCatalogueFile is the size cap, in bytes, of a catalogue file read
// from disk.
const MaxCatalogueFile = 2 << 20

// ExtendCatalogue returns base extended by the catalogue files srcs (the
// player's own datasheets): a unit, weapon or army whose id base already
// has replaces base's profile, any other id is added. Ids must be unique
// among srcs; a replacement must keep the system of the profile it
// replaces, and a unit that is the only HQ of a detachment template of a
// base army must keep its HQ flag unless srcs replace that army too.
// References in srcs may point into base. Units are read with base's
// readers (a source of a system base has no reader for is an error).
// base is not modified.
// The error, when not nil, is a yamlx.Errors listing every problem of every
// source as file:line:col: message.
func ExtendCatalogue(base *catalog.Catalogue, srcs ...Source) (*catalog.Catalogue, error) {
	if base == nil {
		return nil, errors.New("assets: no base catalogue to extend (internal error)")
	}
	cat, err := merge(base, base.Readers, false, srcs)
	if err != nil {
		return nil, err
	}
	cat.Extra = append(cat.Extra, srcs...)
	return cat, nil
}

// ReadCatalogueFile reads a catalogue file from disk: a regular file (a
// FIFO or device is refused without blocking) of at most MaxCatalogueFile
// bytes. A missing file gives an error wrapping fs.ErrNotExist that says
// so in plain words.
func ReadCatalogueFile(path string) (Source, error) {
	data, err := fsutil.ReadRegular(path, MaxCatalogueFile)
	switch {
	case err == nil:
		return Source{Name: path, Data: data}, nil
	case errors.Is(err, fs.ErrNotExist):
		return Source{}, missingFile(path)
	case errors.Is(err, fsutil.ErrTooLarge):
		return Source{}, fmt.Errorf("catalogue file %s: more than the %d byte limit", path, MaxCatalogueFile)
	}
	return Source{}, fmt.Errorf("catalogue file %w", err)
}

// LoadCatalogueWith loads the embedded catalogue with readers
// (LoadCatalogue) and
// extends it with the catalogue files at paths (ExtendCatalogue), for the
// start screen and the command line ("use my own datasheets"). A file that
// cannot be read stops the load with an error naming it; validation
// problems of all files come back together as file:line:col: message.
func LoadCatalogueWith(readers catalog.Readers, paths ...string) (*catalog.Catalogue, error) {
	base, err := LoadCatalogue(readers)
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return base, nil
	}
	srcs := make([]Source, 0, len(paths))
	for _, p := range paths {
		s, err := ReadCatalogueFile(p)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, s)
	}
	return ExtendCatalogue(base, srcs...)
}

// missingFile is the error for a catalogue file that does not exist: a
// plain sentence that still matches errors.Is(err, fs.ErrNotExist).
type missingFile string

func (m missingFile) Error() string { return fmt.Sprintf("catalogue file %s: no such file", string(m)) }
func (m missingFile) Unwrap() error { return fs.ErrNotExist }
