package atii

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// Aim is the declared aim of a shot (ATII-SHT-2, ATII-SHT-3).
type Aim string

// Aims. AimNone (no location modifier) is for attacks that are not aimed:
// close combat, explosions, and non-titan units in mixed games.
const (
	AimNone Aim = ""
	AimHigh Aim = "high"
	AimLow  Aim = "low"
)

// Mod returns the location roll modifier: +1 high, -1 low.
func (a Aim) Mod() int {
	switch a {
	case AimHigh:
		return 1
	case AimLow:
		return -1
	}
	return 0
}

// ParseAim reads "high", "low" or "" (none).
func ParseAim(s string) (Aim, error) {
	switch Aim(s) {
	case AimNone, AimHigh, AimLow:
		return Aim(s), nil
	}
	return AimNone, fmt.Errorf("aim %q: want high or low", s)
}

// CheckAim enforces ATII-SHT-3: a titan whose legs are hidden by cover may
// not be aimed at low; one of which only the legs can be seen must be aimed
// at high. Shots at titans must declare high or low.
func CheckAim(aim Aim, legsHidden, onlyLegsVisible bool) error {
	switch aimBar(aim, legsHidden, onlyLegsVisible) {
	case aimUndeclared:
		return fmt.Errorf("declare whether the shot is aimed high or low")
	case aimLegsHidden:
		return fmt.Errorf("the target's legs are hidden by cover: may not aim low")
	case aimOnlyLegs:
		return fmt.Errorf("only the target's legs can be seen: must aim high")
	case aimUnknown:
		return fmt.Errorf("aim %q: want high or low", aim)
	}
	return nil
}

// What bars an aim (CheckAim's cases, in its order).
const (
	aimAllowed = iota
	aimUndeclared
	aimLegsHidden
	aimOnlyLegs
	aimUnknown
)

// aimBar is CheckAim without the error text: aimAllowed or what bars it.
func aimBar(aim Aim, legsHidden, onlyLegsVisible bool) int {
	switch {
	case aim == AimNone:
		return aimUndeclared
	case aim == AimLow && legsHidden:
		return aimLegsHidden
	case aim == AimLow && onlyLegsVisible:
		return aimOnlyLegs
	case aim != AimHigh && aim != AimLow:
		return aimUnknown
	}
	return aimAllowed
}

// LegsScreenShare is the share of sight lines passing through
// cover-giving terrain from which that terrain screens a titan's legs.
const LegsScreenShare = 0.5

// LegsHidden reads ATII-SHT-3's "legs hidden by cover" from a line of
// sight: the target counts as in cover (half or more hidden), and the
// cover is low terrain at or before its feet, either because it stands in
// cover-giving terrain or because at least LegsScreenShare of the sight
// lines reach it through cover-giving terrain (a wood in between). Terrain
// that blocks lines outright (a building's corner) hides a slice of the
// titan from top to bottom, not its legs, so cover made only by blocked
// lines leaves the legs in view.
//
// The rule's other case, "all you can see are the legs" (must aim high),
// needs something that hides a titan's upper body but not its legs. Every
// terrain feature on an Auspex table rises from the ground, so the table
// never produces it; ShotSetup.OnlyLegsVisible stays an input for hand-
// measured situations (auspex odds --only-legs).
func LegsHidden(v world.LOSVerdict, standsInCover bool, obscuredShare float64) bool {
	return v == world.LOSCover && (standsInCover || obscuredShare >= LegsScreenShare-1e-9)
}

// LegsHeightShare is the share of a titan's height, from the ground up,
// read as its legs for ATII-SHT-3 when sight heights are in play (Auspex's
// reading: the legs of the Warhound, Reaver and Warlord models are about
// the lower third of them).
const LegsHeightShare = 1.0 / 3

// LegsHiddenByHeight reads ATII-SHT-3's "legs hidden by cover" when titans
// see over terrain by height: the target stands in cover-giving terrain, or
// terrain screens its legs (the lower LegsHeightShare of it) across at least
// LegsScreenShare of its width (lowHidden, world.LOSResult.LowHidden). A
// wood in front of a Reaver hides its legs without hiding half of it: no
// aiming low, but no cover modifier either.
func LegsHiddenByHeight(standsInCover bool, lowHidden float64) bool {
	return standsInCover || lowHidden >= LegsScreenShare-1e-9
}

