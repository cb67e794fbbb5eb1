package e40k

// Option ids of the uncertain readings of the war engines' critical
// damage procedure (critical.go); docs/rules/e40k.md ("Uncertain
// readings") explains both sides of each.
const (
	// OptCritOncePerAttack: a war engine that loses damage capacity to
	// one attack (a volley, a close combat, a hit) rolls once on its
	// critical damage table, however many points it lost (default: once
	// per point lost).
	OptCritOncePerAttack = "e40k/crit-once-per-attack"
	// OptCritFireRolls: the point of damage a fire deals in the rally
	// phase rolls on the critical damage table like a hit's (default: it
	// rolls nothing, as the table's extra points do not).
	OptCritFireRolls = "e40k/crit-fire-rolls"
)

// CritOptions are the options of options_crit.go resolved to booleans;
// the zero value is every default reading.
type CritOptions struct {
	CritOncePerAttack bool
	CritFireRolls     bool
}

func critOptionTable() []OptionInfo {
	return []OptionInfo{
		{OptCritOncePerAttack, "reading", "A war engine that loses damage capacity to one attack rolls once on its 2D6 critical damage table whatever the points lost (default: one roll per point of damage capacity lost to a hit that got through its shields).", func(o *Options) *bool { return &o.CritOncePerAttack }},
		{OptCritFireRolls, "reading", "The point of damage each burning fire deals at the end of the rally phase rolls on the critical damage table as a hit's would (default: fire damage, like the table's extra points, rolls nothing).", func(o *Options) *bool { return &o.CritFireRolls }},
	}
}
