package cli

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/elli-k8s/elli/ui/i18n"
)

// TestMessagesTranslated: every message elli can print has its Chinese form, which takes the
// same arguments; the table holds nothing no message uses; and no error is made without a
// format the catalog can say (fmt.Errorf, errors.New), but the one sentinel that is never
// printed.
func TestMessagesTranslated(t *testing.T) {
	formats := messageFormats(t)
	for f, where := range formats {
		zh, ok := i18n.MessagesZH()[f]
		switch {
		case !ok:
			t.Errorf("%s: %q has no Chinese form in i18n.MessagesZH", where, f)
		case !slices.Equal(i18n.FormatArgs(f), i18n.FormatArgs(zh)):
			t.Errorf("%s: %q takes %v, its Chinese form %q takes %v", where, f, i18n.FormatArgs(f), zh, i18n.FormatArgs(zh))
		case zh == f && strings.ContainsFunc(f, func(r rune) bool { return r >= 'a' && r <= 'z' }) && !hasHan(zh) && !onlyVerbs(f):
			t.Errorf("%s: the Chinese form of %q is the English one", where, f)
		}
	}
	for f := range i18n.MessagesZH() {
		if _, ok := formats[f]; !ok {
			t.Errorf("i18n.MessagesZH holds %q, which no message of ui/cli uses", f)
		}
	}
	allowed := map[string]bool{"the terminal did not answer": true} // background.go: answered internally
	fset := token.NewFileSet()
	eachSource(t, fset, ".", func(file *ast.File) {
		ast.Inspect(file, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := c.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && (x.Name == "fmt" && sel.Sel.Name == "Errorf" || x.Name == "errors" && sel.Sel.Name == "New") {
				if s, _ := stringConst(c.Args[0]); !allowed[s] {
					t.Errorf("%s: %s.%s makes an error only English can say; use failf or usagef", fset.Position(c.Pos()), x.Name, sel.Sel.Name)
				}
			}
			return true
		})
	})
}

// onlyVerbs reports whether a format is verbs and punctuation, with no word to translate.
func onlyVerbs(f string) bool {
	rest := i18nVerb.ReplaceAllString(f, "")
	return !strings.ContainsFunc(rest, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' })
}

var i18nVerb = regexp.MustCompile(`%(?:\[\d+\])?[-+# 0]*\d*(?:\.\d+)?[a-zA-Z%]|--[a-z-]+`)

// TestErrorsInChinese: the one-line errors of a Chinese run are Chinese, with the exit codes of
// an English one.
func TestErrorsInChinese(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"show", "99999"}, 1, "elli: v1.31 中没有 KEP-99999；试试：elli search 99999\n"},
		{[]string{"show", "nope"}, 1, "elli: v1.31 中没有条目 \"nope\"；试试：elli search nope\n"},
		{[]string{"list", "--stage", "gamma"}, 2, "elli: --stage 的值 \"gamma\" 无效：可用 ga、beta 或 alpha\n"},
		{[]string{"list", "--bogus"}, 2, "elli: 未知的标志：--bogus\n"},
		{[]string{"list", "extra"}, 2, "elli: list 不接受参数（可用 --stage、--sig 或 --kind 筛选）；收到的是 \"extra\"\n"},
		{[]string{"search", "zzqxv"}, 1, "elli: 没有与 \"zzqxv\" 匹配的结果：没有页面包含 \"zzqxv\"；检查拼写或换个说法\n"},
		{[]string{"show", "3866", "--width", "5"}, 2, "elli: --width 的值 \"5\" 无效：请给出 20 到 1000 之间的列数\n"},
		{[]string{"help", "nothing"}, 2, "elli: 未知的帮助主题或命令 \"nothing\"；主题有 environment 或 exit-codes，elli help 会列出全部命令\n"},
		{[]string{"completion", "nosh"}, 2, "elli: \"elli completion\" 没有 \"nosh\" 这个命令\n"},
	} {
		r := run(t, append(tc.args, "--lang", "zh")...)
		if r.code != tc.code || r.stderr != tc.want {
			t.Errorf("elli %s --lang zh: exit %d, stderr %q; want %d, %q", strings.Join(tc.args, " "), r.code, r.stderr, tc.code, tc.want)
		}
	}
	if r := runLang(t, map[string]string{"LANG": "zh_CN.UTF-8"}, "show", "99999"); !strings.Contains(r.stderr, "中没有 KEP-99999") {
		t.Errorf("LANG=zh_CN.UTF-8 elli show 99999: %q", r.stderr)
	}
}

