package atii

import (
	"fmt"
	"maps"
	"sort"
	"strings"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
)

// Step ids of the ATII flow table.
const (
	StepMission     = "mission"
	StepDeploy      = "deploy"
	StepInitiative  = "initiative"
	StepMovement    = "movement"
	StepShooting    = "shooting"
	StepAssault     = "assault"
	StepCloseCombat = "close-combat"
	StepRally       = "rally"
	StepEnd         = "end"
	// StepDebrief is no longer a step: mission games are judged by the
	// rules when they end (JudgeObjective). The id stays for callers.
	StepDebrief = "debrief"
)

// KindInitiative is the decision to go first or second (the turn's, or a
// phase's: GameProgress.Choosing).
const KindInitiative = "initiative"

// KindAllocate is the decision to allocate a titan's repair successes
// after its roll (AllocateCmd).
const KindAllocate = "allocate-repairs"

// Command names.
const (
	CmdDeploy = "deploy"
	CmdOrder  = "order"
	CmdMove   = "move"
	CmdHold   = "hold"
	CmdFire   = "fire"
	CmdRepair = "repair"
	// CmdAllocate allocates the repairs a roll gave (after the dice).
	CmdAllocate = "allocate"
)

// Commands implements rules.Ruleset.
func (r *Ruleset) Commands() []rules.CommandSpec {
	return []rules.CommandSpec{
		{Name: CmdDeploy, Doc: "place a titan inside the side's deployment zone (lowest Man first)", New: func() rules.Command { return &DeployCmd{r: r} }},
		{Name: CmdOrder, Doc: "the initiative winner chooses to go first or second this turn, and again for the assault phase", New: func() rules.Command { return &OrderCmd{r: r} }},
		{Name: CmdMove, Doc: "move a titan along waypoints (movement or assault phase); dangerous terrain dice are rolled as needed", New: func() rules.Command { return &MoveCmd{r: r} }},
		{Name: CmdHold, Doc: "a titan does not move (or does not fire) this phase", New: func() rules.Command { return &HoldCmd{r: r} }},
		{Name: CmdFire, Doc: "declare every weapon's target and aim for one titan, then resolve them", New: func() rules.Command { return &FireCmd{r: r} }},
		{Name: CmdRepair, Doc: "roll a damaged titan's repair dice; the player then allocates the successes (allocate); saves of older versions list priorities instead", New: func() rules.Command { return &RepairCmd{r: r} }},
		{Name: CmdDisengage, Doc: "at the start of the turn, declare the side's titans that disengage (double Speed, no shooting or close combat, may leave the table)", New: func() rules.Command { return &DisengageCmd{r: r} }},
		{Name: CmdAllocate, Doc: "allocate a titan's repair successes after seeing the dice: the systems each repair fixes", New: func() rules.Command { return &AllocateCmd{r: r} }},
		{Name: CmdOverwatch, Doc: "end-of-turn orders: the titans that go on overwatch for the next turn (advanced rule)", New: func() rules.Command { return &OverwatchCmd{r: r} }},
		{Name: CmdPass, Doc: "decline to fire with titans on overwatch now (advanced rule)", New: func() rules.Command { return &PassCmd{r: r} }},
		{Name: CmdShields, Doc: "standing order: overload a titan's void shields as they go down, or stop (advanced rule)", New: func() rules.Command { return &ShieldsCmd{r: r} }},
	}
}

