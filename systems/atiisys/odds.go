package atiisys

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

// repeated collects a flag given several times.
type repeated []string

func (r *repeated) String() string     { return strings.Join(*r, ",") }
func (r *repeated) Set(v string) error { *r = append(*r, v); return nil }

// oddsReport is the --json output of auspex odds.
type oddsReport struct {
	Scenario  string           `json:"scenario"`
	Attacker  string           `json:"attacker"`
	Mount     string           `json:"mount"`
	Weapon    string           `json:"weapon"`
	Target    string           `json:"target"`
	Range     float64          `json:"range"`
	Quadrant  string           `json:"quadrant"`
	Side      string           `json:"side"`
	Aim       string           `json:"aim"`
	Options   []string         `json:"options,omitempty"`
	Notes     []string         `json:"notes,omitempty"`
	Odds      atii.ShotOdds    `json:"odds"`
	Outcome   atii.OutcomeOdds `json:"outcome"`
	Breakdown []string         `json:"breakdown"`
}

// OddsCommand implements game.OddsTool: it prints the exact odds of one
// ATII weapon firing at one titan of scn (read from file):
//
//	auspex odds FILE --attacker ID --weapon NAME --target ID [--aim high|low]
//	    [--moved ID=CM ...] [--cover] [--legs-hidden] [--only-legs]
//	    [--overload N] [--point-blank] [--option ID=on ...] [--json]
//
// args are the flags after FILE. NAME is a mount id, a weapon id or a
// weapon name of the attacker's loadout. Titans named with --moved have
// moved that far this turn; the others have not moved yet. Range (edge to
// edge), the mount's fire arc (world arcs), the target's quadrant
// (world.Quadrant) and line of sight come from the table (world LOS with
// the ATII reading): a cover verdict gives -1 to hit, and cover from low
// terrain at or before the target's feet hides its legs (atii.LegsHidden:
// no aiming low). The cover flags add to what the table says. It returns
// the exit code: 0, 1 for an error (printed on stderr), 2 for bad usage.
func (System) OddsCommand(sc *scenarios.Scenario, file string, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("auspex odds", flag.ContinueOnError)
	fs.SetOutput(stderr)
	attacker := fs.String("attacker", "", "id of the firing titan")
	weapon := fs.String("weapon", "", "mount id, weapon id or weapon name")
	target := fs.String("target", "", "id of the target titan")
	aimText := fs.String("aim", "", "high or low (default high, or as cover allows)")
	cover := fs.Bool("cover", false, "half or more of the target is hidden")
	legsHidden := fs.Bool("legs-hidden", false, "the target's legs are hidden by cover (no aiming low)")
	onlyLegs := fs.Bool("only-legs", false, "only the target's legs can be seen (must aim high)")
	overload := fs.Int("overload", 0, "RoF given up to overload a plasma weapon")
	pointBlank := fs.Bool("point-blank", false, "point-blank fire (advanced rule)")
	asJSON := fs.Bool("json", false, "print JSON")
	var moved, options repeated
	fs.Var(&moved, "moved", "ID=CM: that titan has moved CM cm this turn (repeatable)")
	fs.Var(&options, "option", "ID=on|off: an ATII option (repeatable; adds to the scenario's)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: auspex odds FILE --attacker ID --weapon NAME --target ID [--aim high|low] [--moved ID=CM ...] [--json]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 || *attacker == "" || *weapon == "" || *target == "" {
		fs.Usage()
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "auspex odds: %v\n", err)
		return 1
	}
	if sc == nil {
		return fail(fmt.Errorf("no scenario"))
	}
	cat := sc.Catalogue
	if sc.System != catalog.ATII {
		return fail(fmt.Errorf("%s is a %s scenario: odds are for ATII titans", file, sc.System))
	}
	given := map[string]string{}
	for _, o := range sc.Options {
		if strings.HasPrefix(o, "atii/") {
			name, val, ok := strings.Cut(o, "=")
			if !ok {
				val = "on"
			}
			given[name] = val
		}
	}
	for _, o := range options {
		name, val, ok := strings.Cut(o, "=")
		if !ok {
			val = "on"
		}
		given[name] = val
	}
	opts, err := atii.ParseOptions(given)
	if err != nil {
		return fail(err)
	}
	au, tu := sc.Unit(*attacker), sc.Unit(*target)
	switch {
	case au == nil:
		return fail(fmt.Errorf("no unit %q in %s", *attacker, file))
	case tu == nil:
		return fail(fmt.Errorf("no unit %q in %s", *target, file))
	case au.Profile == nil || au.Profile.Class != "titan":
		return fail(fmt.Errorf("%s is not a titan", *attacker))
	case tu.Profile == nil || tu.Profile.Class != "titan":
		return fail(fmt.Errorf("%s is not a titan", *target))
	case au.Side == tu.Side:
		return fail(fmt.Errorf("%s and %s are on the same side", *attacker, *target))
	case !au.Placed || !tu.Placed:
		return fail(fmt.Errorf("both titans need positions in the scenario"))
	}
	mount, w, err := pickWeapon(au, *weapon, cat)
	if err != nil {
		return fail(err)
	}
	movedCM := map[string]float64{}
	for _, m := range moved {
		id, cm, ok := strings.Cut(m, "=")
		v, err := strconv.ParseFloat(cm, 64)
		if !ok || err != nil || v < 0 {
			return fail(fmt.Errorf("--moved %q: want ID=CM", m))
		}
		if sc.Unit(id) == nil {
			return fail(fmt.Errorf("--moved: no unit %q", id))
		}
		movedCM[id] = v
	}
	var arc string
	for _, m := range sheet.Of(au.Profile).Mounts {
		if m.ID == mount {
			arc = m.Arc
		}
	}
	terrain, err := assets.LoadTerrainRules(string(catalog.ATII))
	if err != nil {
		return fail(fmt.Errorf("the built-in terrain table is invalid (a build problem): %w", err))
	}
	geo, err := atii.MeasureShot(sc.World, terrain, arc, au.Base(), tu.Base())
	if err != nil {
		return fail(err)
	}
	g := struct {
		Range float64
		Hit   atii.HitContext
	}{geo.Range, geo.Hit}
	inArc := geo.InArc
	losCover := geo.LOS == world.LOSCover
	if geo.LOS == world.LOSBlocked {
		return fail(fmt.Errorf("%s cannot see %s: %s", au.ID, tu.ID, geo.Reason))
	}
	if losCover {
		*cover = true
	}
	if geo.LegsHidden {
		*legsHidden = true // ATII-SHT-3 as read from the table (atii.LegsHidden)
	}
	aim := atii.AimHigh
	if *aimText != "" {
		if aim, err = atii.ParseAim(*aimText); err != nil {
			return fail(err)
		}
	}
	_, firerMoved := movedCM[au.ID]
	tMoved, targetMoved := movedCM[tu.ID]
	sh := atii.ShotSetup{
		Attacker: au.Profile, AttackerID: au.ID, Mount: mount, Weapon: w,
		Target: tu.Profile, TargetID: tu.ID,
		Range: g.Range, InArc: inArc, Visible: geo.LOS != world.LOSBlocked,
		Cover: *cover, LegsHidden: *legsHidden, OnlyLegsVisible: *onlyLegs,
		Hit:        g.Hit,
		FirerMoved: firerMoved, TargetMoved: targetMoved, TargetMovedCM: tMoved,
		Aim: aim, Overload: *overload, PointBlank: *pointBlank,
	}
	so, err := atii.OddsShot(sh, opts)
	if err != nil {
		return fail(fmt.Errorf("%s %s at %s: %w", au.ID, w.Name, tu.ID, err))
	}
	oo, err := atii.OddsShotOutcome(sh, opts)
	if err != nil {
		return fail(err)
	}
	rep := oddsReport{
		Scenario: file, Attacker: au.ID, Mount: mount, Weapon: w.ID, Target: tu.ID,
		Range: g.Range, Quadrant: string(g.Hit.Direction), Side: string(g.Hit.Side), Aim: string(aim),
		Options: opts.Enabled(), Odds: so, Outcome: oo, Breakdown: so.ToHit.Explain(),
		Notes: []string{"line of sight " + geo.LOS.String() + ": " + geo.Reason},
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return fail(err)
		}
		return 0
	}
	fmt.Fprintf(stdout, "%s (%s) fires %s (%s) at %s (%s)\n", au.ID, au.Profile.Name, w.Name, mount, tu.ID, tu.Profile.Name)
	fmt.Fprintf(stdout, "range %.1f cm, from the target's %s (%s), aimed %s\n", g.Range, g.Hit.Direction, g.Hit.Side, aim)
	if len(rep.Options) > 0 {
		fmt.Fprintf(stdout, "options: %s\n", strings.Join(rep.Options, ", "))
	}
	for _, l := range so.Format() {
		fmt.Fprintln(stdout, l)
	}
	fmt.Fprintf(stdout, "after the attack: destroyed %.1f%%\n", 100*oo.Destroyed)
	for _, loc := range oo.Locations {
		lv := oo.Levels[loc]
		line := ""
		for l := atii.Superficial; l <= atii.Catastrophic; l++ {
			if lv[l] >= 5e-4 {
				line += fmt.Sprintf(" %s %.1f%%", l, 100*lv[l])
			}
		}
		if line != "" {
			fmt.Fprintf(stdout, "  %-14s%s\n", loc, line)
		}
	}
	fmt.Fprintln(stdout, "note: "+rep.Notes[0])
	return 0
}