// messageFormats reads this package's source and returns every message format given to the
// functions that make elli's messages, with where it is.
func messageFormats(t *testing.T) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	out := map[string]string{}
	add := func(e ast.Expr) {
		if s, ok := stringConst(e); ok && s != "" {
			out[s] = fset.Position(e.Pos()).String()
		}
	}
	eachSource(t, fset, ".", func(file *ast.File) {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				switch name := callName(n); name {
				case "usagef", "failf", "flagValuef", "warnf":
					if len(n.Args) > 0 {
						add(n.Args[0])
					}
				case "Message": // i18n.Message(lang, format)
					if len(n.Args) == 2 {
						add(n.Args[1])
					}
				case "argCount":
					if len(n.Args) == 4 {
						add(n.Args[2])
						add(n.Args[3])
					}
				}
			case *ast.CompositeLit:
				// msg{...} and the hints of intValue{...}
				for i, el := range n.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if k, ok := kv.Key.(*ast.Ident); ok && (k.Name == "format" || k.Name == "hint") {
							add(kv.Value)
						}
					} else if id, ok := n.Type.(*ast.Ident); ok && id.Name == "msg" && i == 0 {
						add(el)
					}
				}
			}
			return true
		})
	})
	for f, where := range problemFormats(t) {
		out[f] = where
	}
	return out
}

// problemDirs are the packages outside ui/cli whose problems elli says in the run's language:
// they keep them as an English format and arguments (userfile.Problem and the Message methods
// of CorruptError and InvalidError), which i18n.Say looks up in the same catalog.
var problemDirs = []string{"../../data/userfile", "../../data/state", "../../ui/render", "../../ui/editor"}

// problemFormats returns the formats given to userfile.Problemf and returned by Message
// methods in problemDirs, with where each is.
func problemFormats(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	fset := token.NewFileSet()
	for _, dir := range problemDirs {
		eachSource(t, fset, dir, func(file *ast.File) {
			add := func(e ast.Expr) {
				if s, ok := stringConst(e); ok && s != "" {
					out[s] = fset.Position(e.Pos()).String()
				}
			}
			ast.Inspect(file, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					if callName(n) == "Problemf" && len(n.Args) > 0 {
						add(n.Args[0])
					}
				case *ast.FuncDecl:
					if n.Name.Name != "Message" || n.Recv == nil || n.Body == nil {
						return true
					}
					ast.Inspect(n.Body, func(m ast.Node) bool {
						if r, ok := m.(*ast.ReturnStmt); ok && len(r.Results) == 2 {
							add(r.Results[0])
						}
						return true
					})
				}
				return true
			})
		})
	}
	return out
}

// eachSource parses every Go file of dir but its tests and hands each to fn.
func eachSource(t *testing.T, fset *token.FileSet, dir string, fn func(*ast.File)) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		fn(file)
	}
}

func callName(c *ast.CallExpr) string {
	switch f := c.Fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

// stringConst evaluates a string literal or a concatenation of them.
func stringConst(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		a, ok1 := stringConst(e.X)
		b, ok2 := stringConst(e.Y)
		return a + b, ok1 && ok2
	case *ast.ParenExpr:
		return stringConst(e.X)
	}
	return "", false
}