// Mod is one to-hit modifier with its explanation.
type Mod struct {
	Text  string `json:"text"`
	Value int    `json:"value"`
}

// ToHitNumber is a roll to hit explained: the base score, each modifier,
// and the modified score a die must reach. A natural 1 always fails and a
// natural 6 always hits (ATII-SHT-4).
type ToHitNumber struct {
	Base     int    `json:"base"`
	BaseText string `json:"base_text"`
	Mods     []Mod  `json:"mods,omitempty"`
	// Need is the modified score (Base - sum of modifiers); it may be
	// below 2 or above 6, the rule of one and six still applies.
	Need int `json:"need"`
	// AutoMiss is set when the shot cannot hit (out of range);
	// AutoHit when it needs no roll (Haywire missile).
	AutoMiss bool   `json:"auto_miss,omitempty"`
	AutoHit  bool   `json:"auto_hit,omitempty"`
	Reason   string `json:"reason,omitempty"`
	// P is the chance one die hits.
	P float64 `json:"p"`
}

// Explain renders the breakdown for the roll log: "base 4+", "+1 firer
// stationary"...
func (t ToHitNumber) Explain() []string {
	out := []string{t.BaseText}
	for _, m := range t.Mods {
		out = append(out, fmt.Sprintf("%+d %s", m.Value, m.Text))
	}
	if t.AutoMiss {
		out = append(out, "automatic miss: "+t.Reason)
	}
	return out
}

// rollMods is t's breakdown for a roll's record (Explain), nil when d is a
// quiet engine's tray, which keeps no record.
func rollMods(d rules.Dice, t ToHitNumber) []string {
	if rules.Quiet(d) {
		return nil
	}
	return t.Explain()
}

// Short is the number alone, for a label on the table: "4+", "no hit",
// "auto hit".
func (t ToHitNumber) Short() string {
	switch {
	case t.AutoMiss:
		return "no hit"
	case t.AutoHit:
		return "auto hit"
	case t.Need <= 2:
		return "2+"
	case t.Need > 6:
		return "6"
	}
	return fmt.Sprintf("%d+", t.Need)
}

// String is a one-line summary: "4+ (Gunnery 4+, +1 firer not yet moved)".
func (t ToHitNumber) String() string {
	switch {
	case t.AutoMiss:
		return "no hit possible: " + t.Reason
	case t.AutoHit:
		return "hits automatically"
	}
	s := fmt.Sprintf("%s (%s", needText(t.Need), t.BaseText)
	for _, m := range t.Mods {
		s += fmt.Sprintf(", %+d %s", m.Value, m.Text)
	}
	return s + ")"
}

func needText(n int) string {
	switch {
	case n <= 2:
		return "2+ (natural 1 fails)"
	case n > 6:
		return "6 (natural 6 only)"
	}
	return fmt.Sprintf("%d+", n)
}

// HitProb is the chance one D6 hits a modified score with the rule of one
// and six: faces 2..5 hit when >= need, a 6 always hits, a 1 never does.
func HitProb(need int) float64 {
	n := 1
	for f := 2; f <= 5; f++ {
		if f >= need {
			n++
		}
	}
	return float64(n) / 6
}

// dieHits applies the rule of one and six to a natural face.
func dieHits(face, need int) bool {
	switch face {
	case 1:
		return false
	case 6:
		return true
	}
	return face >= need
}

// PointBlankRange is the range (cm) within which point-blank fire uses CCS.
const PointBlankRange = 15

// RapidTarget is the distance (cm) a target must have moved this turn to
// count as rapidly moving.
const RapidTarget = 20

// AgileMan is the Man from which a target counts as agile.
const AgileMan = 3

