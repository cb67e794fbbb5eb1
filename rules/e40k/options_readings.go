package e40k

// Option ids of the readings the audit (docs/rules/e40k-status.md) found
// documented without an alternative, and of the Counterattack fate card
// of REM-CC-1. Each names the alternative to a default kept as it was;
// docs/rules/e40k.md ("Uncertain readings") explains both.
const (
	// OptAllocSeenOnly: only the target units that some firing unit sees
	// (artillery sees every unit) may be allocated hits (default: every
	// living unit of the target detachment, closest first).
	OptAllocSeenOnly = "e40k/alloc-seen-only"
	// OptSupportAnyDetachment: units of other friendly detachments within
	// 15 cm of an enemy unit of a close combat, and not in base contact
	// with one, support it too (default: only the fighting detachment's
	// own units support).
	OptSupportAnyDetachment = "e40k/support-any-detachment"
	// OptMegaCannonCover: a mega-cannon's roll against each unit under
	// its template includes the infantry terrain armour bonus (default:
	// the datasheet armour, cover ignored).
	OptMegaCannonCover = "e40k/mega-cannon-cover"
	// OptPulsarShotsCount: each shot a pulsar fires counts as one
	// super-heavy weapon for the blast markers table (default: a pulsar
	// counts as one weapon whatever it rolled).
	OptPulsarShotsCount = "e40k/pulsar-shots-count"
	// OptArmyMoraleOverHalf: an army's morale fails only once it has lost
	// more than half its units (default: half or more).
	OptArmyMoraleOverHalf = "e40k/army-morale-over-half"
	// OptOverwatchMove: a detachment on overwatch may move up to 5 cm and
	// stays on overwatch (default: it does not move).
	OptOverwatchMove = "e40k/overwatch-move"

	// OptCounterattackCard is REM-CC-1's Counterattack fate card: each
	// side holds one for the game; after the close combat or firefight
	// result dice are rolled, a side holding it that is losing or tied
	// may play it to re-roll the lower of its two dice (implies
	// OptCC2D6).
	OptCounterattackCard = "remastered/counterattack-card"
)

// OverwatchMove is how far a detachment on overwatch may move under
// OptOverwatchMove: the "5 cm" of the digest's orders line (section 2,
// "no or 5 cm move").
const OverwatchMove = 5.0

// CounterattackCards is how many Counterattack cards each side holds for
// a game under OptCounterattackCard. Seed 003 names the card but not how
// many a side has nor how they are dealt: one a side is Auspex's reading
// (docs/rules/e40k.md).
const CounterattackCards = 1

// ReadingOptions are the options of options_readings.go resolved to
// booleans; the zero value is every default reading.
type ReadingOptions struct {
	AllocSeenOnly        bool
	SupportAnyDetachment bool
	MegaCannonCover      bool
	PulsarShotsCount     bool
	ArmyMoraleOverHalf   bool
	OverwatchMove        bool
	CounterattackCard    bool
}

func readingOptionTable() []OptionInfo {
	return []OptionInfo{
		{OptAllocSeenOnly, "reading", "Only the target units that some firing unit can see (artillery sees them all) may be allocated hits; hits beyond them are wasted (default: every living unit of the target detachment, closest first, seen or not).", func(o *Options) *bool { return &o.AllocSeenOnly }},
		{OptSupportAnyDetachment, "reading", "Units of any friendly detachment within 15 cm of an enemy unit of a close combat, and not in base contact with one, support it (+1, or REM-WE-2's value; seed 003 speaks of war engines \"supporting another Detachment's Close Combat\"); default: only the fighting detachment's own units support.", func(o *Options) *bool { return &o.SupportAnyDetachment }},
		{OptMegaCannonCover, "reading", "A mega-cannon rolls against each unit under its template with the infantry terrain armour bonus included (\"ignores cover\" read as the firepower table's cover column only); default: the datasheet armour, no bonus.", func(o *Options) *bool { return &o.MegaCannonCover }},
		{OptPulsarShotsCount, "reading", "Each shot a pulsar rolls counts as one super-heavy weapon for the blast markers table (default: a pulsar counts as one weapon).", func(o *Options) *bool { return &o.PulsarShotsCount }},
		{OptArmyMoraleOverHalf, "reading", "An army's morale fails at the end of a turn only when it has lost more than half its starting units (default: half or more).", func(o *Options) *bool { return &o.ArmyMoraleOverHalf }},
		{OptOverwatchMove, "reading", "A detachment on overwatch may move up to 5 cm in the movement phase and stays on overwatch (the digest's \"no or 5 cm move\"); default: it does not move, the 5 cm being the move of special orders.", func(o *Options) *bool { return &o.OverwatchMove }},
		{OptCounterattackCard, "remastered", "REM-CC-1 Counterattack fate card: each side holds one for the game; after the close combat or firefight result dice are rolled, a side holding it that is losing or tied may play it to re-roll the lower of its two dice (implies remastered/cc-2d6; the number of cards is Auspex's reading).", func(o *Options) *bool { return &o.CounterattackCard }},
	}
}

// ArmyMoraleFails is ArmyMoraleFails under the options: more than half
// the starting units lost under OptArmyMoraleOverHalf.
func (o Options) ArmyMoraleFails(start, left int) bool {
	if o.ArmyMoraleOverHalf {
		return start > 0 && 2*(start-left) > start
	}
	return ArmyMoraleFails(start, left)
}

// Allowance is Allowance under the options: a detachment on overwatch may
// move OverwatchMove under OptOverwatchMove (outside the assault phase).
func (o Options) Allowance(p *Profile, orders string, assault bool) float64 {
	if o.OverwatchMove && !assault && orders == OrderOverwatch && p.Speed > 0 {
		return OverwatchMove
	}
	return Allowance(p, orders, assault)
}
