package rules

import "reflect"

// OptionParser is implemented by a ruleset whose options have a typed
// form. The engine parses a game's options once, when the game starts
// (New, and so also Load and Rebase), and keeps the value in the state,
// where TypedOptions finds it; Clone carries it over. Errors: the
// ruleset's own, for values it refuses (ResolveOptions has already
// checked names and allowed values).
type OptionParser interface {
	ParseOptions(map[string]string) (any, error)
}

// typedOptions is a state's cached parse of its Options. It is valid while
// src is the very map s.Options holds (Options are fixed for a game: the
// engine resolves them once; a state whose Options map is replaced loses
// the cache).
type typedOptions struct {
	src map[string]string
	v   any
}

// sameMap reports whether a and b are the same map (not equal contents).
func sameMap(a, b map[string]string) bool {
	return len(a) == len(b) && reflect.ValueOf(a).Pointer() == reflect.ValueOf(b).Pointer()
}

// TypedOptions returns the typed options the engine parsed for s's game,
// or parse(s.Options) when s has none cached (a state built by hand, or
// whose Options map was replaced). It never writes to s, so states may be
// read from several goroutines.
func (s *State) TypedOptions(parse func(map[string]string) (any, error)) (any, error) {
	if s.opts.v != nil && sameMap(s.opts.src, s.Options) {
		return s.opts.v, nil
	}
	return parse(s.Options)
}

// cacheOptions parses s.Options with rs when it implements OptionParser
// and keeps the value in s.
func (s *State) cacheOptions(rs Ruleset) error {
	p, ok := rs.(OptionParser)
	if !ok {
		return nil
	}
	v, err := p.ParseOptions(s.Options)
	if err != nil {
		return err
	}
	s.opts = typedOptions{src: s.Options, v: v}
	return nil
}