// ShotSetup is one weapon firing at one titan, as the caller measured it.
type ShotSetup struct {
	Attacker      *catalog.Unit
	AttackerID    string
	AttackerState TitanState
	// Mount is the attacker's mount firing Weapon.
	Mount  string
	Weapon *catalog.Weapon

	Target      *catalog.Unit
	TargetID    string
	TargetState TitanState

	// Range is the measured distance in cm.
	Range float64
	// InArc: the target is in the mount's fire arc; Visible: there is a
	// line of sight (ATII-SHT-2).
	InArc, Visible bool
	// Cover: at least half the target is out of sight.
	Cover bool
	// LegsHidden: the legs are hidden by cover; OnlyLegsVisible: nothing
	// but the legs can be seen (ATII-SHT-3).
	LegsHidden, OnlyLegsVisible bool
	// Hit is the target's quadrant the shot comes from and the attacker's
	// side relative to the target (ATII-SHT-5).
	Hit HitContext

	// FirerMoved and TargetMoved: whether each has moved yet this turn;
	// TargetMovedCM how far the target moved.
	FirerMoved, TargetMoved bool
	TargetMovedCM           float64

	Aim Aim
	// Overload is the RoF given up to overload a plasma weapon (+2 Str
	// each).
	Overload int

	// FirerInCC and TargetInCC: either is in close combat; CCOpponent:
	// the target is the firer's close combat opponent.
	FirerInCC, TargetInCC, CCOpponent bool
	// PointBlank asks for point-blank fire (advanced rule).
	PointBlank bool
	// MergedShields are working shields pooled from titans in base
	// contact with the target (advanced rule).
	MergedShields int
	// OverloadShields: the target's player overloads each shield knocked
	// down (advanced rule).
	OverloadShields bool
	// RerollMisses re-rolls the to-hit dice that missed, once: not an ATII
	// rule, but the overwatch orders' benefit of an E40K detachment firing
	// at a titan inside an E40K battle (seed 001, seed 002).
	RerollMisses bool
}

func (sh *ShotSetup) units() []string {
	return []string{sh.AttackerID, sh.TargetID}
}

// ToHit works out the to-hit roll (ATII-SHT-1, ATII-SHT-2, ATII-SHT-4):
// base Gunnery (CCS for point-blank fire within 15 cm), +1 target not yet
// moved, +1 firer not yet moved, -1 target moved 20 cm or more, -1 cover,
// -1 target Man 3+, weapon accuracy. Out of range is an automatic miss.
// Support missiles always hit on 2+; Haywire missiles need no roll.
// Errors: the weapon may not fire (damage, orders, spent missile), no arc
// or line of sight, close combat restrictions, a bad aim.
func ToHit(sh ShotSetup, opts Options) (ToHitNumber, error) { return toHit(sh, opts, true) }

// toHitP is ToHit for a caller that reads only the number, the odds and
// the error (Legal, a fire command's check): the same errors, Need, P and
// AutoMiss, but no texts and no list of modifiers.
func toHitP(sh ShotSetup, opts Options) (ToHitNumber, error) { return toHit(sh, opts, false) }

