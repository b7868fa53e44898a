// Package notices writes the licence notices that elli's release archives and packages carry:
// THIRD_PARTY_NOTICES (every licence and NOTICE file of every module linked into a release
// binary, with the Go standard library's) and packaging/copyright (the Debian machine-readable
// copyright file, one stanza per module). Both are derived from the module graph of the builds
// .goreleaser.yaml declares (each main package on each goos/goarch), read with `go list -deps`
// from the module cache, so a dependency someone adds is listed the next time `go generate`
// runs, and one whose licence it cannot name stops the run (and TestNoticesAreCurrent).
//
// Data flows one way: .goreleaser.yaml → Builds → Modules (go list, module cache) → Classify
// → the two files.
package notices

//go:generate go run ./gen -root ../..

// The files the generator writes, relative to the repository's root.
const (
	NoticesFile   = "THIRD_PARTY_NOTICES"
	CopyrightFile = "packaging/copyright"
)