// Flow implements rules.Ruleset. One game turn:
//
//	mission      (set-up)  secret objective cards drawn when the scenario asks
//	deploy       (set-up)  roll-off, lower sets up first; alternate, lowest Man first
//	initiative   (turn)    shields repaired last turn come up, reactor power rolls;
//	                       each side rolls a D6 (ties re-rolled), the winner
//	                       chooses to go first or second (and may declare
//	                       disengaging titans, DisengageCmd)
//	movement               alternate one titan at a time, lowest Man first
//	shooting               alternate one titan at a time in player order
//	assault                alternate, highest Man first; contact allowed
//	close-combat (auto)    every engaged pair fights
//	rally                  each damaged titan rolls repairs, the player allocates them
//	end                    victory points; the game ends on the turn limit or
//	                       when a side has no titan left (mission games: the
//	                       objectives are judged); overwatch orders
func (r *Ruleset) Flow() []rules.Step {
	move := []string{CmdMove, CmdHold}
	return []rules.Step{
		{ID: StepMission, Phase: "set-up", Doc: "secret objectives are drawn", OnBegin: r.beginMission, EndIf: always},
		{ID: StepDeploy, Phase: "set-up", Doc: "titans not pre-placed are deployed in their zones", Allowed: []string{CmdDeploy}, OnBegin: r.beginDeploy, EndIf: r.deployDone},
		{ID: StepInitiative, Phase: "initiative", NewTurn: true, Doc: "start of turn, initiative, disengaging titans declared", Allowed: []string{CmdOrder, CmdDisengage}, OnBegin: r.beginTurn, EndIf: r.orderChosen},
		{ID: StepMovement, Phase: "movement", Doc: "titans move one at a time, lowest Man first (ATII-MOV-1)", Allowed: append(move, CmdDisengage), OnBegin: r.beginMovement, Auto: r.sweepFallen, EndIf: r.orderDone(false)},
		{ID: StepShooting, Phase: "shooting", Doc: "titans fire one at a time (ATII-SHT-1, ATII-SHT-2)", Allowed: []string{CmdFire, CmdHold, CmdOrder}, OnBegin: r.beginShooting, Auto: r.sweepFallen, EndIf: r.orderDone(false)},
		{ID: StepAssault, Phase: "assault", Doc: "the initiative winner chooses the order again; assault moves, highest Man first (ATII-MOV-1, ATII-CC-1)", Allowed: append(move, CmdOrder), OnBegin: r.beginAssault, Auto: r.sweepFallen, EndIf: r.orderDone(true)},
		{ID: StepCloseCombat, Phase: "assault", Doc: "close combats are fought (ATII-CC-2, ATII-CC-3)", OnBegin: r.beginCloseCombat, Auto: r.autoCloseCombat, EndIf: r.combatsDone},
		{ID: StepRally, Phase: "rally", Doc: "repairs (ATII-REP-1)", Allowed: []string{CmdRepair, CmdAllocate}, OnBegin: r.beginRally, EndIf: r.rallyDone},
		{ID: StepEnd, Phase: "end", Doc: "victory points, the end of the game (mission objectives judged), end-of-turn orders (overwatch)", Allowed: []string{CmdOverwatch, CmdShields}, OnBegin: r.beginEnd, EndIf: r.ordersDone, Next: StepInitiative},
	}
}

func always(*rules.State) bool { return true }

// beginMission fixes each side's home point and, when the scenario's
// mission asks for secret objectives, runs the mission generator: each
// side draws a card from the stand-in deck (a roll secret to that side),
// its force level gives the side's points limit, and the two objective
// types give the deployment map, whose zones the sides then deploy in
// (GameSetup.Maps; a scenario without them keeps its own zones). The
// draws and the cards are secret to their side; the map is public.
func (r *Ruleset) beginMission(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	a, b, err := sideIDs(s)
	if err != nil {
		return nil, err
	}
	setup, err := r.setup(s)
	if err != nil {
		return nil, err
	}
	g, err := r.progress(s)
	if err != nil {
		return nil, err
	}
	if setup.Mission == nil {
		return nil, keepProgress(s, g)
	}
	if !setup.Mission.Secret {
		if g.Homes, err = r.homes(s, setup); err != nil {
			return nil, err
		}
		return nil, keepProgress(s, g)
	}
	bfl := 2000
	if setup.Mission.ForceLevel > 0 {
		bfl = setup.Mission.ForceLevel
	}
	switch bfl {
	case 1000, 2000, 3000, 4000:
	default:
		bfl = 2000
	}
	m, err := GenerateSecretMission(bfl, StandInObjectives(), [2]string{a, b}, d)
	if err != nil {
		return nil, err
	}
	g.Cards = map[string]ObjectiveCard{a: m.Cards[0], b: m.Cards[1]}
	g.Map, g.Points = m.Map, map[string]int{a: m.Points[0], b: m.Points[1]}
	used, err := adoptMap(&setup, m, a, b)
	if err != nil {
		return nil, err
	}
	if used {
		if err := SetSetup(s, setup); err != nil {
			return nil, err
		}
	}
	if g.Homes, err = r.homes(s, setup); err != nil {
		return nil, err
	}
	var evs []rules.Event
	for i, sd := range []string{a, b} {
		evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: sd,
			Text: fmt.Sprintf("%s draws a secret %s objective: %s (force level %d: %d points)", sd, m.Cards[i].Type, m.Cards[i].Name, m.Cards[i].ForceLevel, m.Points[i]),
			Data: map[string]string{"secret": "objective"}})
	}
	text := fmt.Sprintf("the objectives give deployment map %s", m.Map)
	if used {
		text += fmt.Sprintf(": %s deploys in %s, %s in %s", a, r.ZoneName(setup.SideZones[a]), b, r.ZoneName(setup.SideZones[b]))
	}
	evs = append(evs, rules.Message(text))
	return evs, keepProgress(s, g)
}

