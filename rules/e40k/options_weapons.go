package e40k

// Option ids of the special weapons, snap fire, war engine damage and
// retreat readings (digest sections 2, 8.3, 8.5). Each names the
// alternative to an uncertain default; docs/rules/e40k.md explains both.
const (
	// OptSnapFireHalf: snap fire rolls on half the firepower (rounded
	// down) instead of the full firepower of the units that snap fire.
	OptSnapFireHalf = "e40k/snap-fire-half"
	// OptDisruptD3: each disrupt hit places D3 blast markers instead of
	// one.
	OptDisruptD3 = "e40k/disrupt-d3-markers"
	// OptDistortionShields: distortion cannon hits on a war engine are
	// stopped by its shields like other hits (default: they ignore
	// shields, as the weapons-versus-titans table says).
	OptDistortionShields = "e40k/distortion-shields"
	// OptDeathRay2Plus: a Death Ray shot hits on 2+ whatever the armour
	// (the Epic Remastered wording) instead of needing the armour.
	OptDeathRay2Plus = "e40k/death-ray-2plus"
	// OptCCKillsWarEngine: a war engine that fought in base contact in a
	// close combat its side loses suffers catastrophic damage (digest 8.5
	// [?], the Remastered wording).
	OptCCKillsWarEngine = "e40k/cc-kills-war-engine"
	// OptCCDoubleAll: every unit in base contact with an enemy war engine
	// counts its assault value double in a close combat (default: only
	// units armed with close-combat weapons do; ccweapons.go).
	OptCCDoubleAll = "e40k/cc-double-all"
	// OptWarEnginesRetreat: war engines of a broken detachment retreat
	// like other units (default: war engines do not retreat, digest 8.5).
	OptWarEnginesRetreat = "e40k/war-engines-retreat"
	// OptRetreatStopsAtEdge: a retreat stops at the table edge (default:
	// a unit whose retreat takes it over the edge leaves the table and
	// counts as destroyed).
	OptRetreatStopsAtEdge = "e40k/retreat-stops-at-edge"
)

// WeaponOptions are the options of options_weapons.go resolved to
// booleans; the zero value is every default reading.
type WeaponOptions struct {
	SnapFireHalf       bool
	DisruptD3          bool
	DistortionShields  bool
	DeathRay2Plus      bool
	CCKillsWarEngine   bool
	CCDoubleAll        bool
	WarEnginesRetreat  bool
	RetreatStopsAtEdge bool
}

func weaponOptionTable() []OptionInfo {
	return []OptionInfo{
		{OptSnapFireHalf, "reading", "Snap fire (E40K-CMD-1, Q&A 8.3) rolls on half the firepower of the units that snap fire, rounded down (default: their full firepower, against armour as normal).", func(o *Options) *bool { return &o.SnapFireHalf }},
		{OptDisruptD3, "reading", "Each disrupt hit places D3 blast markers on the target (default: one); disrupt never destroys units.", func(o *Options) *bool { return &o.DisruptD3 }},
		{OptDistortionShields, "reading", "Distortion cannon hits on a war engine are stopped by its shields like other hits (default: they ignore shields, as the weapons-versus-titans table has it).", func(o *Options) *bool { return &o.DistortionShields }},
		{OptDeathRay2Plus, "reading", "A Death Ray shot hits on 2+ whatever the armour (Epic Remastered wording; default: it needs the armour of the unit it goes to).", func(o *Options) *bool { return &o.DeathRay2Plus }},
		{OptCCKillsWarEngine, "reading", "A war engine that fought in base contact in a close combat its side loses suffers catastrophic damage (digest 8.5 [?]; default: it only takes its hits).", func(o *Options) *bool { return &o.CCKillsWarEngine }},
		{OptCCDoubleAll, "reading", "Every unit in base contact with an enemy war engine counts its assault value double in a close combat (the digest 8.5 line read without \"armed with\"; default: only units armed with close-combat weapons, the Epic Remastered wording).", func(o *Options) *bool { return &o.CCDoubleAll }},
		{OptWarEnginesRetreat, "reading", "War engines of a broken detachment retreat like other units (default: war engines do not retreat, digest 8.5).", func(o *Options) *bool { return &o.WarEnginesRetreat }},
		{OptRetreatStopsAtEdge, "reading", "A retreat stops at the table edge (default: a unit whose retreat takes it over the table edge leaves the table and counts as destroyed).", func(o *Options) *bool { return &o.RetreatStopsAtEdge }},
	}
}