func toHit(sh ShotSetup, opts Options, texts bool) (ToHitNumber, error) {
	var t ToHitNumber
	if sh.Attacker == nil || sh.Target == nil || sh.Weapon == nil {
		return t, fmt.Errorf("shot needs an attacker, a weapon and a target")
	}
	w := sh.Weapon
	if w.Kind == catalog.CloseCombat {
		return t, fmt.Errorf("%s is a close combat weapon", w.Name)
	}
	if err := CanFire(sh.Attacker, sh.AttackerState, sh.Mount, w); err != nil {
		return t, err
	}
	if sh.TargetState.Destroyed {
		return t, fmt.Errorf("target %s is destroyed", sh.TargetID)
	}
	if !sh.InArc {
		return t, fmt.Errorf("target %s is outside the fire arc of the %s", sh.TargetID, w.Name)
	}
	if !sh.Visible {
		return t, fmt.Errorf("no line of sight to %s", sh.TargetID)
	}
	pointBlank := opts.PointBlank && sh.PointBlank && sh.Range <= PointBlankRange+eps
	switch {
	case sh.PointBlank && !opts.PointBlank:
		return t, fmt.Errorf("point-blank fire is an advanced rule (%s)", OptPointBlank)
	case sh.PointBlank && !pointBlank:
		return t, fmt.Errorf("point-blank fire needs the target within %d cm (%.1f cm)", PointBlankRange, sh.Range)
	case sh.FirerInCC && !(pointBlank && sh.CCOpponent):
		return t, fmt.Errorf("a titan in close combat cannot fire (except point-blank at its opponent, %s)", OptPointBlank)
	case sh.TargetInCC && !sh.CCOpponent && !opts.ShootIntoCC:
		return t, fmt.Errorf("titans in close combat cannot be targeted (%s allows it)", OptShootIntoCC)
	}
	if err := CheckAim(sh.Aim, sh.LegsHidden, sh.OnlyLegsVisible); err != nil {
		return t, err
	}
	if sh.Overload != 0 {
		rof, err := ParseDice(sheet.WeaponOf(w).RoF)
		if err != nil {
			return t, fmt.Errorf("%s RoF: %w", w.Name, err)
		}
		switch {
		case !w.HasSpecial("overload"):
			return t, fmt.Errorf("%s cannot be overloaded", w.Name)
		case sh.Overload < 0 || rof.N > 0 || sh.Overload >= rof.Plus:
			return t, fmt.Errorf("%s: may give up 1..%d RoF to overload, not %d", w.Name, rof.Plus-1, sh.Overload)
		}
	}
	if w.HasSpecial("haywire") {
		t.AutoHit, t.BaseText, t.P = true, "haywire missile: D3+1 automatic hits", 1
		return t, nil
	}
	if !w.Unlimited && sh.Range > w.Range+eps {
		t.AutoMiss = true
		if texts {
			t.Reason = fmt.Sprintf("out of range (%.1f cm, %s reaches %.0f cm)", sh.Range, w.Name, w.Range)
		}
	}
	if w.HasSpecial("hits-on-2") {
		t.Base, t.BaseText, t.Need = 2, "support missile: always 2+", 2
		if t.AutoMiss {
			t.P = 0
		} else {
			t.P = HitProb(2)
		}
		return t, nil
	}
	if !texts {
		t.Base = sheet.Of(sh.Attacker).Gunnery
		if pointBlank {
			t.Base = sheet.Of(sh.Attacker).CCSkill
		}
		t.Need = t.Base - hitMods(sh, w)
		if !t.AutoMiss {
			t.P = HitProb(t.Need)
		}
		return t, nil
	}
	t.Base, t.BaseText = sheet.Of(sh.Attacker).Gunnery, "Gunnery "+strconv.Itoa(sheet.Of(sh.Attacker).Gunnery)+"+"
	if pointBlank {
		t.Base, t.BaseText = sheet.Of(sh.Attacker).CCSkill, "point-blank: CCS "+strconv.Itoa(sheet.Of(sh.Attacker).CCSkill)+"+"
	}
	if !sh.TargetMoved {
		t.Mods = append(t.Mods, Mod{"target not yet moved", 1})
	} else if sh.TargetMovedCM >= RapidTarget-eps {
		t.Mods = append(t.Mods, Mod{"target moved " + strconv.FormatFloat(sh.TargetMovedCM, 'f', 0, 64) + " cm", -1})
	}
	if !sh.FirerMoved {
		t.Mods = append(t.Mods, Mod{"firer not yet moved", 1})
	}
	if sh.Cover {
		t.Mods = append(t.Mods, Mod{"target half or more hidden", -1})
	}
	if sheet.Of(sh.Target).Man >= AgileMan {
		t.Mods = append(t.Mods, Mod{"agile target (Man " + strconv.Itoa(sheet.Of(sh.Target).Man) + ")", -1})
	}
	if sheet.WeaponOf(w).Acc != 0 {
		t.Mods = append(t.Mods, Mod{"weapon accuracy", sheet.WeaponOf(w).Acc})
	}
	t.Need = t.Base
	for _, m := range t.Mods {
		t.Need -= m.Value
	}
	if !t.AutoMiss {
		t.P = HitProb(t.Need)
	}
	return t, nil
}

