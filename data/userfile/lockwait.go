package userfile

import "time"

// LockBound is how long a write waits for the lock that another elli holds before it gives
// up: a write holds it for milliseconds, so one held longer is a process that is stuck, or a
// folder that something else keeps locked.
var LockBound = 10 * time.Second

// lockPoll is how often a waiting write tries the lock again.
const lockPoll = 50 * time.Millisecond

// waitFor takes a lock through try (which reports false while another holds it), calling
// waiting once if it has to wait, for at most LockBound.
func waitFor(path string, waiting func(), try func() (bool, error)) error {
	ok, err := try()
	if err != nil || ok {
		return err
	}
	if waiting != nil {
		waiting()
	}
	for end := time.Now().Add(LockBound); time.Now().Before(end); {
		time.Sleep(lockPoll)
		if ok, err = try(); err != nil || ok {
			return err
		}
	}
	return Problemf("another elli process has held the write lock on %s's folder for %s: if none is running, something else locks that folder", path, LockBound)
}
