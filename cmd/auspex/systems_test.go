package main

import "testing"

// TestShippedSystems checks the registry builds and plays ATII and E40K.
func TestShippedSystems(t *testing.T) {
	r := shippedSystems()
	for _, id := range []string{"atii", "e40k"} {
		if _, err := r.ByID(id); err != nil {
			t.Fatalf("%s is not registered: %v", id, err)
		}
	}
}
