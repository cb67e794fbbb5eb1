package atiiui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"github.com/auspex/auspex/render/play"
)

// Every method of play.SystemUI is declared on *UI itself. A method UI
// only inherited from the embedded *play.Session would be the session's
// delegating one, which calls the UI again: endless recursion at the
// first click, key or frame that reaches it.
func TestUIDeclaresEverySystemUIMethod(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	own := map[string]bool{}
	for _, p := range pkgs {
		for _, f := range p.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 {
					continue
				}
				if st, ok := fd.Recv.List[0].Type.(*ast.StarExpr); ok {
					if id, ok := st.X.(*ast.Ident); ok && id.Name == "UI" {
						own[fd.Name.Name] = true
					}
				}
			}
		}
	}
	it := reflect.TypeOf((*play.SystemUI)(nil)).Elem()
	if it.NumMethod() < 20 {
		t.Fatalf("SystemUI has %d methods: the reflection found the wrong type", it.NumMethod())
	}
	for i := 0; i < it.NumMethod(); i++ {
		if name := it.Method(i).Name; !own[name] {
			t.Errorf("*UI does not declare %s: it would inherit the session's delegating method", name)
		}
	}
}

// The ATII adapter serves ATII games only, and a session made through
// the registry holds ATII's UI.
func TestAdapterServesATII(t *testing.T) {
	if got := New().System(); got != "atii" {
		t.Errorf("the ATII adapter serves %q", got)
	}
	s := newSession(t, load(t, "titan-duel"), 1, map[string]string{"red": play.Human, "blue": play.Human})
	if Of(s.Session) != s {
		t.Error("Of should return the session's ATII UI")
	}
	if len(New().Options()) == 0 || New().Options()[0].Group != "Advanced rules" {
		t.Errorf("the start screen's options should begin with the advanced rules: %+v", New().Options())
	}
}
