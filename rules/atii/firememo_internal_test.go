package atii

import (
	"reflect"
	"testing"
)

// TestTitanStateEqualReadsEveryField: the fire memo compares a firer's
// titan state with titanStateEqual; a field it did not read would let
// remembered fire choices outlive a change of that field (a weapon
// damaged, a missile spent). Each field set alone must make two states
// unequal.
func TestTitanStateEqualReadsEveryField(t *testing.T) {
	var zero TitanState
	typ := reflect.TypeOf(zero)
	for i := range typ.NumField() {
		var a, b TitanState
		f := reflect.ValueOf(&b).Elem().Field(i)
		switch f.Kind() {
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			f.SetInt(1)
		case reflect.String:
			f.SetString("x")
		case reflect.Slice:
			f.Set(reflect.Append(reflect.MakeSlice(f.Type(), 0, 1), reflect.Zero(f.Type().Elem())))
		case reflect.Map:
			m := reflect.MakeMap(f.Type())
			m.SetMapIndex(reflect.Zero(f.Type().Key()), reflect.Zero(f.Type().Elem()))
			f.Set(m)
		default:
			t.Fatalf("field %s: kind %s not covered by this test", typ.Field(i).Name, f.Kind())
		}
		if titanStateEqual(&a, &b) || titanStateEqual(&b, &a) {
			t.Errorf("titanStateEqual does not read %s", typ.Field(i).Name)
		}
		if c := b.Clone(); !titanStateEqual(&b, &c) {
			t.Errorf("a state with %s set differs from its clone", typ.Field(i).Name)
		}
	}
}
