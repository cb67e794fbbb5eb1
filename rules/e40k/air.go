package e40k

import (
	"fmt"
	"sort"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// Flyers in the game (seed 001 movement step 1; digest 8.6). Flyers fly
// from off the table: every unit whose profile has a Dogfight value is
// taken off the table at the first flyer step and stays off it (it is not
// lost for army morale). At the start of each movement phase, in the flyer
// step, each side declares a mission for each detachment of flyers ready
// to fly: ground attack (on a target detachment), transport (to a landing
// point, with the stands aboard) or intercept; or it stays on the ground.
// The flyers then arrive one detachment at a time, in the order declared;
// enemy interceptors may react to each (a dogfight, the ProcIntercept
// frame), survivors fly their mission (flak, then the attack; or the
// landing, the ProcLanding frame) and leave to rearm. Interceptors stay up
// from turn to turn until they have attacked.

// Step, commands, decision kinds, procedures and markers of flyers.
const (
	StepFlyers   = "movement/flyers"
	CmdMission   = "mission"
	CmdIntercept = "intercept"

	KindMission   = "mission"
	KindIntercept = "intercept"
	KindLanding   = "landing"

	ProcIntercept = "intercept"
	ProcLanding   = "landing"

	// MissionNone: the detachment stays on the ground this turn.
	MissionNone = "none"

	// ExtAir holds the AirState.
	ExtAir = "e40k/air"
	// MarkRearm (on a flyer detachment) is the first turn it may fly
	// again; MarkAloft marks interceptors still up from an earlier turn.
	MarkRearm = "rearm"
	MarkAloft = "aloft"
	// markLanded marks a flyer that has set its troops down this turn.
	markLanded = "landed"
	// markAttacked marks an interceptor that attacked this turn.
	markAttacked = "attacked"

	fireGroundAttack = "ground attack"
)

// Sortie is one flyer detachment's mission this turn.
type Sortie struct {
	Detachment string    `json:"detachment"`
	Side       string    `json:"side"`
	Mission    string    `json:"mission"`
	Target     string    `json:"target,omitempty"`
	To         world.Vec `json:"to"`
}

// AirState is the flyer step's progress.
type AirState struct {
	// Sorties are this turn's missions (MissionNone included), in the
	// order declared.
	Sorties []Sortie `json:"sorties,omitempty"`
	// Next is the sortie arriving now and Stage how far it got: 0 the
	// interception offer, 1 the mission, 2 leaving.
	Next  int  `json:"next"`
	Stage int  `json:"stage,omitempty"`
	Done  bool `json:"done,omitempty"`
	// Deployed: flyers were taken off the table and troops put aboard
	// (the first flyer step).
	Deployed bool `json:"deployed,omitempty"`
}

func (a *AirState) declared(det string) bool {
	for _, so := range a.Sorties {
		if so.Detachment == det {
			return true
		}
	}
	return false
}

func (r *Ruleset) air(s *rules.State) (AirState, error) {
	var a AirState
	_, err := s.GetExt(ExtAir, &a)
	return a, err
}

func putAir(s *rules.State, a AirState) error { return s.SetExt(ExtAir, a) }

// IsFlyer reports whether a unit is a flyer.
func (r *Ruleset) IsFlyer(s *rules.State, u *rules.Unit) bool {
	p, err := r.Profile(s, u)
	return err == nil && p.Flyer
}

// flyers returns the living flyers of detachment f (off the table or not);
// nil when f has a unit that is not a flyer.
func (r *Ruleset) flyers(s *rules.State, f string) []*rules.Unit {
	var out []*rules.Unit
	for i := range s.Units {
		u := &s.Units[i]
		if u.Formation != f || u.Destroyed {
			continue
		}
		if !r.IsFlyer(s, u) {
			return nil
		}
		out = append(out, u)
	}
	return out
}

// FlyerDetachments returns side's detachments of flyers with a flyer left.
func (r *Ruleset) FlyerDetachments(s *rules.State, side string) []string {
	var out []string
	for i := range s.Formations {
		f := &s.Formations[i]
		if f.Side == side && len(r.flyers(s, f.ID)) > 0 {
			out = append(out, f.ID)
		}
	}
	return out
}

// hasFlyers reports whether any unit of the game is a flyer.
func (r *Ruleset) hasFlyers(s *rules.State) bool {
	for i := range s.Units {
		if r.IsFlyer(s, &s.Units[i]) {
			return true
		}
	}
	return false
}

// beginFlyers starts the flyer step: last turn's disembark marks cleared,
// flyers taken off the table if the set-up has not (deployAir),
// interceptors still up keep their mission.
func (r *Ruleset) beginFlyers(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	for i := range s.Units {
		u := &s.Units[i]
		if u.Markers.Has(MarkDisembarked) {
			u.Markers.Delete(MarkDisembarked)
		}
		if u.Markers.Has(markLanded) {
			u.Markers.Delete(markLanded)
		}
		if u.Markers.Has(markPicked) {
			u.Markers.Delete(markPicked)
		}
	}
	if !r.hasFlyers(s) {
		return nil, nil
	}
	a, err := r.air(s)
	if err != nil {
		return nil, err
	}
	var evs []rules.Event
	if !a.Deployed {
		a.Deployed = true
		more, err := r.deployFlyers(s)
		if err != nil {
			return nil, err
		}
		evs = more
	}
	a.Sorties, a.Next, a.Stage, a.Done = nil, 0, 0, false
	for i := range s.Formations {
		f := &s.Formations[i]
		if len(r.flyers(s, f.ID)) == 0 {
			continue
		}
		f.Markers.Delete(markAttacked)
		if f.Markers.Value(MarkAloft) > 0 {
			f.Orders = MissionIntercept
		}
	}
	return evs, r.syncAir(s, a)
}

// deployAir sends the flyers to their airfield at the set-up, after the
// armies are counted (deployFlyers), once.
func (r *Ruleset) deployAir(s *rules.State) ([]rules.Event, error) {
	if !r.hasFlyers(s) {
		return nil, nil
	}
	a, err := r.air(s)
	if err != nil || a.Deployed {
		return nil, err
	}
	a.Deployed = true
	evs, err := r.deployFlyers(s)
	if err != nil {
		return nil, err
	}
	return evs, putAir(s, a)
}

// deployFlyers takes every flyer off the table; infantry stands in base
// contact with a friendly transport flyer at the start begin aboard it,
// as its room allows (how a scenario loads a transport mission).
func (r *Ruleset) deployFlyers(s *rules.State) ([]rules.Event, error) {
	var evs []rules.Event
	for i := range s.Units {
		t := &s.Units[i]
		if t.Destroyed || t.OffTable || !r.IsFlyer(s, t) {
			continue
		}
		tp, err := r.Profile(s, t)
		if err != nil {
			return nil, err
		}
		if tp.Transport > 0 {
			tb, err := r.base(s, t)
			if err != nil {
				return nil, err
			}
			for j := range s.Units {
				u := &s.Units[j]
				if u.Side != t.Side || u.Destroyed || u.OffTable || u.ID == t.ID || r.spaceLeft(s, t) <= 0 {
					continue
				}
				p, err := r.Profile(s, u)
				if err != nil || p.Class != world.Infantry || p.Flyer {
					continue
				}
				ub := world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing, Foot: p.Base}
				if world.Distance(tb, ub) > world.Eps+0.5 {
					continue
				}
				if err := board(u, t); err != nil {
					return nil, err
				}
				evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: u.Side, Units: []string{u.ID, t.ID}, Text: u.ID + " starts aboard " + t.ID})
			}
		}
		t.OffTable = true
	}
	return evs, nil
}

