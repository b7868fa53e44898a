// Package state keeps what the user made of the release: the checklist actions they have done,
// the items they starred and their notes. It is one JSON file (see userfile for where it
// lives), written atomically under a lock so that two elli processes never lose each other's
// change. It refers to actions and items by their stable ids only, so a later dataset keeps
// the user's work; ids it no longer knows are kept and reported, never dropped.
package state

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/elli-k8s/elli/data/userfile"
)

// Version is the schema version this build writes. Version 1 kept plain id lists; version 2
// stamps every entry with the time it was made, which the merge of two processes' changes needs.
const Version = 2

// Bounds keep a hostile or runaway file from costing memory or screen: the file is read up to
// MaxFile bytes, a note holds at most MaxNote bytes. MaxNoteInput is what a note's text may
// carry before SetNote trims it (an editor's final newline, blank lines): what the UIs read
// from an editor or standard input.
const (
	MaxFile      = 4 << 20
	MaxNote      = 16 << 10
	MaxNoteInput = MaxNote + 1<<10
)

// ErrNewer says the file was written by a newer elli: it is neither read nor overwritten.
var ErrNewer = userfile.Problemf("written by a newer elli")

// Mark is a done tick or a star: when it was set.
type Mark struct {
	At time.Time `json:"at"`
}

// Note is the user's text about an item.
type Note struct {
	Text    string    `json:"text"`
	Updated time.Time `json:"updated"`
}

// Marker is the value of the first key of every state file elli writes, "elli": a key no other
// program writes, by which elli knows its own file: it replaces or moves aside only a file that
// begins with it (or with what elli wrote before the key existed, see elliWrote).
const Marker = "state"

// State is the saved file's content.
type State struct {
	Elli    string          `json:"elli"`
	Version int             `json:"version"`
	Done    map[string]Mark `json:"done"`
	Stars   map[string]Mark `json:"stars"`
	Notes   map[string]Note `json:"notes"`
}

// New returns an empty state.
func New() *State {
	return &State{Elli: Marker, Version: Version, Done: map[string]Mark{}, Stars: map[string]Mark{}, Notes: map[string]Note{}}
}

// IsDone, IsStarred and NoteOf read the state; a nil state is empty.
func (s *State) IsDone(id string) bool    { _, ok := s.done()[id]; return ok }
func (s *State) IsStarred(id string) bool { _, ok := s.stars()[id]; return ok }
func (s *State) NoteOf(id string) string  { return s.notes()[id].Text }

func (s *State) done() map[string]Mark {
	if s == nil {
		return nil
	}
	return s.Done
}

func (s *State) stars() map[string]Mark {
	if s == nil {
		return nil
	}
	return s.Stars
}

func (s *State) notes() map[string]Note {
	if s == nil {
		return nil
	}
	return s.Notes
}

// Starred returns the starred ids, sorted.
func (s *State) Starred() []string { return sortedKeys(s.stars()) }

// NoteIDs returns the ids that have a note, sorted.
func (s *State) NoteIDs() []string { return sortedKeys(s.notes()) }

// Unknown returns the ids the state refers to that known does not accept, sorted and without
// repeats: entries made against another dataset. They stay in the file.
func (s *State) Unknown(known func(id string) bool) []string {
	seen := map[string]bool{}
	for _, ids := range [][]string{sortedKeys(s.done()), sortedKeys(s.stars()), sortedKeys(s.notes())} {
		for _, id := range ids {
			if !known(id) {
				seen[id] = true
			}
		}
	}
	return sortedKeys(seen)
}

// SetDone, SetStar and SetNote change the state in memory; Store.Update saves them.
func (s *State) SetDone(id string, done bool, now time.Time) {
	if done {
		s.Done[id] = Mark{At: now}
	} else {
		delete(s.Done, id)
	}
}

func (s *State) SetStar(id string, on bool, now time.Time) {
	if on {
		s.Stars[id] = Mark{At: now}
	} else {
		delete(s.Stars, id)
	}
}

// SetNote saves text as the note of id; empty text removes the note. Text over MaxNote bytes or
// not UTF-8 is refused.
func (s *State) SetNote(id, text string, now time.Time) error {
	text = strings.TrimSpace(strings.ReplaceAll(text, "\r\n", "\n"))
	if len(text) > MaxNote {
		return userfile.Problemf("the note is %d bytes; a note holds at most %d", len(text), MaxNote)
	}
	if !utf8.ValidString(text) {
		return userfile.Problemf("the note is not UTF-8 text")
	}
	if text == "" {
		delete(s.Notes, id)
		return nil
	}
	s.Notes[id] = Note{Text: text, Updated: now}
	return nil
}

