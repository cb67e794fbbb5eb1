package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// editSave decodes a played save into a generic map, lets f change it and
// encodes it again.
func editSave(t testing.TB, data []byte, f func(map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func ones(n int) []int {
	d := make([]int, n)
	for i := range d {
		d[i] = 1
	}
	return d
}

// TestParseSaveRefusesHugeLists (issue 8 item 2): a save with millions of
// options, start dice or command dice is refused by count, with the limit
// named, instead of being decoded (and replayed) first.
func TestParseSaveRefusesHugeLists(t *testing.T) {
	data := playedSave(t)
	opts := map[string]any{}
	for i := 0; i < MaxSaveOptions+1; i++ {
		opts[fmt.Sprintf("o%d", i)] = "on"
	}
	cases := map[string]struct {
		data []byte
		want string
	}{
		"options":    {editSave(t, data, func(m map[string]any) { m["options"] = opts }), "at most 256"},
		"start dice": {editSave(t, data, func(m map[string]any) { m["start_manual"] = true; m["start_dice"] = ones(1000000) }), "start_dice: 1000000 dice listed, at most 1000"},
		"command dice": {editSave(t, data, func(m map[string]any) {
			c := m["commands"].([]any)[0].(map[string]any)
			c["manual"], c["dice"] = true, ones(MaxCommandDice+1)
		}), "1001 dice listed, at most 1000"},
		"too big": {append(data, bytes.Repeat([]byte(" "), MaxSaveSize)...), "byte limit"},
		"files": {editSave(t, data, func(m map[string]any) {
			fs := make([]any, MaxSaveFiles+1)
			for i := range fs {
				fs[i] = map[string]any{"name": "f.yaml", "text": ""}
			}
			m["files"] = fs
		}), "files: 65 files listed, at most 64"},
		"quirks": {editSave(t, data, func(m map[string]any) {
			qs := make([]any, MaxSaveQuirks+1)
			for i := range qs {
				qs[i] = "q"
			}
			m["quirks"] = qs
		}), "quirks: 65 quirks listed, at most 64"},
		"quirk name": {editSave(t, data, func(m map[string]any) { m["quirks"] = []any{"not a name!"} }), `quirk "not a name!" is not a quirk name`},
	}
	for name, c := range cases {
		_, err := ParseSave(c.data)
		if !errors.Is(err, ErrBadSave) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want ErrBadSave mentioning %q", name, err, c.want)
		}
	}
}

// TestParseSaveMessages (issue 8 item 5): user text is quoted as a short
// prefix; upper-case hashes and a UTF-8 byte order mark are accepted;
// "args": null and non-integer versions get plain messages.
func TestParseSaveMessages(t *testing.T) {
	data := playedSave(t)
	long := strings.Repeat("x", 5<<20)
	for name, d := range map[string][]byte{
		"format":  editSave(t, data, func(m map[string]any) { m["format"] = long }),
		"ruleset": editSave(t, data, func(m map[string]any) { m["ruleset"] = long }),
		"command": editSave(t, data, func(m map[string]any) { m["commands"].([]any)[0].(map[string]any)["cmd"] = long }),
		"hash":    editSave(t, data, func(m map[string]any) { m["start_hash"] = long }),
		"key":     editSave(t, data, func(m map[string]any) { m[long] = 1 }),
	} {
		_, err := ParseSave(d)
		if err == nil {
			t.Errorf("%s: a 5 MB field was accepted", name)
			continue
		}
		if len(err.Error()) > 300 || !strings.Contains(err.Error(), "(5242880 bytes)") {
			t.Errorf("%s: message of %d bytes, want a short quote naming the length: %.300s", name, len(err.Error()), err)
		}
	}

	upper := editSave(t, data, func(m map[string]any) {
		m["start_hash"] = strings.ToUpper(m["start_hash"].(string))
		for _, c := range m["commands"].([]any) {
			c := c.(map[string]any)
			c["hash"] = strings.ToUpper(c["hash"].(string))
		}
	})
	l, err := Load(upper, mustRegistry(t), duelBuild, Config{})
	if err != nil {
		t.Fatalf("upper-case hashes: %v", err)
	}
	if again, _ := l.Save(); !bytes.Equal(again, data) {
		t.Error("a save with upper-case hashes does not re-save to the original")
	}
	if _, err := Load(append([]byte{0xEF, 0xBB, 0xBF}, data...), mustRegistry(t), duelBuild, Config{}); err != nil {
		t.Errorf("save with a byte order mark: %v", err)
	}

	ver := []byte(fmt.Sprintf(`"version": %d,`, SaveVersion))
	for name, c := range map[string]struct {
		data []byte
		want string
	}{
		"args null":   {editSave(t, data, func(m map[string]any) { m["commands"].([]any)[0].(map[string]any)["args"] = nil }), "args must be an object of named arguments {...}, got null"},
		"args list":   {editSave(t, data, func(m map[string]any) { m["commands"].([]any)[0].(map[string]any)["args"] = []int{1} }), "got a list"},
		"version 1.5": {bytes.Replace(data, ver, []byte(`"version": 1.5,`), 1), `version "1.5" is not a whole number`},
		"version str": {bytes.Replace(data, ver, []byte(`"version": "1",`), 1), "version must be a whole number, got a string"},
		"no version":  {bytes.Replace(data, ver, nil, 1), "no version"},
		"a list":      {[]byte(`[1, 2]`), "expected a JSON object, got a list"},
		"truncated":   {data[:len(data)-10], "truncated"},
	} {
		_, err := ParseSave(c.data)
		if !errors.Is(err, ErrBadSave) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want ErrBadSave mentioning %q", name, err, c.want)
		}
	}
}

