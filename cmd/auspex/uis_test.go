package main

import "testing"

// TestShippedUIs checks every shipped system has its play UI.
func TestShippedUIs(t *testing.T) {
	uis := shippedUIs()
	for _, sys := range shippedSystems().List() {
		if _, err := uis.For(sys.ID()); err != nil {
			t.Errorf("system %s has no play UI: %v", sys.ID(), err)
		}
	}
}
