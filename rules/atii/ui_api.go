package atii

import (
	"fmt"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// ShotSetupFor builds the setup of one shot by titan attacker exactly as a
// fire command resolves it: the same geometry (MeasureShot), the same
// close combat and merged-shield facts, the attacker's current state. A
// user interface previews odds from it (ToHit, OddsShot,
// OddsShotOutcome) so that the preview and the roll cannot disagree. It
// does not check whose turn it is; FireCmd.Validate does. Errors: an
// unknown attacker, mount or target, a friendly target, a target not on
// the table, or options that do not parse.
func (r *Ruleset) ShotSetupFor(s *rules.State, attacker string, sh Shot) (ShotSetup, error) {
	f, err := r.titan(s, attacker)
	if err != nil {
		return ShotSetup{}, err
	}
	out, err := r.shotSetup(s, f, f.ts, sh)
	if err != nil {
		return out, fmt.Errorf("%s: %w", attacker, err)
	}
	return out, nil
}

// MovePlanView is a move command measured and priced the way the rules
// price it, for previews: the measured path (Report, also when the path
// is illegal), the plan the movement rules price, the resulting check,
// and, when the plan crosses dangerous terrain, the exact odds of the
// distance reached (ATII-MOV-5).
type MovePlanView struct {
	// Measured is true when Report and Plan are filled (the command got
	// as far as measuring its path).
	Measured bool
	Start    world.Base
	Report   world.MoveReport
	Plan     MovePlan
	Check    MoveCheck
	// Odds is set when the plan crosses dangerous terrain.
	Odds *MoveOdds
}

// PlanMove measures and prices move command c on state s with the same
// code its Validate runs (path measured with world.MeasureMove, blockers,
// the 10 cm keep-out in the movement phase, plan built from the report,
// CheckMove). The error is the rules' verdict (nil when the move is
// legal); the view holds what could be measured even when it is not.
func (r *Ruleset) PlanMove(s *rules.State, c *MoveCmd) (MovePlanView, error) {
	var v MovePlanView
	if c == nil {
		return v, fmt.Errorf("no move command")
	}
	c.r = r
	p, err := c.prepare(s)
	if p.t.prof != nil && (len(p.rep.Segments) > 0 || len(p.rep.Turns) > 0 || p.rep.Illegal != nil) {
		v.Measured = true
		v.Start, v.Report = p.start, p.rep
		v.Plan = planFromReport(&p.rep, p.assault, len(p.contact) > 0)
		chk, cerr := CheckMove(p.t.prof, p.ts, v.Plan, p.opts)
		v.Check = chk
		if cerr == nil && chk.Dangerous {
			if odds, oerr := MoveOddsFor(p.t.prof, p.ts, v.Plan, p.opts); oerr == nil {
				v.Odds = &odds
			}
		}
	}
	return v, err
}

// OptionTitle is a short readable name for an option id (for menus); the
// id itself for an unknown one.
func OptionTitle(id string) string {
	switch id {
	case OptShieldDropOnZero:
		return "Reading: a 0 on a void shield hit knocks it down"
	case OptVortex2D6:
		return "Reading: Vortex missiles add 2D6 to Str"
	case OptCCAccuracyNone:
		return "Reading: close combat weapons ignore accuracy"
	case OptPointBlankShieldsAlways:
		return "Reading: shields never stop point-blank fire"
	case OptFlatTerrainSight:
		return "Reading: terrain hides titans as flat area terrain"
	case OptInitiativeEachPhase:
		return "Reading: the initiative winner chooses again each phase"
	case OptOvercharge:
		return "Overcharging engines"
	case OptMergeShields:
		return "Merging void shields"
	case OptShootIntoCC:
		return "Shooting into close combat"
	case OptDamageControl:
		return "Damage control"
	case OptPointBlank:
		return "Point-blank fire"
	case OptOverwatch:
		return "Overwatch"
	case OptOverloadShields:
		return "Overloading void shields"
	}
	return id
}

// MissionView is what a user interface shows of a generated mission at
// set-up: the deployment map (public), each side's deployment zone (zone
// ids into Zones, the polygons the rules check deployment against) and
// each side's points limit from its card's force level (secret with the
// card: show a side its own).
type MissionView struct {
	Map       string
	Points    map[string]int
	SideZones map[string]string
	Zones     map[string][][]Point
}

// MissionOf reads the MissionView of a game (empty fields for a game
// without a generated mission). Errors: set-up or progress data that do
// not decode.
func MissionOf(s *rules.State) (MissionView, error) {
	var v MissionView
	setup, err := getSetup(s)
	if err != nil {
		return v, fmt.Errorf("mission view: %w", err)
	}
	g, err := getProgress(s)
	if err != nil {
		return v, fmt.Errorf("mission view: %w", err)
	}
	v.Map, v.Points, v.SideZones, v.Zones = g.Map, g.Points, setup.SideZones, setup.Zones
	return v, nil
}

// EachShot gives fn, one by one, the shots titan id could take as the
// table stands at s, set up as a fire command would resolve them
// (ShotSetupFor), with the index of the mount firing (mounts in order,
// each mount's shots together): for each mount whose weapon may fire
// (not a close combat weapon, not disabled), each operational enemy in
// its arc, range and sight that it does not automatically miss
// (ATII-SHT-2, ATII-SHT-4), nearest first, aimed high and, where the
// rules allow it, also low; point-blank where that option applies. It is
// what Legal would offer the titan at a shooting decision now, but it
// ignores whose turn and step it is and whether the titan has fired: an
// AI prices the coming exchange of fire with it. The setup is fn's to
// read or copy, not to keep. Errors: no titan id, options that do not
// parse.
func (r *Ruleset) EachShot(s *rules.State, id string, fn func(mount int, su *ShotSetup)) error {
	t, err := r.titanRead(s, id)
	if err != nil {
		return err
	}
	opts, err := r.options(s)
	if err != nil {
		return err
	}
	ue := r.unitEnds(len(s.Units))
	defer r.putUnitEnds(ue)
	r.shotsByMount(s, t, opts, r.sight, ue, fn)
	return nil
}

// ShotSetups is EachShot's shots gathered by mount. Errors: EachShot's.
func (r *Ruleset) ShotSetups(s *rules.State, id string) ([][]ShotSetup, error) {
	var out [][]ShotSetup
	last := -1
	err := r.EachShot(s, id, func(mount int, su *ShotSetup) {
		if mount != last {
			out = append(out, nil)
			last = mount
		}
		out[len(out)-1] = append(out[len(out)-1], *su)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
