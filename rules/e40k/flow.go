package e40k

import (
	"fmt"
	"strings"

	"github.com/auspex/auspex/rules"
)

// Step ids of the E40K flow table.
const (
	StepSetup       = "setup"
	StepOrders      = "orders"
	StepMoveInit    = "movement/initiative"
	StepMovement    = "movement"
	StepShootInit   = "shooting/initiative"
	StepShooting    = "shooting"
	StepShootInit2  = "shooting/initiative-2"
	StepWarEngines  = "shooting/war-engines"
	StepAssaultInit = "assault/initiative"
	StepAssault     = "assault"
	StepRally       = "rally"
)

// Command names.
const (
	CmdOrders     = "orders"
	CmdInitiative = "initiative"
	CmdMove       = "move"
	CmdFire       = "fire"
	CmdAssault    = "assault"
	CmdRally      = "rally"
	CmdPass       = "pass"
	CmdRest       = "special-rest"
)

// Stages of the movement and assault steps (Progress.Stage).
const (
	stageBombardStart = "bombard-start"
	stageRetreat      = "retreat"
	stageMoves        = "moves"
	stageBombardEnd   = "bombard-end"
	stageCombat       = "combat"
)

// Decision kinds.
const (
	KindOrders     = "orders"
	KindInitiative = "initiative"
	KindMove       = "move"
	KindBombard    = "bombard"
	KindOverwatch  = "overwatch"
	KindFire       = "fire"
	KindAssault    = "assault"
	KindRally      = "rally"
	// KindSpecialRest: the player of a detachment just put on special
	// orders chooses what its rest does (RestCmd, E40K-ART-1).
	KindSpecialRest = "special-rest"
)

// Commands implements rules.Ruleset.
func (r *Ruleset) Commands() []rules.CommandSpec {
	return []rules.CommandSpec{
		{Name: CmdOrders, Doc: "give a detachment its orders for the turn (assault, march, overwatch, special); a detachment with blast markers tests leadership first", New: func() rules.Command { return &OrdersCmd{r: r} }},
		{Name: CmdRest, Doc: "the rest of a detachment on special orders moves 5 cm and fires, or goes on overwatch (E40K-ART-1)", New: func() rules.Command { return &RestCmd{r: r} }},
		{Name: CmdInitiative, Doc: "the side whose initiative counter was drawn chooses to go first or second", New: func() rules.Command { return &InitiativeCmd{r: r} }},
		{Name: CmdMove, Doc: "move a detachment's units (movement phase): each unit in a straight line to its new place", New: func() rules.Command { return &MoveCmd{r: r} }},
		{Name: CmdFire, Doc: "a detachment shoots at an enemy detachment (shooting phase, overwatch fire, preparatory bombardment)", New: func() rules.Command { return &FireCmd{r: r} }},
		{Name: CmdAssault, Doc: "a detachment on assault orders makes its assault moves; its close combats and firefights follow", New: func() rules.Command { return &AssaultCmd{r: r} }},
		{Name: CmdRally, Doc: "a broken detachment tries to rally (leadership test)", New: func() rules.Command { return &RallyCmd{r: r} }},
		{Name: CmdTitanMove, Doc: "move a titan, or make its assault move and stomp stands (ATII rules inside E40K, seed 002)", New: func() rules.Command { return &TitanMoveCmd{r: r} }},
		{Name: CmdTitanFire, Doc: "fire a titan's weapons: at titans with the ATII rules, at detachments with their E40K firepower (seed 002)", New: func() rules.Command { return &TitanFireCmd{r: r} }},
		{Name: CmdPass, Doc: "a detachment does nothing now, or the side declines overwatch fire or a bombardment", New: func() rules.Command { return &PassCmd{r: r} }},
		{Name: CmdMission, Doc: "declare a flyer detachment's mission for the turn: ground attack, transport, intercept or none (seed 001, digest 8.6)", New: func() rules.Command { return &MissionCmd{r: r} }},
		{Name: CmdIntercept, Doc: "an interceptor attacks an arriving enemy flyer detachment (a dogfight), or lets it pass (digest 8.6)", New: func() rules.Command { return &InterceptCmd{r: r} }},
		{Name: CmdEmbark, Doc: "an infantry stand boards a friendly transport within its move (movement phase)", New: func() rules.Command { return &EmbarkCmd{r: r} }},
		{Name: CmdDisembark, Doc: "stands carried by a transport are set down, each up to its move less 5 cm (digest 8.3); a landed transport flyer's troops too", New: func() rules.Command { return &DisembarkCmd{r: r} }},
		{Name: CmdCounterattack, Doc: "play the Counterattack fate card to re-roll the lower of your close combat or firefight result dice, or keep it (REM-CC-1, remastered/counterattack-card)", New: func() rules.Command { return &CounterattackCmd{r: r} }},
		{Name: CmdPickUp, Doc: "a landed transport flyer picks up friendly infantry stands within their move, or takes off (pickup.go)", New: func() rules.Command { return &PickUpCmd{r: r} }},
	}
}