// readyToFly reports whether flyer detachment f may be given a mission
// now: not rearming, not up already as an interceptor, not declared yet.
func (r *Ruleset) readyToFly(s *rules.State, a *AirState, f *rules.Formation) bool {
	return len(r.flyers(s, f.ID)) > 0 && f.Markers.Value(MarkAloft) == 0 &&
		f.Markers.Value(MarkRearm) <= s.Turn && !a.declared(f.ID)
}

// syncAir stores a and sets the pending decision of the flyer step: the
// missions of side 0's ready detachments, then side 1's; after that
// autoFlyers brings the flyers in.
func (r *Ruleset) syncAir(s *rules.State, a AirState) error {
	if len(s.Procs) == 0 {
		s.Pending, s.Active = nil, ""
		for si := 0; si < 2 && len(s.Sides) == 2; si++ {
			ids := r.detachments0(s, si, func(f *rules.Formation) bool { return r.readyToFly(s, &a, f) })
			if len(ids) > 0 {
				r.wait(s, si, KindMission, "declare flyer missions: ground attack, transport or intercept (or stay on the ground)", ids, CmdMission)
				break
			}
		}
	}
	return putAir(s, a)
}

// detachments0 is detachments without the on-table test (flyer
// detachments are off the table).
func (r *Ruleset) detachments0(s *rules.State, si int, keep func(f *rules.Formation) bool) []string {
	var out []string
	for i := range s.Formations {
		f := &s.Formations[i]
		if f.Side == s.Sides[si].ID && keep(f) {
			out = append(out, f.ID)
		}
	}
	return out
}

// afterOrders skips the flyer step in a battle without flyers (so such
// games, and their saves, keep the flow they had before flyers).
func (r *Ruleset) afterOrders(s *rules.State) string {
	if r.hasFlyers(s) {
		return StepFlyers
	}
	return StepMoveInit
}

