package tui

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	tea "charm.land/bubbletea/v2"

	"github.com/elli-k8s/elli/data"
	content "github.com/elli-k8s/elli/embed"
)

// releaseWithout is the embedded release folder, loaded as --data loads a folder, less the files
// that drop says to leave out.
func releaseWithout(t *testing.T, drop func(path string) bool) *data.Dataset {
	t.Helper()
	src, err := content.Release(content.DefaultRelease)
	if err != nil {
		t.Fatal(err)
	}
	dst := fstest.MapFS{}
	err = fs.WalkDir(src, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || drop(p) {
			return err
		}
		b, err := fs.ReadFile(src, p)
		dst[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	ds, err := data.Load(dst)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// A release folder that lacks Chinese, wholly or in part, opens in Chinese with the interface in
// Chinese, the untranslated pages in English and one line on the status line that says so, once.
func TestLangDataFolderWithoutChinese(t *testing.T) {
	for _, tc := range []struct {
		name string
		drop func(string) bool
		note string
	}{
		{"no Chinese at all", func(p string) bool { return strings.HasSuffix(p, ".zh.md") }, "此数据集没有中文文本，以英文显示"},
		// every page of the release counts: its items (the road's too) and the overview
		{"one page untranslated", func(p string) bool { return strings.HasSuffix(p, "/24-apparmor.zh.md") },
			fmt.Sprintf("共 %d 个页面中有 1 个没有中文文本，以英文显示", len(dataset(t).Items)+1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ds := releaseWithout(t, tc.drop)
			for _, size := range [][2]int{{120, 40}, {80, 24}} {
				m := step(New(ds, Options{Lang: data.LangZH}), tea.WindowSizeMsg{Width: size[0], Height: size[1]})
				screen := plain(m)
				lines := strings.Split(screen, "\n")
				status := lines[m.lay.status.y]
				if !strings.Contains(status, tc.note) {
					t.Errorf("%dx%d: the status line is %q, want the note %q", size[0], size[1], status, tc.note)
				}
				if n := strings.Count(screen, "没有中文文本"); n != 1 {
					t.Errorf("%dx%d: the note is on the screen %d times, want once:\n%s", size[0], size[1], n, screen)
				}
				m = keys(m, "2") // GA: 24 AppArmor is its first row
				if screen := plain(m); !strings.Contains(screen, "AppArmor Support") || !strings.Contains(screen, "帮助") {
					t.Errorf("%dx%d: want the page in English, the interface in Chinese:\n%s", size[0], size[1], screen)
				} else if strings.Contains(screen, "没有中文文本") {
					t.Errorf("%dx%d: the note stays after a key", size[0], size[1])
				}
			}
			// L to English says nothing of Chinese; L back to Chinese says it again.
			m := step(New(ds, Options{}), tea.WindowSizeMsg{Width: 120, Height: 40})
			if m = keys(m, "L"); !strings.Contains(plain(m), tc.note) {
				t.Errorf("L to Chinese: no note:\n%s", plain(m))
			}
			if m = keys(m, "L"); strings.Contains(plain(m), "没有中文文本") {
				t.Errorf("L back to English still speaks of Chinese:\n%s", plain(m))
			}
		})
	}
}
