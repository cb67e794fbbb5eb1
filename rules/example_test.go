package rules_test

import (
	"fmt"

	"github.com/auspex/auspex/rules"
)

// A Reaver's Gatling Blaster (RoF 4) at a target in cover: each die needs a
// natural 5+ (ATII-SHT-4: Gunnery 4+, -1 cover). Chance of each number of
// hits, and of at least one.
func ExampleSuccesses() {
	hits := rules.Successes(4, 6, 5)
	for _, c := range hits.Table() {
		fmt.Printf("%d hits: %.3f\n", c.V, c.P)
	}
	fmt.Printf("at least one: %.3f\n", hits.AtLeast(1))
	// Output:
	// 0 hits: 0.198
	// 1 hits: 0.395
	// 2 hits: 0.296
	// 3 hits: 0.099
	// 4 hits: 0.012
	// at least one: 0.802
}

// The dice of a command depend only on the game seed and the command's
// index, so a replay rolls them again exactly.
func ExampleNewSeededDice() {
	a := rules.NewSeededDice(2026, 7).Roll(rules.Roll{Purpose: "to hit", Sides: 6}, 5)
	b := rules.NewSeededDice(2026, 7).Roll(rules.Roll{Purpose: "to hit", Sides: 6}, 5)
	fmt.Println(fmt.Sprint(a) == fmt.Sprint(b))
	// Output: true
}