// flyersDone ends the flyer step once every mission is declared and flown.
func (r *Ruleset) flyersDone(s *rules.State) bool {
	if s.Pending != nil || len(s.Procs) > 0 {
		return false
	}
	if !r.hasFlyers(s) {
		return true
	}
	a, err := r.air(s)
	return err != nil || a.Done
}

// MissionCmd declares a flyer detachment's mission for the turn (seed 001
// movement step 1): ground attack on Target (an enemy detachment on the
// table, or an enemy titan by its unit id: flyers_titans.go), transport to the landing point To (the detachment
// carries stands to set down, or has room to pick stands up: pickup.go),
// intercept, or none (it stays on the ground).
type MissionCmd struct {
	r          *Ruleset
	By         string    `json:"by"`
	Detachment string    `json:"detachment"`
	Mission    string    `json:"mission"`
	Target     string    `json:"target,omitempty"`
	To         world.Vec `json:"to,omitempty"`
}

// Name implements rules.Command.
func (*MissionCmd) Name() string { return CmdMission }

// Actor implements rules.Command.
func (c *MissionCmd) Actor() string { return c.By }

// Validate implements rules.Command.
func (c *MissionCmd) Validate(s *rules.State) error {
	if _, err := c.r.pendingOf(s, c.By, KindMission); err != nil {
		return err
	}
	if !listed(s, c.Detachment) {
		return fmt.Errorf("%q is not a flyer detachment waiting for a mission", c.Detachment)
	}
	switch c.Mission {
	case MissionNone, MissionIntercept:
		return nil
	case MissionGroundAttack:
		if _, ok := c.r.enemyTitan(s, c.By, c.Target); ok {
			_, err := c.r.FlyerTitanPlan(s, c.Detachment, c.Target)
			return err // a titan, attacked with the ATII rules (flyers_titans.go)
		}
		t := s.Formation(c.Target)
		switch {
		case t == nil || t.Side == c.By || !alive(s, t.ID):
			return fmt.Errorf("ground attack target %q is not an enemy detachment on the table", c.Target)
		case c.r.titanFormation(s, t.ID):
			return fmt.Errorf("%s is a titan formation: aim the ground attack at the titan itself", t.ID)
		}
		return nil
	case MissionTransport:
		n := 0
		for _, u := range c.r.flyers(s, c.Detachment) {
			n += len(Carried(s, u.ID))
		}
		if n == 0 && !c.r.hasRoom(s, c.Detachment) {
			return fmt.Errorf("%s carries no troops and has no room to pick any up", c.Detachment)
		}
		return c.r.checkLanding(s, c.By, c.To)
	}
	return fmt.Errorf("unknown mission %q (ground-attack, transport, intercept, none)", c.Mission)
}

// LandingClearance is how far from any enemy unit a transport flyer must
// land (reading: the seeds give no distance; troops may not disembark into
// contact, so the flyer keeps out of reach of contact).
const LandingClearance = 5.0

// checkLanding checks a landing point: on the table, not in impassable
// terrain for vehicles, at least LandingClearance from every enemy unit.
func (r *Ruleset) checkLanding(s *rules.State, side string, to world.Vec) error {
	tb := r.w.Table
	if to.X < 0 || to.Y < 0 || to.X > tb.W || to.Y > tb.H {
		return fmt.Errorf("landing point (%.0f, %.0f) is off the table", to.X, to.Y)
	}
	for _, fi := range r.w.FeaturesAt(to, nil) {
		if r.terrain[r.w.Features[fi].Kind].Passage[world.Vehicle] == world.Impassable {
			return fmt.Errorf("landing point (%.0f, %.0f) is in impassable terrain", to.X, to.Y)
		}
	}
	enemies, _, err := r.enemyBases(s, side)
	if err != nil {
		return err
	}
	for _, e := range enemies {
		if e.PointDistance(to) < LandingClearance-world.Eps {
			return fmt.Errorf("landing point (%.0f, %.0f) is within %.0f cm of %s", to.X, to.Y, LandingClearance, e.ID)
		}
	}
	return nil
}