// Flow implements rules.Ruleset: the sequence of play of Epic 40,000.
//
//	setup                   strategy ratings settled (roll-off when equal)
//	orders         (turn)   each side orders its detachments (E40K-ORD-1)
//	movement/flyers         flyer missions declared (seed 001 movement step
//	                        1); each arrival may be intercepted (dogfight),
//	                        then ground attacks (flak first) and landings;
//	                        the flyers leave to rearm (digest 8.6)
//	movement/initiative     command check, an initiative counter drawn
//	movement/titans         titans move, sides alternating (seed 002);
//	                        overwatch fire at each (ATII rules)
//	movement                first then second player: bombardment window,
//	                        broken detachments retreat, moves (overwatch fire
//	                        at each), bombardment window (E40K-ART-1)
//	shooting/initiative     command check, counter drawn
//	shooting                vehicles and infantry, sides alternating
//	shooting/initiative-2   counter drawn again
//	shooting/war-engines    war engines and titans, sides alternating
//	assault/initiative      command check, counter drawn
//	assault/titans          titans' assault moves (stomps), then titan
//	                        close combats (seed 002)
//	assault                 first then second player: assault moves, then
//	                        that player's close combats and firefights
//	rally                   blast markers D6-1, rally tests, war engine
//	                        repairs, army morale and scenario end
func (r *Ruleset) Flow() []rules.Step {
	return []rules.Step{
		{ID: StepSetup, Phase: "set-up", Doc: "strategy ratings and detachment HQs", OnBegin: r.beginSetup, EndIf: always},
		{ID: StepOrders, Phase: "orders", NewTurn: true, Doc: "orders for every detachment (E40K-ORD-1, E40K-LD-1)", Allowed: []string{CmdOrders, CmdRest}, OnBegin: r.beginOrders, EndIf: r.noPending, NextFunc: r.afterOrders},
		{ID: StepFlyers, Phase: "movement", Doc: "flyer missions declared, interceptions, ground attacks and landings (seed 001 movement step 1; digest 8.6)", Allowed: []string{CmdMission, CmdIntercept, CmdDisembark, CmdPickUp}, OnBegin: r.beginFlyers, Auto: r.autoFlyers, EndIf: r.flyersDone},
		{ID: StepMoveInit, Phase: "movement", Doc: "command check and initiative (E40K-CMD-1, E40K-INI-1)", Allowed: []string{CmdInitiative}, OnBegin: r.beginInitiative(true), EndIf: r.firstChosen},
		{ID: StepTitanMove, Phase: "movement", Doc: "players alternate moving titans, lowest Man first (seed 002; ATII-MOV-1..6)", Allowed: []string{CmdTitanMove, CmdFire, CmdPass}, OnBegin: r.beginTitanPhase(false), EndIf: r.noPending},
		{ID: StepMovement, Phase: "movement", Doc: "first then second player move; retreats, overwatch fire, preparatory bombardment (E40K-BRK-1, E40K-ART-1)", Allowed: []string{CmdMove, CmdFire, CmdPass, CmdEmbark, CmdDisembark}, OnBegin: r.beginTwoPart(stageBombardStart), Auto: r.autoMovement, EndIf: r.noPending},
		{ID: StepShootInit, Phase: "shooting", Doc: "command check and initiative (E40K-CMD-1, E40K-INI-1)", Allowed: []string{CmdInitiative}, OnBegin: r.beginInitiative(true), EndIf: r.firstChosen},
		{ID: StepShooting, Phase: "shooting", Doc: "vehicles and infantry shoot, sides alternating (E40K-BM-1)", Allowed: []string{CmdFire, CmdPass}, OnBegin: r.beginShooting, EndIf: r.noPending},
		{ID: StepShootInit2, Phase: "shooting", Doc: "initiative again before the war engines shoot (E40K-INI-1)", Allowed: []string{CmdInitiative}, OnBegin: r.beginInitiative(false), EndIf: r.firstChosen},
		{ID: StepWarEngines, Phase: "shooting", Doc: "war engines and titans shoot, sides alternating (seed 002)", Allowed: []string{CmdFire, CmdTitanFire, CmdPass}, OnBegin: r.beginShooting, EndIf: r.noPending},
		{ID: StepAssaultInit, Phase: "assault", Doc: "command check and initiative (E40K-CMD-1, E40K-INI-1)", Allowed: []string{CmdInitiative}, OnBegin: r.beginInitiative(true), EndIf: r.firstChosen},
		{ID: StepTitanAssault, Phase: "assault", Doc: "players alternate titans' assault moves, highest Man first, stomping stands; then titan close combats (seed 002; ATII-CC-1..3)", Allowed: []string{CmdTitanMove, CmdPass}, OnBegin: r.beginTitanPhase(true), Auto: r.autoTitanCombat, EndIf: r.noPending},
		{ID: StepAssault, Phase: "assault", Doc: "first then second player's assault moves, the other player's snap fire, close combats and firefights (E40K-BRK-1, E40K-CMD-1)", Allowed: []string{CmdAssault, CmdFire, CmdPass, CmdCounterattack}, OnBegin: r.beginTwoPart(stageMoves), Auto: r.autoAssault, EndIf: r.noPending},
		{ID: StepRally, Phase: "rally", Doc: "blast markers removed, rally tests, war engine repairs, victory conditions", Allowed: []string{CmdRally, CmdPass}, OnBegin: r.beginRally, Auto: r.autoRally, EndIf: r.noPending, Next: StepOrders},
	}
}