// hitMods is the sum of the to-hit modifiers toHit lists (keep the two in
// step; TestToHitPMatchesToHit checks them).
func hitMods(sh ShotSetup, w *catalog.Weapon) int {
	m := 0
	if !sh.TargetMoved {
		m++
	} else if sh.TargetMovedCM >= RapidTarget-eps {
		m--
	}
	if !sh.FirerMoved {
		m++
	}
	if sh.Cover {
		m--
	}
	if sheet.Of(sh.Target).Man >= AgileMan {
		m--
	}
	return m + sheet.WeaponOf(w).Acc
}

// HitSpec is how the hits of one attack resolve against a titan.
type HitSpec struct {
	// Str is the strength; StrDice is added to it on every damage roll
	// (Vortex missile).
	Str     int      `json:"str"`
	StrDice DiceExpr `json:"str_dice,omitempty"`
	// AimMod is the location roll modifier (+1 high, -1 low).
	AimMod int `json:"aim_mod,omitempty"`
	// MinCracked: a titan hit is at least Armour Cracked (Quake cannon,
	// Mega cannon).
	MinCracked bool `json:"min_cracked,omitempty"`
	// Haywire: each hit knocks a shield down with no roll, or inflicts
	// Superficial damage where it lands.
	Haywire bool `json:"haywire,omitempty"`
	// IgnoreShields: hits go straight to the titan (Warp missile, close
	// combat, point-blank at a close combat opponent).
	IgnoreShields bool `json:"ignore_shields,omitempty"`
	// OverloadShields: the defender overloads each shield knocked down.
	OverloadShields bool `json:"overload_shields,omitempty"`
	// Source names the weapon for the log.
	Source string `json:"source"`
}

// HitRoll is the first half of a shot: the dice to hit.
type HitRoll struct {
	ToHit ToHitNumber `json:"to_hit"`
	// RoF is the rate of fire used (after overload, rolled for a Rocket
	// Launcher).
	RoF   int   `json:"rof"`
	Faces []int `json:"faces,omitempty"`
	// Rerolled are the faces of the missed dice re-rolled (RerollMisses).
	Rerolled []int `json:"rerolled,omitempty"`
	// Hits counts the hits including extra ones (Inferno, Plasma missile).
	Hits int     `json:"hits"`
	Spec HitSpec `json:"spec"`
	// AttackerState is the attacker after firing (missile spent).
	AttackerState TitanState `json:"attacker_state"`
}

// hitSpec builds the HitSpec of a legal shot.
func hitSpec(sh ShotSetup, opts Options) HitSpec {
	w := sh.Weapon
	sp := HitSpec{Str: sheet.WeaponOf(w).Str + 2*sh.Overload, AimMod: sh.Aim.Mod(), Source: w.Name, OverloadShields: sh.OverloadShields && opts.OverloadShields}
	if w.HasSpecial("vortex") {
		sp.StrDice = DiceExpr{N: 1, Sides: 6}
		if opts.Vortex2D6 {
			sp.StrDice.N = 2
		}
	}
	sp.MinCracked = w.HasSpecial("quake") || w.HasSpecial("mega-cannon")
	sp.Haywire = w.HasSpecial("haywire")
	pointBlankCC := opts.PointBlank && sh.PointBlank && (sh.CCOpponent || opts.PointBlankShieldsAlways)
	sp.IgnoreShields = w.HasSpecial("ignores-shields") || pointBlankCC
	return sp
}

// rofExpr is the weapon's rate of fire after overloading.
func rofExpr(sh ShotSetup) (DiceExpr, error) {
	e, err := ParseDice(sheet.WeaponOf(sh.Weapon).RoF)
	if err != nil {
		return e, fmt.Errorf("%s RoF: %w", sh.Weapon.Name, err)
	}
	e.Plus -= sh.Overload
	return e, nil
}

