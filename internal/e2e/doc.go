// Package e2e holds Auspex's end-to-end window tests. They build the
// auspex binary once per run, start it under the test's X display (make
// test and make e2e run under xvfb-run) with --debug-dump, drive it with
// real X input through xdotool at pixel positions computed from the
// window's own camera (read from the dump), and check the outcome from
// outside: the drawn strings in the dump, and saved games read back with
// `auspex replay --json`.
//
// The tests skip, saying why, when DISPLAY is unset or xdotool is not
// installed. The package has no code outside its tests.
package e2e