func always(*rules.State) bool { return true }

// noPending: the step waits for nobody and has no automatic work left
// (sync and Auto keep Pending set while anything remains).
func (r *Ruleset) noPending(s *rules.State) bool {
	if s.Pending != nil {
		return false
	}
	g, err := r.progress(s)
	if err != nil {
		return true
	}
	switch s.Step {
	case StepMovement, StepAssault:
		return g.Sub >= 2
	case StepRally, StepTitanMove, StepTitanAssault:
		return g.Stage == stageDone
	}
	return true
}

func (r *Ruleset) firstChosen(s *rules.State) bool {
	g, err := r.progress(s)
	return err != nil || g.First >= 0
}

// beginSetup settles the strategy ratings (a roll-off on equal ratings,
// E40K-INI-1), gives every detachment an HQ and counts the armies.
func (r *Ruleset) beginSetup(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	sd, err := sides(s)
	if err != nil {
		return nil, err
	}
	su, err := r.setup(s)
	if err != nil {
		return nil, err
	}
	g, err := r.progress(s)
	if err != nil {
		return nil, err
	}
	ra, rb := su.Ratings[sd[0]], su.Ratings[sd[1]]
	var evs []rules.Event
	switch {
	case ra > rb:
		g.Higher = 0
	case rb > ra:
		g.Higher = 1
	default:
		var rolls [][2]int
		if g.Higher, rolls, err = rollOff(d, sd); err != nil {
			return nil, err
		}
		var said []string
		for _, f := range rolls {
			said = append(said, fmt.Sprintf("%s %d, %s %d", sd[0], f[0], sd[1], f[1]))
		}
		evs = append(evs, rules.Message(fmt.Sprintf("equal strategy ratings: roll-off %s: %s counts as the higher", strings.Join(said, "; re-rolled "), sd[g.Higher])))
	}
	if err := r.setupTitans(s); err != nil {
		return nil, err
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Destroyed || u.OffTable {
			continue
		}
		g.Start[sideIndex(s, u.Side)]++
		if r.IsTitan(u) {
			continue // shields kept by the titan's ATII state
		}
		p, err := r.Profile(s, u)
		if err != nil {
			return nil, err
		}
		u.Shields = shieldsLeft(&p, u)
	}
	air, err := r.deployAir(s)
	if err != nil {
		return nil, err
	}
	cc, err := r.commandCheck(s)
	if err != nil {
		return nil, err
	}
	return append(append(evs, air...), cc...), r.storeProgress(s, g)
}