// RollHits rolls to hit (ToHit, then one D6 per RoF; the misses once more
// with RerollMisses) and adds the extra
// hits of weapon specials: Inferno +D3 per hit, Plasma missile D6+2 hits
// on a hit, Haywire D3+1 automatic hits, Rocket Launcher RoF rolled each
// time (D6), plasma overload (RoF given up for +2 Str each). A once-per-
// battle missile is marked spent.
func RollHits(sh ShotSetup, opts Options, d rules.Dice) (HitRoll, error) {
	t, err := ToHit(sh, opts)
	if err != nil {
		return HitRoll{}, err
	}
	w := sh.Weapon
	hr := HitRoll{ToHit: t, Spec: hitSpec(sh, opts), AttackerState: sh.AttackerState.Clone()}
	if w.HasSpecial("once-per-battle") {
		hr.AttackerState.MissilesSpent = append(hr.AttackerState.MissilesSpent, sh.Mount)
		sort.Strings(hr.AttackerState.MissilesSpent)
	}
	units := sh.units()
	if t.AutoHit {
		n, _, err := DiceExpr{N: 1, Sides: 3, Plus: 1}.Roll(d, rules.Roll{Purpose: w.Name + ": automatic hits (D3+1)", Units: units})
		if err != nil {
			return hr, err
		}
		hr.RoF, hr.Hits = 1, n
		return hr, nil
	}
	rof, err := rofExpr(sh)
	if err != nil {
		return hr, err
	}
	if t.AutoMiss {
		hr.RoF = rof.Plus
		return hr, nil
	}
	hr.RoF, _, err = rof.Roll(d, rules.Roll{Purpose: w.Name + ": rate of fire (" + rof.String() + ")", Units: units})
	if err != nil {
		return hr, err
	}
	hr.Faces, err = rollDice(d, rules.Roll{Purpose: "to hit: " + w.Name, Sides: 6, Target: max(2, min(6, t.Need)), Mods: rollMods(d, t), Units: units}, hr.RoF)
	if err != nil {
		return hr, err
	}
	faces := hr.Faces
	if sh.RerollMisses {
		missed := 0
		for _, f := range hr.Faces {
			if !dieHits(f, t.Need) {
				missed++
			}
		}
		hr.Rerolled, err = rollDice(d, rules.Roll{Purpose: "to hit: " + w.Name + ": misses re-rolled", Sides: 6, Target: max(2, min(6, t.Need)), Mods: rollMods(d, t), Units: units}, missed)
		if err != nil {
			return hr, err
		}
		faces = append(append([]int(nil), hr.Faces...), hr.Rerolled...)
	}
	for _, f := range faces {
		if !dieHits(f, t.Need) {
			continue
		}
		hr.Hits++
		switch {
		case w.HasSpecial("inferno"):
			x, _, err := DiceExpr{N: 1, Sides: 3}.Roll(d, rules.Roll{Purpose: w.Name + ": extra hits (D3)", Units: units})
			if err != nil {
				return hr, err
			}
			hr.Hits += x
		case w.HasSpecial("plasma-missile"):
			x, _, err := DiceExpr{N: 1, Sides: 6, Plus: 2}.Roll(d, rules.Roll{Purpose: w.Name + ": hits (D6+2)", Units: units})
			if err != nil {
				return hr, err
			}
			hr.Hits += x - 1
		}
	}
	return hr, nil
}

// HitResult is one hit resolved against a titan.
type HitResult struct {
	// Shield is set when the hit struck a void shield; ShieldDown when it
	// knocked one down (Partner when the shield was a merged partner's);
	// Overload holds the overload roll (0 when none).
	Shield     bool `json:"shield,omitempty"`
	ShieldDown bool `json:"shield_down,omitempty"`
	Partner    bool `json:"partner,omitempty"`
	Overload   int  `json:"overload,omitempty"`
	// LocRoll is the modified location roll, Row the table row, Loc the
	// location hit (mount id for weapons).
	LocRoll int          `json:"loc_roll,omitempty"`
	Row     sheet.HitRow `json:"row"`
	Loc     string       `json:"loc,omitempty"`
	// DamRoll is the D6 (plus Str dice) and Margin D6+Str-Armour.
	DamRoll int `json:"dam_roll,omitempty"`
	Margin  int `json:"margin"`
	// Result is the damage table result, Before/After the location's
	// level around it.
	Result  Level    `json:"result"`
	Before  Level    `json:"before"`
	After   Level    `json:"after"`
	Effects []Effect `json:"effects,omitempty"`
	// Skipped is set when the titan was already destroyed.
	Skipped bool `json:"skipped,omitempty"`
}