// Apply implements rules.Command.
func (c *MissionCmd) Apply(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	a, err := c.r.air(s)
	if err != nil {
		return nil, err
	}
	f := s.Formation(c.Detachment)
	if f == nil {
		return nil, fmt.Errorf("no detachment %q", c.Detachment)
	}
	so := Sortie{Detachment: f.ID, Side: f.Side, Mission: c.Mission}
	text := f.ID + " stays on the ground"
	switch c.Mission {
	case MissionGroundAttack:
		so.Target = c.Target
		text = fmt.Sprintf("%s flies a ground attack on %s", f.ID, c.Target)
	case MissionTransport:
		so.To = c.To
		text = fmt.Sprintf("%s flies a transport mission to (%.0f, %.0f)", f.ID, c.To.X, c.To.Y)
		if c.r.CarriedBy(s, f.ID) == 0 {
			text += " to pick troops up"
		}
	case MissionIntercept:
		text = f.ID + " flies an intercept mission"
	}
	if c.Mission != MissionNone {
		f.Orders = c.Mission
	}
	a.Sorties = append(a.Sorties, so)
	ev := rules.Event{Kind: rules.EvMessage, Side: f.Side, Units: []string{f.ID}, Text: text, Data: map[string]string{"mission": c.Mission}}
	return []rules.Event{ev}, c.r.syncAir(s, a)
}

// interceptors returns side's interceptor detachments able to react now:
// on an intercept mission (declared this turn or still up), not yet
// attacked, with a flyer left.
func (r *Ruleset) interceptors(s *rules.State, side string) []string {
	var out []string
	for i := range s.Formations {
		f := &s.Formations[i]
		if f.Side == side && f.Orders == MissionIntercept && f.Markers.Value(markAttacked) == 0 && len(r.flyers(s, f.ID)) > 0 {
			out = append(out, f.ID)
		}
	}
	return out
}

func (r *Ruleset) otherSide(s *rules.State, side string) string {
	return s.Sides[1-sideIndex(s, side)].ID
}

// autoFlyers brings the declared flyers in, one step at a time: the
// enemy's interception offer (a ProcIntercept frame), then the mission
// (flak and the ground attack; or the landing, a ProcLanding frame), then
// the flyers leave to rearm.
func (r *Ruleset) autoFlyers(s *rules.State, d rules.Dice) ([]rules.Event, bool, error) {
	if s.Pending != nil || len(s.Procs) > 0 || !r.hasFlyers(s) {
		return nil, false, nil
	}
	a, err := r.air(s)
	if err != nil || a.Done {
		return nil, false, err
	}
	if a.Next >= len(a.Sorties) {
		a.Done = true
		return nil, true, putAir(s, a)
	}
	so := a.Sorties[a.Next]
	f := s.Formation(so.Detachment)
	// A sortie is over when its flyers are down, it stays on the ground,
	// or it has left already (interceptors that reacted before their own
	// arrival came up).
	if f == nil || len(r.flyers(s, so.Detachment)) == 0 || so.Mission == MissionNone || f.Orders != so.Mission {
		a.Next, a.Stage = a.Next+1, 0
		return nil, true, putAir(s, a)
	}
	var evs []rules.Event
	switch a.Stage {
	case 0:
		a.Stage = 1
		enemy := r.otherSide(s, so.Side)
		if ids := r.interceptors(s, enemy); len(ids) > 0 {
			frame := rules.Frame{Proc: ProcIntercept, Side: enemy, Kind: KindIntercept,
				Prompt:   fmt.Sprintf("%s arrives on a %s mission: intercept it, or let it pass", so.Detachment, so.Mission),
				Commands: []string{CmdIntercept}, Units: append(append([]string(nil), ids...), so.Detachment)}
			frame.Params.Set("arrival", so.Detachment)
			if err := putAir(s, a); err != nil {
				return nil, false, err
			}
			return nil, true, s.Call(frame)
		}
	case 1:
		a.Stage = 2
		switch so.Mission {
		case MissionGroundAttack:
			attack := r.groundAttack
			if u := s.Unit(so.Target); u != nil && r.IsTitan(u) {
				attack = r.groundAttackTitan // a titan (flyers_titans.go)
			}
			if evs, err = attack(s, d, so); err != nil {
				return nil, false, err
			}
		case MissionTransport:
			if evs, err = r.flak(s, d, so); err != nil {
				return nil, false, err
			}
			ts := r.flyers(s, so.Detachment)
			for _, t := range ts {
				t.Pos = so.To
				t.Markers.Delete(markPicked)
				t.Markers.Delete(markLanded)
				if len(Carried(s, t.ID)) == 0 {
					t.Markers.Set(markLanded, 1) // nothing to set down
				}
			}
			// The landing: troops aboard get out, then stands in reach
			// may be picked up (pickup.go).
			if len(ts) > 0 && r.landingBusy(s, so.Detachment) {
				frame := rules.Frame{Proc: ProcLanding, Side: so.Side, Kind: KindLanding,
					Prompt:   fmt.Sprintf("%s lands: set its troops down (each up to its move less %.0f cm) or keep them aboard, then pick up stands in reach or take off", so.Detachment, DisembarkPenalty),
					Commands: []string{CmdDisembark, CmdPickUp}, Units: r.unitIDsAll(s, so.Detachment)}
				frame.Params.Set("detachment", so.Detachment)
				if err := putAir(s, a); err != nil {
					return nil, false, err
				}
				return evs, true, s.Call(frame)
			}
			if len(ts) > 0 {
				evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: so.Side, Units: []string{so.Detachment},
					Text: so.Detachment + " lands, finds no stand in reach to pick up and takes off"})
			}
		case MissionIntercept:
			a.Stage = 0
			a.Next++
			f.Markers.Set(MarkAloft, 1)
			evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: f.Side, Units: []string{f.ID}, Text: f.ID + " flies top cover (intercept mission)"})
			return evs, true, putAir(s, a)
		}
	default:
		a.Stage, a.Next = 0, a.Next+1
		evs = append(evs, r.leave(s, f)...)
	}
	return evs, true, putAir(s, a)
}