// adoptMap makes the sides deploy in the zones of the mission's map when
// the set-up holds it: the map's zones are added and each side gets the
// slot of its objective type (the first side the first slot when both fit).
// It reports whether the map was found. Errors: a map without two slots.
func adoptMap(setup *GameSetup, m Mission, a, b string) (bool, error) {
	md, ok := setup.Maps[m.Map]
	if !ok {
		return false, nil
	}
	if len(md.Slots) != 2 {
		return false, fmt.Errorf("mission: deployment map %s has %d deployment zones, want 2", m.Map, len(md.Slots))
	}
	za, zb := md.Slots[0].Zone, md.Slots[1].Zone
	if t := md.Slots[0].Type; t != "" && t != m.Cards[0].Type && t == m.Cards[1].Type {
		za, zb = zb, za
	}
	// The stored set-up is shared by every state of the game: write into
	// copies of its maps.
	setup.Zones, setup.SideZones = maps.Clone(setup.Zones), maps.Clone(setup.SideZones)
	if setup.Zones == nil {
		setup.Zones = map[string][][]Point{}
	}
	if setup.SideZones == nil {
		setup.SideZones = map[string]string{}
	}
	for id, polys := range md.Zones {
		setup.Zones[id] = polys
	}
	setup.SideZones[a], setup.SideZones[b] = za, zb
	return true, nil
}

// beginDeploy rolls off for deployment when titans wait to be placed: each
// side rolls a D6, re-rolling ties; the lower sets up a titan first, then
// the sides alternate, lowest Man first.
func (r *Ruleset) beginDeploy(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	a, b, err := sideIDs(s)
	if err != nil {
		return nil, err
	}
	g, err := r.progress(s)
	if err != nil {
		return nil, err
	}
	g.Order, g.Last = nil, ""
	for i := range s.Units {
		u := &s.Units[i]
		if u.Markers.Value(MarkUnplaced) == 0 {
			continue
		}
		p, err := r.profile(u)
		if err != nil {
			return nil, err
		}
		g.Order = append(g.Order, OrderEntry{ID: u.ID, Side: u.Side, Man: sheet.Of(p).Man})
	}
	if len(g.Order) == 0 {
		return nil, keepProgress(s, g)
	}
	var evs []rules.Event
	for try := 0; ; try++ {
		if try == 50 {
			return nil, fmt.Errorf("deployment roll-off tied 50 times")
		}
		f := d.Roll(rules.Roll{Purpose: fmt.Sprintf("deployment roll-off (%s, %s; lower sets up first)", a, b), Sides: 6}, 2)
		if f[0] == f[1] {
			continue
		}
		g.DeployFirst = a
		if f[1] < f[0] {
			g.DeployFirst = b
		}
		evs = append(evs, rules.Message(fmt.Sprintf("%s sets up first", g.DeployFirst)))
		break
	}
	r.setOrderPending(s, &g, g.DeployFirst, otherSide(s, g.DeployFirst), false, "deploy", []string{CmdDeploy})
	return evs, keepProgress(s, g)
}

func (r *Ruleset) deployDone(s *rules.State) bool {
	for i := range s.Units {
		if s.Units[i].Markers.Value(MarkUnplaced) > 0 {
			return false
		}
	}
	return true
}

