package rules

import (
	"encoding/json"
	"errors"
	"strconv"
	"testing"
)

// wounds is a typed Ext value for the tests: a pointer, immutable once
// stored.
type wounds struct{ N int }

func (w *wounds) CloneExt() ExtValue           { c := *w; return &c }
func (w *wounds) HashExt(h *PosHasher)         { h.Int(w.N) }
func (w *wounds) MarshalJSON() ([]byte, error) { return []byte(`{"n":` + strconv.Itoa(w.N) + `}`), nil }

// woundsCodec types the "wounds" key.
type woundsCodec struct{}

func (woundsCodec) DecodeExt(key string, raw []byte) (ExtValue, error) {
	if key != "wounds" {
		return RawExt(raw), nil
	}
	var x struct{ N *int }
	if err := json.Unmarshal(raw, &x); err != nil || x.N == nil {
		return nil, errors.New("not a wounds value")
	}
	return &wounds{N: *x.N}, nil
}

// TestTypedExtKeepsHashAndShape: a typed value hashes (replay hash) and
// marshals exactly as its JSON did; a state read back from JSON holds
// RawExt until the codec types it, and then is the same position; GetExt
// copies a typed value out, SetExt stores a copy.
func TestTypedExtKeepsHashAndShape(t *testing.T) {
	typed := titanState(2, 0)
	typed.Units[0].Ext.Set("wounds", &wounds{N: 3})
	typed.Ext.Set("wounds", &wounds{N: 1})
	raw := titanState(2, 0)
	raw.Units[0].Ext.Set("wounds", RawExt(`{"n":3}`))
	raw.Ext.Set("wounds", RawExt(`{"n":1}`))
	if typed.Hash() != raw.Hash() {
		t.Fatal("a typed value changed the replay hash")
	}
	tj, _ := json.Marshal(typed)
	rj, _ := json.Marshal(raw)
	if string(tj) != string(rj) {
		t.Fatalf("typed state marshals as %s, not %s", tj, rj)
	}
	var back State
	if err := json.Unmarshal(tj, &back); err != nil {
		t.Fatal(err)
	}
	if _, ok := back.Ext.Value("wounds").(RawExt); !ok {
		t.Fatalf("decoded as %T", back.Ext.Value("wounds"))
	}
	if err := back.DecodeExt(woundsCodec{}); err != nil {
		t.Fatal(err)
	}
	if back.PositionHash() != typed.PositionHash() || back.Hash() != typed.Hash() {
		t.Fatal("typed by the codec, the state is another position")
	}
	var w wounds
	if ok, err := back.Units[0].GetExt("wounds", &w); !ok || err != nil || w.N != 3 {
		t.Fatalf("GetExt %v %v %v", w, ok, err)
	}
	mine := &wounds{N: 5}
	if err := back.SetExt("wounds", mine); err != nil {
		t.Fatal(err)
	}
	mine.N = 6
	if back.Ext.Value("wounds").(*wounds).N != 5 {
		t.Fatal("SetExt stored the caller's value, not a copy")
	}
	if err := back.Units[1].SetExt("wounds", wounds{N: 2}); err != nil {
		t.Fatal(err)
	}
	if w, ok := back.Units[1].Ext.Value("wounds").(*wounds); !ok || w.N != 2 {
		t.Fatalf("SetExt of a value whose pointer is typed stored %T", back.Units[1].Ext.Value("wounds"))
	}
	back.Units[1].Ext.Set("wounds", RawExt(`{"n":"x"}`))
	if err := back.DecodeExt(woundsCodec{}); err == nil {
		t.Fatal("the codec took a value that does not fit")
	}
}
