package catalog

// Source is a catalogue file's name (for messages; the path it was read
// from) and its text.
type Source struct {
	Name string
	Data []byte
}