// unitIDsAll lists a detachment's living units, on the table or not.
func (r *Ruleset) unitIDsAll(s *rules.State, det string) []string {
	var out []string
	for i := range s.Units {
		if u := &s.Units[i]; u.Formation == det && !u.Destroyed {
			out = append(out, u.ID)
		}
	}
	return out
}

// leave sends a flyer detachment back to rearm: it may fly again the turn
// after next (OptFlyersQuickRearm: next turn).
func (r *Ruleset) leave(s *rules.State, f *rules.Formation) []rules.Event {
	o, _ := r.options(s)
	next := s.Turn + 2
	if o.FlyersQuickRearm {
		next = s.Turn + 1
	}
	f.Markers.Set(MarkRearm, next)
	f.Markers.Delete(MarkAloft)
	f.Orders = ""
	if len(r.flyers(s, f.ID)) == 0 {
		return nil
	}
	return []rules.Event{{Kind: rules.EvMessage, Side: f.Side, Units: []string{f.ID}, Text: fmt.Sprintf("%s leaves the table to rearm (ready on turn %d)", f.ID, next)}}
}

// landed marks a transport flyer's troops set down; the landing frame
// returns once every flyer of the detachment has and has taken its
// pick-up (landingStep).
func (r *Ruleset) landed(s *rules.State, t *rules.Unit) ([]rules.Event, error) {
	t.Markers.Set(markLanded, 1)
	fr := s.Proc()
	if fr == nil || fr.Proc != ProcLanding {
		return nil, fmt.Errorf("disembark: no landing under way")
	}
	return nil, r.landingStep(s)
}

// InterceptCmd answers an interception offer: the side's interceptor
// detachment Interceptor attacks the arriving flyer detachment (a
// dogfight, digest 8.6, both sides' flyers attacking in Dogfight order),
// or, with no Interceptor, lets it pass. An interceptor that attacked
// leaves to rearm; survivors of the arrival fly on.
type InterceptCmd struct {
	r           *Ruleset
	By          string `json:"by"`
	Interceptor string `json:"interceptor,omitempty"`
}

// Name implements rules.Command.
func (*InterceptCmd) Name() string { return CmdIntercept }

// Actor implements rules.Command.
func (c *InterceptCmd) Actor() string { return c.By }

// Validate implements rules.Command.
func (c *InterceptCmd) Validate(s *rules.State) error {
	if _, err := c.r.pendingOf(s, c.By, KindIntercept); err != nil {
		return err
	}
	fr := s.Proc()
	if fr == nil || fr.Proc != ProcIntercept {
		return fmt.Errorf("no interception offered")
	}
	if c.Interceptor == "" {
		return nil
	}
	for _, id := range c.r.interceptors(s, c.By) {
		if id == c.Interceptor {
			return nil
		}
	}
	return fmt.Errorf("%q is not an interceptor of %s able to attack", c.Interceptor, c.By)
}

// Apply implements rules.Command.
func (c *InterceptCmd) Apply(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	fr := s.Proc()
	if fr == nil {
		return nil, fmt.Errorf("no interception offered")
	}
	arrival := fr.Params.Value("arrival")
	var evs []rules.Event
	if c.Interceptor == "" {
		evs = append(evs, rules.Message(fmt.Sprintf("%s lets %s pass", c.By, arrival)))
	} else {
		more, err := c.r.dogfight(s, d, c.Interceptor, arrival)
		if err != nil {
			return nil, err
		}
		evs = append(evs, more...)
	}
	_, err := s.Return()
	return evs, err
}