// beginTurn starts a turn: per-turn flags cleared, shields repaired last
// rally come back up, damaged reactors roll power for each weapon
// (StartTurn); then initiative: each side rolls a D6, ties re-rolled, and
// the winner must choose to go first or second.
func (r *Ruleset) beginTurn(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	a, b, err := sideIDs(s)
	if err != nil {
		return nil, err
	}
	for i := range s.Units {
		u := &s.Units[i]
		u.Activated, u.Moved, u.Fired, u.MovedDist = false, false, false, 0
		u.Markers.Delete(MarkCharged)
		if u.Destroyed || u.OffTable {
			continue
		}
		p, err := r.profile(u)
		if err != nil {
			return nil, err
		}
		ts, err := titanView(u) // StartTurn copies it
		if err != nil {
			return nil, err
		}
		ts.Disengaging = false
		ns, err := StartTurn(p, ts, d)
		if err != nil {
			return nil, err
		}
		if len(ns.WeaponsOffline) > 0 {
			rules.LogEvents(d, rules.Event{Kind: rules.EvMessage, Units: []string{u.ID}, Text: fmt.Sprintf("%s: no reactor power this turn for %s", u.ID, strings.Join(ns.WeaponsOffline, ", "))})
		}
		if err := keepTitan(u, p, ns); err != nil {
			return nil, err
		}
	}
	g, err := r.progress(s)
	if err != nil {
		return nil, err
	}
	g.First, g.Second, g.Order, g.Last, g.Combats = "", "", nil, "", nil
	g.OrdersDue = nil
	g.Choosing, g.Repair = false, nil
	for try := 0; ; try++ {
		if try == 50 {
			return nil, fmt.Errorf("initiative roll tied 50 times")
		}
		f := d.Roll(rules.Roll{Purpose: fmt.Sprintf("initiative (%s, %s; ties re-rolled)", a, b), Sides: 6}, 2)
		if f[0] == f[1] {
			continue
		}
		g.InitiativeWinner = a
		if f[1] > f[0] {
			g.InitiativeWinner = b
		}
		break
	}
	s.Active = g.InitiativeWinner
	s.Pending = &rules.Decision{Side: g.InitiativeWinner, Kind: KindInitiative, Commands: withDisengage([]string{CmdOrder}),
		Prompt: "won the initiative: go first or second this turn"}
	return []rules.Event{rules.Message(g.InitiativeWinner + " wins the initiative")}, keepProgress(s, g)
}

func (r *Ruleset) orderChosen(s *rules.State) bool {
	g, err := r.progress(s)
	return err == nil && g.First != ""
}

// setOrderPending gives the decision to the side whose titan acts next in
// g.Order (NextSide), or clears it when nobody is left. cmds is a list
// the caller built for it: the decision keeps it (or a longer copy).
func (r *Ruleset) setOrderPending(s *rules.State, g *GameProgress, first, second string, assault bool, kind string, cmds []string) {
	side := NextSide(g.Order, first, second, g.Last, assault)
	if side == "" {
		s.Active, s.Pending = "", nil
		return
	}
	ids := Movable(g.Order, side, assault)
	if kind == "move" && !sideActed(g.Order, side) {
		cmds = withDisengage(cmds) // still the start of this side's turn
	}
	s.Active = side
	var head string
	switch kind {
	case "deploy":
		head = "deploy a titan in your zone (lowest Man first): "
	case "move":
		head = "move a titan (lowest Man first; moving a higher-Man titan forfeits the others): "
	case "assault":
		head = "make an assault move (highest Man first): "
	case "fire":
		head = "fire with a titan: "
	}
	s.Pending = &rules.Decision{Side: side, Kind: kind, Prompt: promptList(head, ids), Commands: cmds, Units: ids}
}

