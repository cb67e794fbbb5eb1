package e40k

// Option ids of the readings of titans inside E40K battles that the seeds
// leave open (seed 002's integration section; seed 001 for overwatch and
// bombardment). Each names the alternative to the default reading;
// docs/rules/e40k.md ("Uncertain readings") explains both.
const (
	// OptOverwatchTitanNoReroll: overwatch fire at a titan rolls its ATII
	// to-hit dice once, with no re-roll of misses (default: the overwatch
	// orders' re-roll applies to the missed to-hit dice).
	OptOverwatchTitanNoReroll = "e40k/overwatch-titans-no-reroll"
	// OptBombardUnseenTitanCover: artillery firing at a titan it cannot
	// see counts the titan as half or more hidden (-1 to hit, ATII-SHT-4;
	// default: no sight is needed and no penalty taken, E40K-ART-1).
	OptBombardUnseenTitanCover = "e40k/bombard-unseen-titan-cover"
	// OptFlyersTitanFront: a flyers' ground attack on a titan strikes its
	// front quadrant (default: its rear quadrant, the flyers choosing
	// where to come in).
	OptFlyersTitanFront = "e40k/flyers-titan-front"
	// OptWarEngineTitanCCAny: any war engine may assault a titan, not only
	// those armed with close-combat weapons (default: the seed's
	// exception covers war engines armed with close-combat weapons only).
	OptWarEngineTitanCCAny = "e40k/war-engine-titan-cc-any"
)

// TitanOptions are the options of options_titans.go resolved to
// booleans; the zero value is every default reading.
type TitanOptions struct {
	OverwatchTitanNoReroll  bool
	BombardUnseenTitanCover bool
	FlyersTitanFront        bool
	WarEngineTitanCCAny     bool
}

func titanOptionTable() []OptionInfo {
	return []OptionInfo{
		{OptOverwatchTitanNoReroll, "reading", "Overwatch fire at a titan rolls its ATII to-hit dice once (default: the overwatch re-roll of misses applies to the ATII to-hit dice that missed).", func(o *Options) *bool { return &o.OverwatchTitanNoReroll }},
		{OptBombardUnseenTitanCover, "reading", "Artillery firing at a titan it cannot see counts it as half or more hidden, -1 to hit (ATII-SHT-4; default: artillery needs no sight, E40K-ART-1, and takes no penalty).", func(o *Options) *bool { return &o.BombardUnseenTitanCover }},
		{OptFlyersTitanFront, "reading", "A flyers' ground attack on a titan strikes its front quadrant (default: its rear quadrant: flyers on a ground attack choose where they come in).", func(o *Options) *bool { return &o.FlyersTitanFront }},
		{OptWarEngineTitanCCAny, "reading", "Any E40K war engine may assault a titan (default: only war engines armed with close-combat weapons, seed 002's exception); a titan may assault any war engine either way.", func(o *Options) *bool { return &o.WarEngineTitanCCAny }},
	}
}