// DogfightFlyers returns the flyers of an interception, interceptors
// first, and each one's target: each flyer attacks the enemy flyers in
// turn (the first enemy for the first of its side, and so on).
func (r *Ruleset) DogfightFlyers(s *rules.State, interceptor, arrival string) ([]Flyer, map[string]string, error) {
	mk := func(det, mission string) ([]Flyer, error) {
		var out []Flyer
		for _, u := range r.flyers(s, det) {
			p, err := r.Profile(s, u)
			if err != nil {
				return nil, err
			}
			out = append(out, Flyer{ID: u.ID, Side: u.Side, Intercept: p.Intercept, Gunnery: p.DogfightGunnery, Armour: p.Armour, Mission: mission})
		}
		return out, nil
	}
	af := s.Formation(arrival)
	if af == nil {
		return nil, nil, fmt.Errorf("dogfight: no detachment %q", arrival)
	}
	mine, err := mk(interceptor, MissionIntercept)
	if err != nil {
		return nil, nil, err
	}
	theirs, err := mk(arrival, af.Orders)
	if err != nil {
		return nil, nil, err
	}
	if len(mine) == 0 || len(theirs) == 0 {
		return nil, nil, fmt.Errorf("dogfight: %s or %s has no flyer left", interceptor, arrival)
	}
	targets := map[string]string{}
	for i, f := range mine {
		targets[f.ID] = theirs[i%len(theirs)].ID
	}
	for i, f := range theirs {
		targets[f.ID] = mine[i%len(mine)].ID
	}
	return append(mine, theirs...), targets, nil
}

// dogfight resolves an interception with Dogfight: ties in Intercept go
// to the intercept missions, then alternate from the initiative holder
// (before the movement initiative is drawn: the side with the higher
// strategy rating, E40K-INI-1).
func (r *Ruleset) dogfight(s *rules.State, d rules.Dice, interceptor, arrival string) ([]rules.Event, error) {
	fs, targets, err := r.DogfightFlyers(s, interceptor, arrival)
	if err != nil {
		return nil, err
	}
	g, err := r.progress(s)
	if err != nil {
		return nil, err
	}
	init := g.Higher
	if g.Init >= 0 {
		init = g.Init
	}
	fi := s.Formation(interceptor)
	evs := rules.LogEvents(d, rules.Event{Kind: rules.EvMessage, Side: fi.Side, Units: []string{interceptor, arrival},
		Text: fmt.Sprintf("%s intercepts %s: dogfight", interceptor, arrival)})
	dead, err := Dogfight(d, fs, targets, s.Sides[init].ID)
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(dead))
	for id := range dead {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if u := s.Unit(id); u != nil && !u.Destroyed {
			evs = append(evs, r.destroy(s, u)...)
		}
	}
	fi.Markers.Set(markAttacked, 1)
	evs = append(evs, r.leave(s, fi)...)
	return evs, nil
}

// flakUnits returns the enemy units able to fire flak at a flyer
// detachment over the points given: on special orders, not broken, in
// command, with the flak special and firepower, one of the points within
// range (reading: digest section 2 lists flak under special orders and
// gives no more).
func (r *Ruleset) flakUnits(s *rules.State, side string, over []world.Vec) []*rules.Unit {
	var out []*rules.Unit
	for i := range s.Formations {
		f := &s.Formations[i]
		if f.Side == side || f.Broken || !specialOrders(f.Orders) {
			continue
		}
		for _, u := range members(s, f.ID) {
			if u.Markers.Value(MarkOutOfCommand) > 0 {
				continue
			}
			p, err := r.Profile(s, u)
			if err != nil || !p.Has(SpecialFlak) || p.Firepower <= 0 {
				continue
			}
			b := world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing, Foot: p.Base}
			for _, pt := range over {
				if b.PointDistance(pt) <= p.Range+world.Eps {
					out = append(out, u)
					break
				}
			}
		}
	}
	return out
}

// SpecialFlak marks a unit that fires flak on special orders.
const SpecialFlak = "flak"

// flak fires the enemy's flak at a sortie over its target (or landing
// point): each flak unit rolls its firepower in dice, each die equal to or
// above the flyer's armour destroys a flyer, the hits going to the
// detachment's flyers in turn (reading, as a dogfight: one hit destroys a
// flyer). Flak fire is not the unit's shooting for the turn.
func (r *Ruleset) flak(s *rules.State, d rules.Dice, so Sortie) ([]rules.Event, error) {
	over := []world.Vec{so.To}
	if so.Mission == MissionGroundAttack {
		over = nil
		for _, u := range members(s, so.Target) {
			over = append(over, u.Pos)
		}
		if u, ok := r.enemyTitan(s, so.Side, so.Target); ok {
			over = append(over, u.Pos)
		}
	}
	var evs []rules.Event
	for _, g := range r.flakUnits(s, so.Side, over) {
		fl := r.flyers(s, so.Detachment)
		if len(fl) == 0 {
			break
		}
		p, err := r.Profile(s, g)
		if err != nil {
			return nil, err
		}
		target := fl[0]
		tp, err := r.Profile(s, target)
		if err != nil {
			return nil, err
		}
		need := dieTarget(tp.Armour)
		faces, err := roll(d, rules.Roll{Purpose: fmt.Sprintf("flak: %s at %s", g.ID, so.Detachment), Sides: 6, Target: need, Units: []string{g.ID, so.Detachment}}, p.Firepower)
		if err != nil {
			return nil, err
		}
		for _, x := range faces {
			if x < need {
				continue
			}
			fl = r.flyers(s, so.Detachment)
			if len(fl) == 0 {
				break
			}
			evs = append(evs, r.destroy(s, fl[0])...)
		}
	}
	return evs, nil
}