// pickWeapon finds the attacker's fitted weapon by mount id, weapon id or
// weapon name (case-insensitive).
func pickWeapon(u *scenarios.Unit, name string, cat *catalog.Catalogue) (string, *catalog.Weapon, error) {
	key := strings.ToLower(name)
	mounts := make([]string, 0, len(u.Loadout))
	for m := range u.Loadout {
		mounts = append(mounts, m)
	}
	sort.Strings(mounts)
	var hits []string
	for _, m := range mounts {
		w, err := cat.Weapon(u.Loadout[m])
		if err != nil {
			return "", nil, err
		}
		if strings.ToLower(m) == key || strings.ToLower(w.ID) == key || strings.ToLower(w.Name) == key {
			hits = append(hits, m)
		}
	}
	switch len(hits) {
	case 0:
		var have []string
		for _, m := range mounts {
			have = append(have, m+"="+u.Loadout[m])
		}
		return "", nil, fmt.Errorf("%s has no weapon %q (fitted: %s)", u.ID, name, strings.Join(have, ", "))
	case 1:
		w, err := cat.Weapon(u.Loadout[hits[0]])
		return hits[0], w, err
	}
	return "", nil, fmt.Errorf("%s carries %q on several mounts (%s): name the mount", u.ID, name, strings.Join(hits, ", "))
}
