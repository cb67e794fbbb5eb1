// Package fonts embeds the TrueType fonts Auspex draws text with: the Go
// fonts by Bigelow & Holmes (BSD licence, see LICENSE in this directory).
// The bytes are read-only data; callers parse them with
// github.com/golang/freetype/truetype.Parse.
package fonts

import _ "embed"

// regular and bold hold the embedded font files.
var (
	//go:embed Go-Regular.ttf
	regular []byte
	//go:embed Go-Bold.ttf
	bold []byte
)

// Regular returns a copy-free view of Go Regular; callers must not modify it.
func Regular() []byte { return regular }

// Bold returns a copy-free view of Go Bold; callers must not modify it.
func Bold() []byte { return bold }