// HitsOutcome is the result of resolving hits on one titan.
type HitsOutcome struct {
	Hits []HitResult `json:"hits"`
	// ShieldsDown and PartnerShieldsDown count shields knocked down on the
	// target and on merged partners.
	ShieldsDown        int        `json:"shields_down"`
	PartnerShieldsDown int        `json:"partner_shields_down,omitempty"`
	State              TitanState `json:"state"`
}

// TitanHits counts the hits resolved against the titan itself.
func (h HitsOutcome) TitanHits() int {
	n := 0
	for _, x := range h.Hits {
		if !x.Shield {
			n++
		}
	}
	return n
}

// ResolveHits resolves n hits on titan u one at a time (ATII-SHT-5..7):
// while any void shield is up (its own or merged partners', the target's
// own knocked down first) a hit is resolved against a shield of armour 8
// whatever the direction, and knocks it down on D6+Str-8 >= 1 (a Haywire
// hit always does); otherwise roll a D6 for location (+1 high, -1 low, on
// the table for the direction) and D6+Str-Armour on the damage table, with
// escalation and damage effects (ApplyDamage). Quake/Mega cannon hits are
// at least Armour Cracked; Haywire hits are Superficial. With overloading
// (advanced rule) each shield knocked down rolls a D6: 3+ it stays up, 1-2
// every generator blows for the battle (Catastrophic generator damage).
func ResolveHits(u *catalog.Unit, id string, s TitanState, n int, spec HitSpec, partnerShields int, hc HitContext, opts Options, d rules.Dice) (HitsOutcome, error) {
	out := HitsOutcome{State: s.Clone()}
	st := &out.State
	// A quiet game (search) logs no roll: its purposes and units are not
	// formatted (the dice drawn are the same).
	quiet := rules.Quiet(d)
	var units []string
	if !quiet {
		units = []string{id}
	}
	purpose := func(format string, args ...any) string {
		if quiet {
			return ""
		}
		return fmt.Sprintf(format, args...)
	}
	partner := partnerShields
	for i := 0; i < n; i++ {
		var h HitResult
		if st.Destroyed {
			h.Skipped = true
			out.Hits = append(out.Hits, h)
			continue
		}
		own := st.ShieldsUp(u)
		if !spec.IgnoreShields && own+partner > 0 {
			h.Shield = true
			drop := spec.Haywire
			if !drop {
				r := rules.Roll{}
				if !quiet {
					r = shieldRoll(spec, opts, units)
				}
				v, err := strRoll(spec, d, r)
				if err != nil {
					return out, err
				}
				h.DamRoll = v
				h.Margin = v + spec.Str - ShieldArmour
				drop = shieldDrops(h.Margin, opts)
			}
			if drop && spec.OverloadShields {
				f, err := rollOne(d, rules.Roll{Purpose: "overload void shield (3+ stays up, 1-2 all generators blow)", Sides: 6, Target: 3, Units: units})
				if err != nil {
					return out, err
				}
				h.Overload = f
				if f >= 3 {
					drop = false
				} else if own > 0 {
					st.VSG = Catastrophic
					lost := st.loseShields(u, sheet.Of(u).VoidShields)
					h.Effects = append(h.Effects, Effect{Kind: "shields-lost", Loc: LocVSG, N: lost, Text: "overloaded void shields blow: every generator lost for the battle"})
					out.Hits = append(out.Hits, h)
					continue
				}
			}
			if drop {
				h.ShieldDown = true
				if own > 0 {
					st.ShieldsDown++
					out.ShieldsDown++
				} else {
					h.Partner = true
					partner--
					out.PartnerShieldsDown++
				}
			}
			out.Hits = append(out.Hits, h)
			continue
		}
		loc := rules.Roll{Sides: 6, Units: units}
		if !quiet {
			loc.Purpose, loc.Mods = spec.Source+": hit location", aimText(spec.AimMod)
		}
		f, err := rollOne(d, loc)
		if err != nil {
			return out, err
		}
		h.LocRoll = f + spec.AimMod
		h.Row, err = HitRowFor(u, hc.Direction, h.LocRoll)
		if err != nil {
			return out, err
		}
		h.Loc, err = resolveLocation(u, h.Row, hc, d, units)
		if err != nil {
			return out, err
		}
		if spec.Haywire {
			h.Result = Superficial
		} else {
			v, err := strRoll(spec, d, rules.Roll{Purpose: purpose("%s damage vs %s (armour %d)", spec.Source, h.Loc, h.Row.Armour), Units: units})
			if err != nil {
				return out, err
			}
			h.DamRoll = v
			h.Margin = v + spec.Str - h.Row.Armour
			h.Result = ResultFromMargin(h.Margin)
			if spec.MinCracked && h.Result < ArmourCracked {
				h.Result = ArmourCracked
			}
		}
		h.Before = st.Level(h.Loc)
		var effs []Effect
		if err := applyDamage(u, st, h.Loc, h.Result, hc, d, &effs, 0); err != nil {
			return out, err
		}
		h.After = st.Level(h.Loc)
		h.Effects = append(h.Effects, effs...)
		out.Hits = append(out.Hits, h)
	}
	return out, nil
}