// groundAttack resolves a ground attack: flak first, then the surviving
// flyers' firepower (and super-heavy weapons) at the target detachment on
// the firepower table, with no range or line of sight needed, blast
// markers as for shooting (digest section 2).
func (r *Ruleset) groundAttack(s *rules.State, d rules.Dice, so Sortie) ([]rules.Event, error) {
	evs, err := r.flak(s, d, so)
	if err != nil {
		return nil, err
	}
	plan, err := r.GroundAttackPlan(s, so.Detachment, so.Target)
	if err != nil {
		return append(evs, rules.Message(fmt.Sprintf("%s's ground attack is lost: %v", so.Detachment, err))), nil
	}
	o, err := r.options(s)
	if err != nil {
		return nil, err
	}
	more, err := r.resolveFire(s, d, plan, o)
	return append(evs, more...), err
}

// GroundAttackPlan is the fire plan of a flyer detachment's ground attack
// on a target detachment (for previews and odds). Errors: no flyer left,
// a target not on the table.
func (r *Ruleset) GroundAttackPlan(s *rules.State, det, target string) (*FirePlan, error) {
	f, t := s.Formation(det), s.Formation(target)
	if f == nil || t == nil {
		return nil, fmt.Errorf("no detachment %q or %q", det, target)
	}
	plan := &FirePlan{Mode: fireGroundAttack, Firer: det, Target: target, FirerMarkers: blast(f)}
	for _, u := range r.flyers(s, det) {
		p, err := r.Profile(s, u)
		if err != nil {
			return nil, err
		}
		plan.Shooters = append(plan.Shooters, u.ID)
		plan.Firepower += p.Firepower
		plan.Weapons = append(plan.Weapons, p.SuperHeavy...)
	}
	if len(plan.Shooters) == 0 {
		return nil, fmt.Errorf("%s has no flyer left", det)
	}
	tus := members(s, target)
	if len(tus) == 0 {
		return nil, fmt.Errorf("%s has no unit on the table", target)
	}
	if err := r.fillTargets(s, plan, t, tus, make([]float64, len(tus))); err != nil {
		return nil, err
	}
	return plan, nil
}

// missionChoices lists the missions each waiting flyer detachment may
// fly: none, intercept, a ground attack on each enemy detachment (with
// the odds of destroying a unit), a transport mission to each objective
// and to the middle of the table when it carries troops, and one beside
// each friendly detachment that could board when it has room (pickup.go).
func (r *Ruleset) missionChoices(s *rules.State, side string) []rules.Choice {
	o, _ := r.options(s)
	var out []rules.Choice
	add := func(c *MissionCmd, text string, units ...string) {
		if c.Validate(s) == nil {
			out = append(out, rules.Choice{Name: CmdMission, Text: text, Units: append([]string{c.Detachment}, units...), Cmd: c})
		}
	}
	su, _ := r.setup(s)
	for _, det := range s.Pending.Units {
		add(&MissionCmd{r: r, By: side, Detachment: det, Mission: MissionNone}, det+" stays on the ground")
		add(&MissionCmd{r: r, By: side, Detachment: det, Mission: MissionIntercept}, det+": intercept mission")
		for i := range s.Formations {
			t := &s.Formations[i]
			if t.Side == side || !alive(s, t.ID) {
				continue
			}
			text := fmt.Sprintf("%s: ground attack on %s", det, t.ID)
			if plan, err := r.GroundAttackPlan(s, det, t.ID); err == nil {
				if od, err := plan.Odds(o); err == nil {
					text += fmt.Sprintf(" (firepower %d: %s%.0f%% to destroy at least one unit)", plan.Firepower, ApproxWord(od.Approx), 100*od.Destroyed.AtLeast(1))
				}
			}
			add(&MissionCmd{r: r, By: side, Detachment: det, Mission: MissionGroundAttack, Target: t.ID}, text, t.ID)
		}
		for i := range s.Units {
			u := &s.Units[i]
			if _, ok := r.enemyTitan(s, side, u.ID); !ok {
				continue
			}
			text := fmt.Sprintf("%s: ground attack on titan %s (ATII rules, Gunnery %d+)", det, u.ID, atii.NonTitanGunnery)
			if v, err := r.FlyerTitanPlan(s, det, u.ID); err == nil {
				if od, err := v.Odds(); err == nil && len(od) > 0 {
					text += fmt.Sprintf(": %d attack(s), %.0f%% for a hit on the titan behind its shields (first attack)", len(v.Attacks), 100*od[0].AtLeastOneTitanHit)
				}
			}
			add(&MissionCmd{r: r, By: side, Detachment: det, Mission: MissionGroundAttack, Target: u.ID}, text, u.ID)
		}
		pts := []struct {
			name string
			at   world.Vec
		}{}
		for _, ob := range su.Objectives {
			pts = append(pts, struct {
				name string
				at   world.Vec
			}{ob.ID, ob.Pos.Add(world.Vec{X: 0, Y: 8})}, struct {
				name string
				at   world.Vec
			}{ob.ID, ob.Pos.Sub(world.Vec{X: 0, Y: 8})})
		}
		pts = append(pts, struct {
			name string
			at   world.Vec
		}{"the middle of the table", world.Vec{X: r.w.Table.W / 2, Y: r.w.Table.H / 2}})
		seen := map[string]bool{}
		if r.CarriedBy(s, det) > 0 {
			for _, p := range pts {
				c := &MissionCmd{r: r, By: side, Detachment: det, Mission: MissionTransport, To: p.at}
				if seen[p.name] || c.Validate(s) != nil {
					continue
				}
				seen[p.name] = true
				add(c, fmt.Sprintf("%s: transport mission, landing near %s (%.0f, %.0f)", det, p.name, p.at.X, p.at.Y))
			}
		}
		if r.hasRoom(s, det) {
			for _, p := range r.pickUpPoints(s, side) {
				add(&MissionCmd{r: r, By: side, Detachment: det, Mission: MissionTransport, To: p.at},
					fmt.Sprintf("%s: transport mission to pick up %s, landing at (%.0f, %.0f)", det, p.det, p.at.X, p.at.Y), p.det)
			}
		}
	}
	return out
}

