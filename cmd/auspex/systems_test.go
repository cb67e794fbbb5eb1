package main

import "testing"

// TestShippedSystems checks the registry builds and plays ATII.
func TestShippedSystems(t *testing.T) {
	r := shippedSystems()
	if _, err := r.ByID("atii"); err != nil {
		t.Fatalf("ATII is not registered: %v", err)
	}
}
