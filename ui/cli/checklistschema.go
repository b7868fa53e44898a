package cli

import (
	"time"

	"github.com/elli-k8s/elli/data"
	"github.com/elli-k8s/elli/data/state"
)

// The JSON of the upgrade checklist, documented in SCHEMA.md beside the other commands' types
// and checked by the same tests:
//
//   - elli checklist --json: one [Checklist].
//   - elli notes --json: an array of [Note].
//
// Fields that other types have keep their shape: item is an [ItemRef], gates an array of
// [Gate], note a string.

// Checklist is what elli checklist --json prints.
type Checklist struct {
	Completed int               `json:"completed"`
	Total     int               `json:"total"`
	Actions   []ChecklistAction `json:"actions"`
	Unknown   []string          `json:"unknown"`
}

// ChecklistAction is one action of the checklist with the user's progress on it.
type ChecklistAction struct {
	ID      string  `json:"id"`
	Kind    string  `json:"kind"`
	Title   string  `json:"title"`
	Item    ItemRef `json:"item"`
	Gates   []Gate  `json:"gates"`
	Release string  `json:"release,omitempty"`
	Done    bool    `json:"done"`
	DoneAt  string  `json:"done_at,omitempty"`
	Starred bool    `json:"starred"`
	Note    string  `json:"note,omitempty"`
	Lang    string  `json:"lang"`
}

// Note is a note of the user's, as elli notes --json prints it.
type Note struct {
	ID      string   `json:"id"`
	Item    *ItemRef `json:"item,omitempty"`
	Step    string   `json:"step,omitempty"`
	Text    string   `json:"text"`
	Updated string   `json:"updated,omitempty"`
	Lang    string   `json:"lang"`
}

// stamp is a time as the JSON writes it, RFC 3339 in UTC; "" for the zero time, which entries
// migrated from the first state schema carry.
func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func checklistOf(ds *data.Dataset, s *state.State, lang data.Lang) Checklist {
	all := ds.Checklist()
	out := Checklist{Total: len(all), Actions: make([]ChecklistAction, 0, len(all)), Unknown: orEmpty(s.Unknown(ds.Known))}
	for _, act := range all {
		gates := []Gate{}
		for _, g := range act.Item.Gates {
			for _, name := range act.Gates {
				if g.Name == name {
					gates = append(gates, gateOf(g, lang))
				}
			}
		}
		ca := ChecklistAction{
			ID: act.ID, Kind: string(act.Kind), Title: act.Title.In(lang), Item: refIn(act.Item, lang), Gates: gates, Release: act.Release,
			Done: s.IsDone(act.ID), DoneAt: stamp(s.Done[act.ID].At), Starred: s.IsStarred(act.ID), Note: s.NoteOf(act.ID),
			Lang: string(langOf(act.Item, lang)),
		}
		if ca.Done {
			out.Completed++
		}
		out.Actions = append(out.Actions, ca)
	}
	return out
}

// notesOf lists the state's notes by id, each with what it is about when the dataset knows it.
// The note is the user's own text, whatever the language.
func notesOf(ds *data.Dataset, s *state.State, lang data.Lang) []Note {
	out := make([]Note, 0, len(s.Notes))
	for _, id := range s.NoteIDs() {
		n := s.Notes[id]
		entry := Note{ID: id, Text: n.Text, Updated: stamp(n.Updated), Lang: string(lang)}
		if act, ok := ds.Action(id); ok && act.Kind == data.ActionStep {
			ref := refIn(act.Item, lang)
			entry.Item, entry.Step, entry.Lang = &ref, act.Title.In(lang), string(langOf(act.Item, lang))
		} else if it := ds.ByID(id); it != nil {
			ref := refIn(it, lang)
			entry.Item, entry.Lang = &ref, string(langOf(it, lang))
		}
		out = append(out, entry)
	}
	return out
}