// decode reads a state file of any known version. Every key must be one elli writes: a JSON
// file of another program that happens to have a "version" is not taken for state (a save
// would drop its other keys).
func decode(b []byte) (*State, error) {
	var head struct {
		Elli    *string `json:"elli"`
		Version *int    `json:"version"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return nil, userfile.Problemf("not JSON: %v", err)
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(b, &keys) == nil {
		for k := range keys {
			if !knownKeys[k] {
				return nil, userfile.Problemf("%w: it has the key %q, which elli does not write", errForeign, k)
			}
		}
	}
	if head.Elli != nil && *head.Elli != Marker {
		return nil, userfile.Problemf("its first key, elli, is not %q", Marker)
	}
	if head.Version == nil {
		return nil, userfile.Problemf("no schema version")
	}
	switch v := *head.Version; {
	case v == 1:
		return decodeV1(b)
	case v == Version:
		s := New()
		if err := strict(b, s); err != nil {
			return nil, userfile.Problemf("not a version %d state: %v", Version, err)
		}
		s.fill()
		return s, nil
	case v > Version:
		return nil, userfile.Problemf("%w: schema version %d, this elli knows %d; upgrade elli", ErrNewer, v, Version)
	default:
		return nil, userfile.Problemf("unknown schema version %d", v)
	}
}

// knownKeys are the keys of every state version; a file with another is another program's.
var knownKeys = map[string]bool{"elli": true, "version": true, "done": true, "stars": true, "notes": true, "starred": true}

// errForeign marks a JSON file whose keys say another program wrote it: never moved aside.
var errForeign = userfile.Problemf("written by another program")

// strict decodes b into v and refuses a key v does not have.
func strict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// v1 is the first schema: id lists and note texts, without times.
type v1 struct {
	Elli    string            `json:"elli"`
	Version int               `json:"version"`
	Done    []string          `json:"done"`
	Starred []string          `json:"starred"`
	Notes   map[string]string `json:"notes"`
}

// decodeV1 migrates a version 1 file; its entries get the zero time (made before any other).
func decodeV1(b []byte) (*State, error) {
	var old v1
	if err := strict(b, &old); err != nil {
		return nil, userfile.Problemf("not a version 1 state: %v", err)
	}
	s := New()
	for _, id := range old.Done {
		s.Done[id] = Mark{}
	}
	for _, id := range old.Starred {
		s.Stars[id] = Mark{}
	}
	for id, text := range old.Notes {
		s.Notes[id] = Note{Text: text}
	}
	return s, nil
}

func (s *State) fill() {
	s.Elli, s.Version = Marker, Version
	if s.Done == nil {
		s.Done = map[string]Mark{}
	}
	if s.Stars == nil {
		s.Stars = map[string]Mark{}
	}
	if s.Notes == nil {
		s.Notes = map[string]Note{}
	}
}

func (s *State) encode() []byte {
	b, _ := json.MarshalIndent(s, "", "  ") // maps of plain values: cannot fail
	return append(b, '\n')
}

// unusable says why a state file that exists cannot be used, and whether a writer may move it
// aside (movable: a regular file that begins the way elli writes its state).
type unusable struct {
	err     error // the sentence, naming the file
	why     error // what is wrong, for the CorruptError of a file moved aside
	movable bool
}

func (u *unusable) Error() string { return u.err.Error() }
func (u *unusable) Unwrap() error { return u.err }

// read reads the state at path (named as shown in messages): a missing file is an empty state.
// It never changes the file.
func read(path, shown string) (*State, *unusable) {
	b, err := userfile.ReadFile(path, MaxFile)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return New(), nil
	case errors.Is(err, userfile.ErrNotRegular):
		return nil, &unusable{err: userfile.Problemf("%s is not a regular file", shown)}
	case errors.Is(err, userfile.ErrTooLarge):
		why := userfile.Problemf("larger than %d MiB", MaxFile>>20)
		return nil, &unusable{userfile.Problemf("cannot read %s: %w", shown, why), why, elliWrote(b)}
	case err != nil:
		return nil, &unusable{err: userfile.Problemf("cannot read %s: %w", shown, err)}
	}
	s, err := decode(b)
	if errors.Is(err, ErrNewer) {
		return nil, &unusable{err: userfile.Problemf("%s: %w", shown, err)} // left alone for the newer elli
	}
	if err != nil {
		if !elliWrote(b) || errors.Is(err, errForeign) {
			return nil, &unusable{err: userfile.Problemf("%s is not elli's state file (%v)", shown, err)}
		}
		return nil, &unusable{userfile.Problemf("cannot read %s: %w", shown, err), err, true}
	}
	return s, nil
}

// legacyHead matches how elli wrote its state before the "elli" key: indented JSON whose first
// key is version and whose second is done.
var legacyHead = regexp.MustCompile(`^\{\n  "version": [0-9]+,\n  "done": `)

// elliWrote reports whether b begins the way elli writes a state file.
func elliWrote(b []byte) bool {
	return bytes.HasPrefix(b, []byte("{\n  \"elli\": \""+Marker+"\",\n")) || legacyHead.Match(b)
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