func aimText(m int) []string {
	switch m {
	case 1:
		return []string{"+1 aimed high"}
	case -1:
		return []string{"-1 aimed low"}
	}
	return nil
}

// ShotResult is a whole shot: the roll to hit and the hits resolved.
type ShotResult struct {
	HitRoll
	Outcome HitsOutcome `json:"outcome"`
}

// ResolveShot fires one weapon at one titan: RollHits then ResolveHits
// (merged shields count only with the merge option). Shooting into a close
// combat (advanced rule) randomises hits between the combatants: use
// RollHits, SplitIntoCombat and ResolveHits for each combatant instead.
func ResolveShot(sh ShotSetup, opts Options, d rules.Dice) (ShotResult, error) {
	hr, err := RollHits(sh, opts, d)
	if err != nil {
		return ShotResult{}, err
	}
	partner := 0
	if opts.MergeShields || (opts.ShootIntoCC && sh.TargetInCC) {
		partner = sh.MergedShields
	}
	o, err := ResolveHits(sh.Target, sh.TargetID, sh.TargetState, hr.Hits, hr.Spec, partner, sh.Hit, opts, d)
	if err != nil {
		return ShotResult{HitRoll: hr}, err
	}
	return ShotResult{HitRoll: hr, Outcome: o}, nil
}

// SplitIntoCombat randomises each of hits between combatants titans in a
// close combat (shooting into close combat, advanced rule): one D6 per hit.
// The source gives two titans (1-3 the first, 4-6 the second); Auspex
// generalises by sharing the six faces out evenly when the number of
// combatants divides six (3 titans: 1-2, 3-4, 5-6) and otherwise
// re-rolling the faces above the largest multiple (4 titans: 5 and 6
// re-rolled; 5 titans: 6 re-rolled), so every combatant is equally likely.
// Returns the hits on each combatant, in order. Errors: fewer than 1 or
// more than 6 combatants, or a die that keeps showing a re-roll face.
func SplitIntoCombat(hits, combatants int, d rules.Dice) ([]int, error) {
	if combatants < 1 || combatants > 6 {
		return nil, fmt.Errorf("shooting into close combat: %d combatants (want 1..6)", combatants)
	}
	out := make([]int, combatants)
	if hits <= 0 {
		return out, nil
	}
	top := 6 / combatants * combatants
	purpose := fmt.Sprintf("which combatant each hit strikes (%d titans)", combatants)
	if top < 6 {
		purpose += fmt.Sprintf(", %d+ re-rolled", top+1)
	}
	faces, err := rollDice(d, rules.Roll{Purpose: purpose, Sides: 6}, hits)
	if err != nil {
		return nil, err
	}
	per := top / combatants
	for _, f := range faces {
		for try := 0; f > top; try++ {
			if try == 50 {
				return nil, fmt.Errorf("shooting into close combat: 50 re-rolls without a face up to %d", top)
			}
			if f, err = rollOne(d, rules.Roll{Purpose: "re-roll: " + purpose, Sides: 6}); err != nil {
				return nil, err
			}
		}
		out[(f-1)/per]++
	}
	return out, nil
}