// TestCountItems checks the list counter the limits rely on.
func TestCountItems(t *testing.T) {
	for raw, want := range map[string]int{
		``: 0, `null`: 0, `[]`: 0, `{}`: 0, ` [ ] `: 0, `[1]`: 1, `[1,2,3]`: 3,
		`{"a,b":"c]","d":[1,2]}`: 2, `[{"a":1,"b":2},{}]`: 2, `["\"",","]`: 2, `"x,y"`: 0,
	} {
		if got := countItems([]byte(raw)); got != want {
			t.Errorf("countItems(%s) = %d, want %d", raw, got, want)
		}
	}
}

// BenchmarkParseSaveHugeOptions: refusing a save of nearly MaxSaveSize
// bytes holding a million options (issue 8 item 2: 11-13 s and over 0.7 GB
// before the fix).
func BenchmarkParseSaveHugeOptions(b *testing.B) {
	var buf bytes.Buffer
	buf.WriteString(`{"format":"auspex-save","version":1,"ruleset":"duel","options":{`)
	for i := 0; i < 1000000; i++ {
		if i > 0 {
			buf.WriteByte(',')
		}
		fmt.Fprintf(&buf, `"o%d":"on"`, i)
	}
	buf.WriteString(`},"seed":1,"scenario":"1","start_hash":"0000000000000000","commands":[]}`)
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ParseSave(data); err == nil {
			b.Fatal("accepted")
		}
	}
}

// TestReplayErrorsAreClipped (issue 8 item 5): an error a ruleset raises
// while replaying echoes the save's arguments (here a 1 MB side name); the
// message is cut and still wraps the original error.
func TestReplayErrorsAreClipped(t *testing.T) {
	data := editSave(t, playedSave(t), func(m map[string]any) {
		m["commands"].([]any)[0].(map[string]any)["args"] = map[string]any{"by": strings.Repeat("é", 1<<19)}
	})
	_, err := Load(data, mustRegistry(t), duelBuild, Config{})
	if err == nil {
		t.Fatal("a command by an unknown side replayed")
	}
	if len(err.Error()) > 600 || !strings.Contains(err.Error(), "message cut") {
		t.Errorf("%d-byte message: %.300s", len(err.Error()), err)
	}
	if !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("the cut message lost its cause: %v", errors.Unwrap(err))
	}
}

// TestSaveKeepsQuirks (save format 5): a game's quirks are written to its
// save, read back and kept by the replayed game, and they do not enter the
// hashes (the same save without them still matches every hash).
func TestSaveKeepsQuirks(t *testing.T) {
	data := playedSave(t)
	with := editSave(t, data, func(m map[string]any) { m["quirks"] = []any{"old-way"} })
	e, err := Load(with, mustRegistry(t), duelBuild, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if !e.State().HasQuirk("old-way") || e.State().HasQuirk("other") {
		t.Errorf("loaded quirks: %v", e.State().Quirks)
	}
	again, err := e.Save()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(again, []byte(`"quirks": ["old-way"]`)) {
		t.Errorf("saved again without its quirk:\n%.600s", again)
	}
	if bytes.Contains(data, []byte(`"quirks"`)) {
		t.Error("a new game's save names quirks")
	}
	// A quirk the ruleset never lists is refused, not carried on.
	odd := editSave(t, data, func(m map[string]any) { m["quirks"] = []any{"never-was"} })
	if _, err := Load(odd, mustRegistry(t), duelBuild, Config{}); !errors.Is(err, ErrBadSave) || !strings.Contains(err.Error(), `quirk "never-was" is not one the duel rules know`) {
		t.Errorf("an unknown quirk: %v", err)
	}
	// A hot reload keeps them: the game still runs under its old rules.
	r, _, err := e.Rebase(duelState(e.State().Seed, 3), "3")
	if err != nil || !r.State().HasQuirk("old-way") {
		t.Errorf("rebased: %v, quirks %v", err, r.State().Quirks)
	}
}

// manyQuirks is the duel listing one quirk more than a save may name.
type manyQuirks struct{ duel }

func (manyQuirks) Quirks(version int) []string {
	out := make([]string, MaxSaveQuirks+1)
	for i := range out {
		out[i] = fmt.Sprintf("q%d", i)
	}
	return out
}

// TestQuirksForRefusesMoreThanASaveHolds: a ruleset listing more quirks
// than MaxSaveQuirks is refused when a game is loaded, so that no save
// is written that could not be read back.
func TestQuirksForRefusesMoreThanASaveHolds(t *testing.T) {
	if _, err := QuirksFor(manyQuirks{}, 1, nil); err == nil || !strings.Contains(err.Error(), "a save holds at most 64") {
		t.Errorf("%d quirks: %v", MaxSaveQuirks+1, err)
	}
	if q, err := QuirksFor(duel{}, 1, nil); err != nil || len(q) != 1 {
		t.Errorf("the duel's one quirk: %v, %v", q, err)
	}
}
