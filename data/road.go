package data

import (
	"slices"
	"strings"
	"time"
)

// The road off the release: the minor releases after it, which a cluster climbs one at a time
// (the version skew policy and kubeadm allow one minor per control-plane upgrade), each with
// its dates and the changes that break something or need an action on the way. The facts live
// in the release folder's road/vX.YY/ pages (CONTENT.md); each change is an Item of kind road,
// each release a RoadRelease on the Release. Nothing here is written in code: the next
// release is one more folder.

// KindRoad is a breaking or action-required change of a release on the road.
const KindRoad Kind = "road"

// Impact says how a road change meets a cluster that upgrades into its release.
type Impact string

const (
	// ImpactBreaks: a component refuses to start, or something stops working, on upgrade.
	ImpactBreaks Impact = "breaks"
	// ImpactAction: it works, but needs a step before or after the upgrade.
	ImpactAction Impact = "action"
	// ImpactDeprecated: it warns now and breaks in a later release.
	ImpactDeprecated Impact = "deprecated"
)

// Impacts are the valid impacts, most urgent first: the order a hop lists its changes in.
var Impacts = []Impact{ImpactBreaks, ImpactAction, ImpactDeprecated}

// Rank orders impacts: 0 for breaks, the most urgent.
func (i Impact) Rank() int {
	if n := slices.Index(Impacts, i); n >= 0 {
		return n
	}
	return len(Impacts)
}

// Category says what kind of change a road item is.
type Category string

// Categories are the valid categories of a road item.
var Categories = []Category{"api", "gates", "flags", "default", "removal", "deprecation", "behavior"}

// Road holds a road item's own facts.
type Road struct {
	// Release is the minor release that brings the change, "v1.32": the folder the page is in.
	Release  string
	Category Category
	Impact   Impact
	// APIs are the group/versions the release no longer serves ("flowcontrol.apiserver.k8s.io/v1beta3").
	APIs []string
	// Flags are the command-line flags the release removes.
	Flags []Flag
}

// Flag is a command-line flag of a component.
type Flag struct {
	Name       string   `yaml:"name"`
	Components []string `yaml:"components"`
}

// LatestPatch is the newest patch release of a line that elli knows of.
type LatestPatch struct {
	Version  string `yaml:"version"`
	Released string `yaml:"released"`
}

// RoadRelease is one minor release after the release: its facts and the changes it brings.
type RoadRelease struct {
	Version  string
	Codename string
	// Released is the x.y.0 release's date; Go the Go version it was built with.
	Released, Go string
	Latest       LatestPatch
	// Support gives the line's maintenance-mode and end-of-life dates (UpgradeTo stays empty:
	// the next release on the road is the next hop).
	Support Support
	// Enhancements is how many enhancements the release counts; they are not pages here.
	Enhancements int
	Summary      Text
	Body         Text
	Keywords     []string
	KeywordsTr   WordsTr
	Links        []Link
	// Path is the release file, for error messages.
	Path string
}

// SupportStatus is where a release line stands on a given day.
type SupportStatus string

const (
	StatusSupported   SupportStatus = "supported"
	StatusMaintenance SupportStatus = "maintenance"
	StatusEnded       SupportStatus = "ended"
)

// StatusOn says where a line with these support dates stands on day: supported before its
// maintenance mode, in maintenance until its end of life, ended from that day on. Dates are
// compared as calendar days, in the day's own time zone.
func (s Support) StatusOn(day time.Time) SupportStatus {
	d := day.Format(time.DateOnly)
	switch {
	case s.EndOfLife != "" && d >= s.EndOfLife:
		return StatusEnded
	case s.MaintenanceMode != "" && d >= s.MaintenanceMode:
		return StatusMaintenance
	}
	return StatusSupported
}

// Ended reports whether the status is past the line's end of life.
func (s SupportStatus) Ended() bool { return s == StatusEnded }

// Road returns the releases after the release, in order (nil when the folder has no road).
func (d *Dataset) Road() []RoadRelease { return d.Release.Road }

// RoadRelease returns the road release of version ("v1.33", "1.33", "v1.33.4"), or nil.
func (d *Dataset) RoadRelease(version string) *RoadRelease {
	v := strings.TrimSpace(version)
	if !strings.HasPrefix(v, "v") {
		v = "v" + v
	}
	if p, err := ParseVersion(v); err == nil {
		v = MinorOf(p)
	}
	for i := range d.Release.Road {
		if d.Release.Road[i].Version == v {
			return &d.Release.Road[i]
		}
	}
	return nil
}

// RoadItems returns the changes of one road release, most urgent first.
func (d *Dataset) RoadItems(version string) []*Item {
	var out []*Item
	for _, it := range d.Items {
		if it.Road != nil && it.Road.Release == version {
			out = append(out, it)
		}
	}
	return out
}

// RoadTo returns the hops from the release up to and including target (a road release's
// version), in order; nil when target is not on the road.
func (d *Dataset) RoadTo(target string) []RoadRelease {
	rr := d.RoadRelease(target)
	if rr == nil {
		return nil
	}
	for i := range d.Release.Road {
		if d.Release.Road[i].Version == rr.Version {
			return d.Release.Road[:i+1]
		}
	}
	return nil
}

// DefaultTarget is the hop a user climbs to when they name none: the oldest release on the road
// whose line has not ended on day, or the newest one when every line has.
func (d *Dataset) DefaultTarget(day time.Time) string {
	road := d.Release.Road
	for _, r := range road {
		if !r.Support.StatusOn(day).Ended() {
			return r.Version
		}
	}
	if len(road) > 0 {
		return road[len(road)-1].Version
	}
	return ""
}

// Latest is the newest release on the road ("" without a road).
func (d *Dataset) Latest() string {
	if n := len(d.Release.Road); n > 0 {
		return d.Release.Road[n-1].Version
	}
	return ""
}

// RoadGates returns the gates removed by road items, with the item that removes each, in road
// order: the check scanner judges a gate set in a file by them.
func (d *Dataset) RoadGates() []GateRef {
	var out []GateRef
	for _, it := range d.Items {
		if it.Road == nil {
			continue
		}
		for i := range it.Gates {
			out = append(out, GateRef{Gate: it.Gates[i], Item: it})
		}
	}
	return out
}