// promptList is head followed by ids, comma-separated, built in one
// string; "" without a head.
func promptList(head string, ids []string) string {
	if head == "" {
		return ""
	}
	n := len(head)
	for i, id := range ids {
		if i > 0 {
			n += len(", ")
		}
		n += len(id)
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(head)
	for i, id := range ids {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(id)
	}
	return b.String()
}

// sideActed reports whether a titan of side has acted in the phase.
func sideActed(order []OrderEntry, side string) bool {
	for _, e := range order {
		if e.Side == side && e.Moved {
			return true
		}
	}
	return false
}

// advanceOrder marks id as having acted in the phase (with forfeits, see
// StartMove) and passes the decision on.
func (r *Ruleset) advanceOrder(s *rules.State, id string) error {
	g, err := r.progressView(s)
	if err != nil {
		return err
	}
	assault := s.Step == StepAssault
	ord, err := StartMove(g.Order, id, assault)
	if err != nil {
		return err
	}
	g.Order = ord
	u := s.Unit(id)
	if u != nil {
		g.Last = u.Side
	}
	first, second := g.First, g.Second
	kind, cmds := "", []string{}
	switch s.Step {
	case StepDeploy:
		first, second = g.DeployFirst, otherSide(s, g.DeployFirst)
		kind, cmds = "deploy", []string{CmdDeploy}
	case StepMovement:
		kind, cmds = "move", []string{CmdMove, CmdHold}
	case StepAssault:
		kind, cmds = "assault", []string{CmdMove, CmdHold}
	case StepShooting:
		kind, cmds = "fire", []string{CmdFire, CmdHold}
	}
	if s.Step != StepDeploy {
		opts, err := r.options(s)
		if err != nil {
			return err
		}
		cmds = withShields(opts, cmds)
	}
	r.setOrderPending(s, &g, first, second, assault, kind, cmds)
	return keepProgress(s, g)
}

// forfeited lists titans of the order that lost their move by id acting:
// those StartMove would mark as forfeit, read without copying the order
// (nil when StartMove would refuse).
func forfeited(before []OrderEntry, id string, assault bool) []string {
	k := -1
	for i, e := range before {
		if e.ID == id {
			k = i // the last match, as StartMove
		}
	}
	if k < 0 || before[k].Moved || before[k].Forfeit {
		return nil
	}
	var out []string
	for i, e := range before {
		if i != k && e.Side == before[k].Side && !e.Moved && !e.Forfeit && mustWait(before[k], e, assault) {
			out = append(out, e.ID)
		}
	}
	return out
}

func (r *Ruleset) orderDone(assault bool) func(*rules.State) bool {
	return func(s *rules.State) bool {
		g, err := r.progressView(s) // only read
		if err != nil {
			return false
		}
		return NextSide(g.Order, g.First, g.Second, g.Last, assault) == ""
	}
}

// reactorChecks rolls the 4+ to move for titans with Major reactor damage.
func (r *Ruleset) reactorChecks(s *rules.State, d rules.Dice) error {
	for i := range s.Units {
		u := &s.Units[i]
		if !operational(u) {
			continue
		}
		p, err := r.profile(u)
		if err != nil {
			return err
		}
		ts, err := titanView(u) // ReactorMoveCheck copies it
		if err != nil {
			return err
		}
		if !ts.Stalled && (ts.Destroyed || ts.Reactor != Major) {
			continue // ReactorMoveCheck would roll nothing and change nothing
		}
		ns, err := ReactorMoveCheck(p, ts, d)
		if err != nil {
			return err
		}
		if ns.Stalled {
			rules.LogEvents(d, rules.Message(u.ID+": the damaged reactor fails, the titan cannot move this phase"))
		}
		if err := keepTitan(u, p, ns); err != nil {
			return err
		}
	}
	return nil
}

// beginPhase builds the activation order of a phase from the operational
// titans that pass include, and gives the first decision.
//
// With choose, the initiative winner first chooses to go first or second
// in this phase (GameProgress.Choosing; OrderCmd gives the first decision
// of the phase afterwards); nothing is asked when no titan takes part.
func (r *Ruleset) beginPhase(s *rules.State, assault bool, kind string, cmds []string, manOrder, choose bool, include func(titan) bool) error {
	g, err := r.progress(s)
	if err != nil {
		return err
	}
	opts, err := r.options(s)
	if err != nil {
		return err
	}
	cmds = withShields(opts, cmds)
	g.Order, g.Last = nil, ""
	for i := range s.Units {
		u := &s.Units[i]
		u.Activated = false
		if !operational(u) {
			continue
		}
		t, err := r.titan(s, u.ID)
		if err != nil {
			return err
		}
		if !include(t) {
			continue
		}
		man := 0
		if manOrder {
			man = sheet.Of(t.prof).Man
		}
		g.Order = append(g.Order, OrderEntry{ID: u.ID, Side: u.Side, Man: man})
	}
	g.Choosing = choose && len(g.Order) > 0 && g.InitiativeWinner != ""
	if g.Choosing {
		s.Active = g.InitiativeWinner
		s.Pending = &rules.Decision{Side: g.InitiativeWinner, Kind: KindInitiative, Commands: []string{CmdOrder},
			Prompt: "holds the initiative: go first or second in the " + s.Phase + " phase"}
		return keepProgress(s, g)
	}
	r.setOrderPending(s, &g, g.First, g.Second, assault, kind, cmds)
	return keepProgress(s, g)
}

func (r *Ruleset) beginMovement(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	if err := r.reactorChecks(s, d); err != nil {
		return nil, err
	}
	return nil, r.beginPhase(s, false, "move", []string{CmdMove, CmdHold}, true, false, func(t titan) bool { return CanMove(t.ts) == nil })
}

// beginShooting: every titan with a weapon able to fire takes part, in
// player order (no Man order); titans in close combat do not, unless the
// point-blank option lets them shoot their opponent.
func (r *Ruleset) beginShooting(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	opts, err := r.options(s)
	if err != nil {
		return nil, err
	}
	return nil, r.beginPhase(s, false, "fire", []string{CmdFire, CmdHold}, false, opts.InitiativeEachPhase, func(t titan) bool {
		if t.u.Fired {
			return false // fired on overwatch earlier this turn
		}
		if !opts.PointBlank && len(r.enemiesInContact(s, t.u)) > 0 {
			return false // ATII-SHT-1: titans in close combat cannot fire
		}
		for _, m := range sheet.Of(t.prof).Mounts {
			w, err := r.weaponAt(t.u, m.ID)
			if err != nil || w.Kind == catalog.CloseCombat {
				continue
			}
			if canFire(t.prof, &t.ts, m.ID, w) {
				return true
			}
		}
		return false
	})
}

func (r *Ruleset) beginAssault(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	if err := r.reactorChecks(s, d); err != nil {
		return nil, err
	}
	return nil, r.beginPhase(s, true, "assault", []string{CmdMove, CmdHold}, true, true, func(t titan) bool { return CanMove(t.ts) == nil })
}

// beginCloseCombat lists every pair of enemy titans in base contact.
func (r *Ruleset) beginCloseCombat(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	s.Active, s.Pending = "", nil
	g, err := r.progress(s)
	if err != nil {
		return nil, err
	}
	g.Combats = nil
	for i := range s.Units {
		u := &s.Units[i]
		if !operational(u) {
			continue
		}
		for _, o := range r.enemiesInContact(s, u) {
			if u.ID < o {
				g.Combats = append(g.Combats, CCPair{A: u.ID, B: o})
			}
		}
	}
	sort.Slice(g.Combats, func(i, j int) bool {
		if g.Combats[i].A != g.Combats[j].A {
			return g.Combats[i].A < g.Combats[j].A
		}
		return g.Combats[i].B < g.Combats[j].B
	})
	return nil, keepProgress(s, g)
}

func (r *Ruleset) combatsDone(s *rules.State) bool {
	g, err := r.progress(s)
	if err != nil {
		return false
	}
	for _, c := range g.Combats {
		if !c.Done {
			return false
		}
	}
	return true
}

// autoCloseCombat fights the next melee: the first pair still to fight
// with every pair joined to it by a titan in common (ATII-CC-1, ATII-CC-2,
// ATII-CC-3; ResolveMelee).
func (r *Ruleset) autoCloseCombat(s *rules.State, d rules.Dice) ([]rules.Event, bool, error) {
	g, err := r.progress(s)
	if err != nil {
		return nil, false, err
	}
	k := -1
	for i, c := range g.Combats {
		if !c.Done {
			k = i
			break
		}
	}
	if k < 0 {
		// Titans on overwatch may fire once the combats are over, the
		// first player's first; the offers return to the rally step, so
		// they are made once (and not again while they are open).
		opts, err := r.options(s)
		if err != nil || !opts.Overwatch || s.Proc() != nil {
			return nil, false, err
		}
		return nil, false, r.offerPostCombat(s, g, opts)
	}
	// The melee: every pair still to fight joined to this one by a
	// titan in common, fought as one (ATII-CC-1, ATII-CC-2).
	ids := []string{g.Combats[k].A, g.Combats[k].B}
	for grew := true; grew; {
		grew = false
		for i := range g.Combats {
			c := &g.Combats[i]
			if c.Done || !(hasString(ids, c.A) || hasString(ids, c.B)) {
				continue
			}
			c.Done, grew = true, true
			for _, id := range []string{c.A, c.B} {
				if !hasString(ids, id) {
					ids = append(ids, id)
				}
			}
		}
	}
	sort.Strings(ids)
	var pairs []CCPair
	for _, c := range g.Combats {
		if hasString(ids, c.A) {
			pairs = append(pairs, c)
		}
	}
	if err := putProgress(s, g); err != nil {
		return nil, false, err
	}
	opts, err := r.options(s)
	if err != nil {
		return nil, false, err
	}
	ts, fs, err := r.meleeFighters(s, ids, pairs)
	if err != nil || len(fs) < 2 {
		return nil, err == nil, err
	}
	var names []string
	for _, f := range fs {
		names = append(names, f.ID)
	}
	text := fmt.Sprintf("close combat: %s against %s", names[0], names[1])
	if len(fs) > 2 {
		text = "close combat (one melee): " + strings.Join(names, ", ")
	}
	rules.LogEvents(d, rules.Event{Kind: rules.EvMessage, Units: names, Text: text})
	res, err := ResolveMelee(fs, opts, d)
	if err != nil {
		return nil, false, err
	}
	var evs []rules.Event
	for _, st := range res.Strikes {
		evs = append(evs, rules.Event{Kind: rules.EvMessage, Units: []string{st.Attacker, st.Target},
			Text: fmt.Sprintf("%s strikes %s with %s: %d attack(s), %d hit(s)", st.Attacker, st.Target, st.Weapon.Name, st.Attacks, st.Hits)})
		evs = append(evs, damageEvents(st.Target, st.Results)...)
	}
	for _, t := range ts {
		after := res.States[t.u.ID]
		if err := putTitan(t.u, t.prof, after); err != nil {
			return nil, false, err
		}
		if !t.ts.Destroyed && after.Destroyed {
			evs = append(evs, destroyedEvent(t.u.ID, after))
		}
	}
	rules.LogEvents(d, evs...)
	if err := r.resolveExplosions(s, d, opts); err != nil {
		return nil, false, err
	}
	return nil, true, nil
}

// meleeFighters builds the fighters of one melee from the titans ids
// (sorted) and the pairs in contact among them; titans no longer
// operational and titans left without an operational opponent are left
// out.
func (r *Ruleset) meleeFighters(s *rules.State, ids []string, pairs []CCPair) ([]titan, []MeleeFighter, error) {
	byID := map[string]titan{}
	for _, id := range ids {
		t, err := r.titan(s, id)
		if err != nil {
			return nil, nil, err
		}
		if operational(t.u) {
			byID[id] = t
		}
	}
	var ts []titan
	var fs []MeleeFighter
	for _, id := range ids {
		me, ok := byID[id]
		if !ok {
			continue
		}
		var opps []string
		for _, c := range pairs {
			switch {
			case c.A == id && byID[c.B].u != nil:
				opps = append(opps, c.B)
			case c.B == id && byID[c.A].u != nil:
				opps = append(opps, c.A)
			}
		}
		if len(opps) == 0 {
			continue
		}
		sort.Strings(opps)
		f := MeleeFighter{ID: id, Unit: me.prof, State: me.ts, Weapons: map[string]*catalog.Weapon{}, InArc: map[string][]string{},
			HitFrom: map[string]HitContext{}, Charged: me.u.Markers.Value(MarkCharged) > 0}
		mb := r.base(me.u)
		for _, m := range sheet.Of(me.prof).Mounts {
			w, err := r.weaponAt(me.u, m.ID)
			if err != nil {
				return nil, nil, err
			}
			f.Weapons[m.ID] = w
		}
		for _, o := range opps {
			ob := r.base(byID[o].u)
			for _, m := range sheet.Of(me.prof).Mounts {
				in, err := mountSees(m.Arc, mb, ob)
				if err != nil {
					return nil, nil, err
				}
				if in {
					f.InArc[m.ID] = append(f.InArc[m.ID], o)
				}
			}
			f.HitFrom[o] = hitContext(mb, ob.Pos)
		}
		f.Opponents = opps
		ts = append(ts, me)
		fs = append(fs, f)
	}
	return ts, fs, nil
}

// combatant builds one side of a close combat: fitted weapons, which
// mounts have the opponent in their arc, the charge bonus and where the
// opponent's blows come from.
func (r *Ruleset) combatant(me, opp titan) (Combatant, error) {
	c := Combatant{ID: me.u.ID, Unit: me.prof, State: me.ts, Weapons: map[string]*catalog.Weapon{}, InArc: map[string]bool{},
		Charged: me.u.Markers.Value(MarkCharged) > 0}
	mb, ob := r.base(me.u), r.base(opp.u)
	for _, m := range sheet.Of(me.prof).Mounts {
		w, err := r.weaponAt(me.u, m.ID)
		if err != nil {
			return c, err
		}
		c.Weapons[m.ID] = w
		in, err := mountSees(m.Arc, mb, ob)
		if err != nil {
			return c, err
		}
		c.InArc[m.ID] = in
	}
	c.Hit = hitContext(mb, ob.Pos)
	return c, nil
}

// beginRally asks each damaged titan's player to roll repairs, the first
// player's titans first (ATII-REP-1).
func (r *Ruleset) beginRally(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	for i := range s.Units {
		u := &s.Units[i]
		u.Activated = true
		if !operational(u) {
			continue
		}
		t, err := r.titan(s, u.ID)
		if err != nil {
			return nil, err
		}
		if anyRepairable(t.prof, t.ts) {
			u.Activated = false
		}
	}
	return nil, r.rallyPending(s)
}

// rallyPending gives the decision to the first side with a titan still to
// roll repairs.
func (r *Ruleset) rallyPending(s *rules.State) error {
	g, err := r.progressView(s) // only read
	if err != nil {
		return err
	}
	if pr := g.Repair; pr != nil {
		s.Active = pr.Side
		s.Pending = &rules.Decision{Side: pr.Side, Kind: KindAllocate, Commands: []string{CmdAllocate}, Units: []string{pr.Unit},
			Prompt: fmt.Sprintf("allocate %s's %d repair(s): choose what each one fixes", pr.Unit, pr.Successes)}
		return nil
	}
	for _, side := range []string{g.First, g.Second} {
		var ids []string
		for i := range s.Units {
			u := &s.Units[i]
			if u.Side == side && !u.Activated && operational(u) {
				ids = append(ids, u.ID)
			}
		}
		if len(ids) > 0 {
			s.Active = side
			s.Pending = &rules.Decision{Side: side, Kind: "repair", Commands: []string{CmdRepair}, Units: ids,
				Prompt: "roll repairs for a damaged titan (then allocate them): " + strings.Join(ids, ", ")}
			return nil
		}
	}
	s.Active, s.Pending = "", nil
	return nil
}

func (r *Ruleset) rallyDone(s *rules.State) bool {
	if g, err := r.progressView(s); err != nil || g.Repair != nil {
		return false
	}
	for i := range s.Units {
		u := &s.Units[i]
		if !u.Activated && operational(u) {
			return false
		}
	}
	return true
}

// beginEnd scores victory points (atii.TitanVictoryPoints) for each side.
func (r *Ruleset) beginEnd(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	s.Active, s.Pending = "", nil
	vp, err := r.VictoryPoints(s)
	if err != nil {
		return nil, err
	}
	var parts []string
	for i := range s.Sides {
		sd := &s.Sides[i]
		sd.Markers.Set(MarkVP, vp[sd.ID])
		parts = append(parts, fmt.Sprintf("%s %d", sd.ID, vp[sd.ID]))
	}
	setup, err := r.setup(s)
	if err != nil {
		return nil, err
	}
	return []rules.Event{rules.Message("victory points: " + strings.Join(parts, ", "))}, r.beginOrders(s, setup)
}