// beginOrders starts a turn: per-turn flags cleared, the initiative cup
// refilled (E40K-INI-1), orders cleared (broken detachments stay broken).
func (r *Ruleset) beginOrders(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	sd, err := sides(s)
	if err != nil {
		return nil, err
	}
	if err := r.startTitans(s, d); err != nil {
		return nil, err
	}
	g, err := r.progress(s)
	if err != nil {
		return nil, err
	}
	for i := range s.Units {
		u := &s.Units[i]
		u.Fired, u.Moved, u.MovedDist, u.Activated = false, false, 0, false
	}
	for i := range s.Formations {
		f := &s.Formations[i]
		f.Orders = ""
		if f.Broken {
			f.Orders = OrderBroken
		}
	}
	g.Cup = NewCup(sd, g.Higher)
	g.Acted, g.Reaction, g.Assaulted, g.RestFor = nil, "", nil, ""
	g.Init, g.First = -1, -1
	return nil, r.sync(s, g)
}

// beginInitiative checks command (when check is set: at the start of a
// phase) and draws an initiative counter (E40K-INI-1).
func (r *Ruleset) beginInitiative(check bool) func(*rules.State, rules.Dice) ([]rules.Event, error) {
	return func(s *rules.State, d rules.Dice) ([]rules.Event, error) {
		var evs []rules.Event
		if check {
			cc, err := r.commandCheck(s)
			if err != nil {
				return nil, err
			}
			evs = cc
		}
		g, err := r.progress(s)
		if err != nil {
			return nil, err
		}
		before := g.Cup
		if before.Left[0]+before.Left[1] <= 0 {
			before = NewCup(before.Sides, g.Higher) // Draw refills it the same way
		}
		who, cup, err := g.Cup.Draw(d, g.Higher)
		if err != nil {
			return nil, err
		}
		g.Cup, g.Init, g.First = cup, who, -1
		// One counter drawn for both sides (E40K-INI-1): the line says
		// whose counters the die's faces were and who won the draw.
		evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: s.Sides[who].ID,
			Text: fmt.Sprintf("%s's initiative counter is drawn (cup: %s): %s has the initiative", s.Sides[who].ID, before.CupText(), s.Sides[who].ID)})
		return evs, r.sync(s, g)
	}
}

// beginTwoPart starts the movement or assault step.
func (r *Ruleset) beginTwoPart(stage string) func(*rules.State, rules.Dice) ([]rules.Event, error) {
	return func(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
		g, err := r.progress(s)
		if err != nil {
			return nil, err
		}
		g.Sub, g.Stage, g.Acted, g.Reaction, g.Assaulted = 0, stage, nil, "", nil
		return nil, r.sync(s, g)
	}
}

func (r *Ruleset) beginShooting(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	g, err := r.progress(s)
	if err != nil {
		return nil, err
	}
	g.Acted, g.ToAct, g.Reaction = nil, max(g.First, 0), ""
	return nil, r.sync(s, g)
}

// warEngineStep reports whether the current step shoots with war engines.
func warEngineStep(s *rules.State) bool { return s.Step == StepWarEngines }