// interceptChoices lists each interceptor able to attack the arrival,
// with its chance of destroying at least one of the arriving flyers, and
// letting it pass.
func (r *Ruleset) interceptChoices(s *rules.State, side string) []rules.Choice {
	fr := s.Proc()
	if fr == nil || fr.Proc != ProcIntercept {
		return nil
	}
	arrival := fr.Params.Value("arrival")
	var out []rules.Choice
	for _, id := range r.interceptors(s, side) {
		text := fmt.Sprintf("%s intercepts %s", id, arrival)
		if fs, targets, err := r.DogfightFlyers(s, id, arrival); err == nil {
			miss := 1.0
			for _, f := range fs {
				if f.Side != side {
					continue
				}
				for _, e := range fs {
					if e.ID == targets[f.ID] {
						miss *= 1 - DogfightKillChance(f.Gunnery, e.Armour)
					}
				}
			}
			text += fmt.Sprintf(" (%.0f%% to shoot down at least one, before return fire)", 100*(1-miss))
		}
		out = append(out, rules.Choice{Name: CmdIntercept, Text: text, Units: []string{id, arrival}, Cmd: &InterceptCmd{r: r, By: side, Interceptor: id}})
	}
	return append(out, rules.Choice{Name: CmdIntercept, Text: "let " + arrival + " pass", Units: []string{arrival}, Cmd: &InterceptCmd{r: r, By: side}})
}

// landingChoices lists, for each flyer of the landing detachment still
// carrying troops, its troops set down toward the nearest enemy and beside
// it, and keeping them aboard; for each flyer whose troops had their
// chance, its pick-ups (pickUpChoices).
func (r *Ruleset) landingChoices(s *rules.State, side string) []rules.Choice {
	fr := s.Proc()
	if fr == nil || fr.Proc != ProcLanding {
		return nil
	}
	var out []rules.Choice
	for _, t := range r.flyers(s, fr.Params.Value("detachment")) {
		if r.picking(s, t) {
			out = append(out, r.pickUpChoices(s, side, t)...)
			continue
		}
		if !r.landing(s, t) || len(Carried(s, t.ID)) == 0 {
			continue
		}
		out = append(out, r.disembarkChoices(s, side, t)...)
		out = append(out, rules.Choice{Name: CmdDisembark, Text: t.ID + " keeps its troops aboard", Units: []string{t.ID}, Cmd: &DisembarkCmd{r: r, By: side, Transport: t.ID}})
	}
	return out
}

// hasFlak reports whether detachment f has a flak unit (special orders).
func (r *Ruleset) hasFlak(s *rules.State, f string) bool {
	for _, u := range members(s, f) {
		if p, err := r.Profile(s, u); err == nil && p.Has(SpecialFlak) {
			return true
		}
	}
	return false
}
