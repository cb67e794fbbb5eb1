package e40k

import (
	"fmt"

	"github.com/auspex/auspex/rules"
)

// The Counterattack fate card of REM-CC-1 (seed 003, "Combat
// Resolution": "roll 2d6 and pick the highest. A Counterattack Fate Card
// allows you to re-roll one of the dice"), under OptCounterattackCard.
// Seed 003 says nothing more about fate cards: how many a side holds, how
// they are dealt or when one may be played are Auspex's reading
// (docs/rules/e40k.md):
//
//   - each side holds CounterattackCards (one) for the game;
//   - after both sides' result dice of a close combat or firefight
//     between detachments are rolled, a side that holds a card and whose
//     total is not higher than the other's (losing or tied) is asked
//     whether to play it: the assaulting side first, then the defending
//     side; a side asked once is not asked again about the same roll;
//   - playing it re-rolls the lower of the side's two dice (re-rolling
//     the higher can only do worse under "keep the highest"), the bonus
//     unchanged; the totals are compared again, and the other side, now
//     losing or tied, may answer with its own card;
//   - a tie after that is fought again as usual (E40K-CC-4), and the new
//     roll may be answered with a card again while one is held.
//
// A firefight against a titan (seed 002) is not offered the card.

// Card decision, procedure and command.
const (
	// KindCounterattack is the decision to play the Counterattack card.
	KindCounterattack = "counterattack"
	// ProcCounterattack is the procedure frame of that decision.
	ProcCounterattack = "counterattack"
	// CmdCounterattack answers it.
	CmdCounterattack = "counterattack"
)

// cardFight is a close combat or firefight being fought under
// OptCounterattackCard: the current result dice of each side (index 0
// the assaulting detachment) and who was asked about them. It rides in
// the decision's frame (Params and Nums) while a side decides.
type cardFight struct {
	Kind, Att, Def string
	Faces          [2][2]int
	Ties           int
	Asked          [2]bool
}

// frame is the decision frame asking side (index k) about its card.
func (cf cardFight) frame(side string, k int, units []string, total [2]int) rules.Frame {
	fr := rules.Frame{Proc: ProcCounterattack, Side: side, Kind: KindCounterattack,
		Prompt: fmt.Sprintf("%s: your result is %d against %d (dice %d and %d): play your Counterattack card to re-roll the %d, or keep it",
			cf.Kind, total[k], total[1-k], cf.Faces[k][0], cf.Faces[k][1], min(cf.Faces[k][0], cf.Faces[k][1])),
		Commands: []string{CmdCounterattack}, Units: units}
	fr.Params.Set("kind", cf.Kind)
	fr.Params.Set("att", cf.Att)
	fr.Params.Set("def", cf.Def)
	fr.Params.Set("asking", fmt.Sprint(k))
	for i := 0; i < 2; i++ {
		fr.Nums.Set(fmt.Sprintf("die-%d-%d", i, 0), cf.Faces[i][0])
		fr.Nums.Set(fmt.Sprintf("die-%d-%d", i, 1), cf.Faces[i][1])
		if cf.Asked[i] {
			fr.Nums.Set(fmt.Sprintf("asked-%d", i), 1)
		}
	}
	fr.Nums.Set("ties", cf.Ties)
	return fr
}

// cardFightOf decodes a counterattack frame.
func cardFightOf(fr *rules.Frame) (cardFight, int, error) {
	if fr == nil || fr.Proc != ProcCounterattack {
		return cardFight{}, 0, fmt.Errorf("no Counterattack card decision under way")
	}
	cf := cardFight{Kind: fr.Params.Value("kind"), Att: fr.Params.Value("att"), Def: fr.Params.Value("def"), Ties: fr.Nums.Value("ties")}
	for k := 0; k < 2; k++ {
		cf.Faces[k] = [2]int{fr.Nums.Value(fmt.Sprintf("die-%d-%d", k, 0)), fr.Nums.Value(fmt.Sprintf("die-%d-%d", k, 1))}
		cf.Asked[k] = fr.Nums.Value(fmt.Sprintf("asked-%d", k)) > 0
	}
	asking := 0
	if fr.Params.Value("asking") == "1" {
		asking = 1
	}
	return cf, asking, nil
}

// CardsLeft is how many Counterattack cards side (an id) still holds: 0
// when OptCounterattackCard is off.
func (r *Ruleset) CardsLeft(s *rules.State, side string) int {
	o, err := r.options(s)
	if err != nil || !o.CounterattackCard {
		return 0
	}
	g, err := r.progress(s)
	if err != nil {
		return 0
	}
	return max(CounterattackCards-g.played(sideIndex(s, side)), 0)
}

// CardProgress is Progress's part for OptCounterattackCard.
type CardProgress struct {
	// Combats are the combats the attacking detachment has yet to
	// fight, Played the cards each side (by index) has played.
	Combats []QueuedCombat `json:"combats,omitempty"`
	Played  [2]int         `json:"played"`
}

// clone is a deep copy (nil stays nil).
func (c *CardProgress) clone() *CardProgress {
	if c == nil {
		return nil
	}
	n := *c
	n.Combats = append([]QueuedCombat(nil), c.Combats...)
	return &n
}

// played is how many Counterattack cards side index i has played.
func (g *Progress) played(i int) int {
	if g.Cards == nil || i < 0 || i > 1 {
		return 0
	}
	return g.Cards.Played[i]
}

// playCard counts a Counterattack card played by side index i.
func (g *Progress) playCard(i int) {
	if g.Cards == nil {
		g.Cards = &CardProgress{}
	}
	g.Cards.Played[i]++
}

// combats is the queue of combats left (nil without one).
func (g *Progress) combats() []QueuedCombat {
	if g.Cards == nil {
		return nil
	}
	return g.Cards.Combats
}

// setCombats sets the queue of combats left.
func (g *Progress) setCombats(q []QueuedCombat) {
	if g.Cards == nil {
		if len(q) == 0 {
			return
		}
		g.Cards = &CardProgress{}
	}
	g.Cards.Combats = q
}

// rollResultFaces rolls a side's two result dice (REM-CC-1) and logs
// them.
func rollResultFaces(d rules.Dice, kind string, s CombatSide, bonus int) ([2]int, error) {
	f, err := roll(d, rules.Roll{Purpose: fmt.Sprintf("%s result %s (2D6 keep the highest)", kind, s.Detachment), Sides: 6,
		Mods: []string{fmt.Sprintf("%+d bonus", bonus)}, Units: s.Units}, 2)
	if err != nil {
		return [2]int{}, err
	}
	return [2]int{f[0], f[1]}, nil
}

// startCardFight opens a combat between att and def under
// OptCounterattackCard: both sides' result dice are rolled, then
// runCardFight goes on.
func (r *Ruleset) startCardFight(s *rules.State, d rules.Dice, q QueuedCombat, o Options) ([]rules.Event, error) {
	cs, fighters, err := r.combatSides(s, q.Kind, q.Att, q.Def, o)
	if err != nil || fighters[0] == nil {
		return nil, err
	}
	evs := r.combatOpens(s, d, q.Kind, q.Att, q.Def, cs)
	cf := cardFight{Kind: q.Kind, Att: q.Att, Def: q.Def}
	if cf.Faces, err = rollBoth(d, q.Kind, cs); err != nil {
		return nil, err
	}
	more, err := r.runCardFight(s, d, cf, o)
	return append(evs, more...), err
}

func rollBoth(d rules.Dice, kind string, cs [2]CombatSide) ([2][2]int, error) {
	var out [2][2]int
	for k := 0; k < 2; k++ {
		f, err := rollResultFaces(d, kind, cs[k], CombatBonus(cs[k], cs[1-k]))
		if err != nil {
			return out, err
		}
		out[k] = f
	}
	return out, nil
}

// runCardFight carries a combat on from its current result dice: it asks
// a side that may play its card (a frame; the answer comes back through
// CounterattackCmd), fights ties again, or, with a winner, rolls the hits
// and applies the outcome (afterFight).
func (r *Ruleset) runCardFight(s *rules.State, d rules.Dice, cf cardFight, o Options) ([]rules.Event, error) {
	g, err := r.progress(s)
	if err != nil {
		return nil, err
	}
	var evs []rules.Event
	for {
		cs, fighters, err := r.combatSides(s, cf.Kind, cf.Att, cf.Def, o)
		if err != nil || fighters[0] == nil {
			return evs, err
		}
		cs[0].Markers += cf.Ties
		cs[1].Markers += cf.Ties
		var total [2]int
		for k := 0; k < 2; k++ {
			total[k] = max(cf.Faces[k][0], cf.Faces[k][1]) + CombatBonus(cs[k], cs[1-k])
		}
		for k := 0; k < 2; k++ {
			f := s.Formation([2]string{cf.Att, cf.Def}[k])
			if cf.Asked[k] || total[k] > total[1-k] || f == nil || CounterattackCards-g.played(sideIndex(s, f.Side)) <= 0 {
				continue
			}
			return evs, s.Call(cf.frame(f.Side, k, append(append([]string(nil), cs[0].Units...), cs[1].Units...), total))
		}
		if total[0] == total[1] {
			cf.Ties++
			cf.Asked = [2]bool{}
			if cf.Ties > MaxTies {
				more, err := r.afterFight(s, cf.Kind, cf.Att, cf.Def, CombatResult{Kind: cf.Kind, Winner: -1, Ties: cf.Ties}, fighters, o)
				return append(evs, more...), err
			}
			cs[0].Markers++
			cs[1].Markers++
			if cf.Faces, err = rollBoth(d, cf.Kind, cs); err != nil {
				return nil, err
			}
			continue
		}
		res := CombatResult{Kind: cf.Kind, Winner: 0, Diff: total[0] - total[1], Ties: cf.Ties}
		if total[1] > total[0] {
			res.Winner, res.Diff = 1, total[1]-total[0]
		}
		if res.Row, err = ResultFor(res.Diff); err != nil {
			return nil, err
		}
		if res.Hits, err = rollCombatHits(d, cf.Kind, res.Row, res.Winner, cs); err != nil {
			return nil, err
		}
		more, err := r.afterFight(s, cf.Kind, cf.Att, cf.Def, res, fighters, o)
		return append(evs, more...), err
	}
}

// autoAssaultCards is autoAssault under OptCounterattackCard: the
// combats of the next attacking detachment are queued (CardProgress.Combats)
// and fought one a call, each of which may stop for a side's card.
func (r *Ruleset) autoAssaultCards(s *rules.State, d rules.Dice, g Progress, o Options) ([]rules.Event, bool, error) {
	if fr := s.Proc(); fr != nil {
		return nil, false, nil // a side decides on its card
	}
	if len(g.combats()) == 0 {
		if len(g.Assaulted) == 0 {
			return nil, false, nil
		}
		att := g.Assaulted[0]
		g.Assaulted = g.Assaulted[1:]
		queue, titan, evs, err := r.combatsAfterDuels(s, d, att)
		if err != nil {
			return nil, false, err
		}
		g.setCombats(queue)
		if titan != "" {
			more, err := r.titanFirefight(s, d, att, titan)
			if err != nil {
				return nil, false, err
			}
			cev, err := r.catastrophes(s, d)
			if err != nil {
				return nil, false, err
			}
			evs = append(append(evs, more...), cev...)
		}
		return evs, true, r.sync(s, g)
	}
	q := g.combats()[0]
	g.setCombats(g.combats()[1:])
	if err := r.storeProgress(s, g); err != nil {
		return nil, false, err
	}
	evs, err := r.startCardFight(s, d, q, o)
	if err != nil {
		return nil, false, err
	}
	if s.Proc() != nil {
		return evs, true, nil
	}
	cev, err := r.catastrophes(s, d)
	if err != nil {
		return nil, false, err
	}
	return append(evs, cev...), true, r.sync(s, g)
}

// CounterattackCmd answers a Counterattack card decision: Play re-rolls
// the lower of the side's two result dice and spends the card; without
// it the side keeps the card. The combat then goes on (the other side
// may answer with its own card).
type CounterattackCmd struct {
	r    *Ruleset
	By   string `json:"by"`
	Play bool   `json:"play,omitempty"`
}

// Name implements rules.Command.
func (*CounterattackCmd) Name() string { return CmdCounterattack }

// Actor implements rules.Command.
func (c *CounterattackCmd) Actor() string { return c.By }

// Validate implements rules.Command.
func (c *CounterattackCmd) Validate(s *rules.State) error {
	if _, err := c.r.pendingOf(s, c.By, KindCounterattack); err != nil {
		return err
	}
	if _, _, err := cardFightOf(s.Proc()); err != nil {
		return err
	}
	if c.Play && c.r.CardsLeft(s, c.By) <= 0 {
		return fmt.Errorf("%s holds no Counterattack card", c.By)
	}
	return nil
}

// Apply implements rules.Command.
func (c *CounterattackCmd) Apply(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	cf, k, err := cardFightOf(s.Proc())
	if err != nil {
		return nil, err
	}
	if _, err := s.Return(); err != nil {
		return nil, err
	}
	o, err := c.r.options(s)
	if err != nil {
		return nil, err
	}
	cf.Asked[k] = true
	det := [2]string{cf.Att, cf.Def}[k]
	var evs []rules.Event
	if c.Play {
		g, err := c.r.progress(s)
		if err != nil {
			return nil, err
		}
		g.playCard(sideIndex(s, c.By))
		if err := c.r.storeProgress(s, g); err != nil {
			return nil, err
		}
		lo := 0
		if cf.Faces[k][1] < cf.Faces[k][0] {
			lo = 1
		}
		f, err := roll(d, rules.Roll{Purpose: fmt.Sprintf("%s result %s: the Counterattack card re-rolls the %d (REM-CC-1)", cf.Kind, det, cf.Faces[k][lo]), Sides: 6}, 1)
		if err != nil {
			return nil, err
		}
		evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: c.By,
			Text: fmt.Sprintf("%s plays its Counterattack card: %s re-rolls its %d and rolls %d", c.By, det, cf.Faces[k][lo], f[0]),
			Data: map[string]string{"counterattack": fmt.Sprint(f[0])}})
		cf.Faces[k][lo] = f[0]
	} else {
		evs = append(evs, rules.Message(fmt.Sprintf("%s keeps its Counterattack card", c.By)))
	}
	more, err := c.r.runCardFight(s, d, cf, o)
	if err != nil {
		return nil, err
	}
	evs = append(evs, more...)
	if s.Proc() != nil {
		return evs, nil
	}
	cev, err := c.r.catastrophes(s, d)
	if err != nil {
		return nil, err
	}
	g, err := c.r.progress(s)
	if err != nil {
		return nil, err
	}
	return append(evs, cev...), c.r.sync(s, g)
}

// counterattackChoices are the two answers to a card decision.
func (r *Ruleset) counterattackChoices(s *rules.State, side string) []rules.Choice {
	cf, k, err := cardFightOf(s.Proc())
	if err != nil {
		return nil
	}
	lo := min(cf.Faces[k][0], cf.Faces[k][1])
	var out []rules.Choice
	if r.CardsLeft(s, side) > 0 {
		out = append(out, rules.Choice{Name: CmdCounterattack, Text: fmt.Sprintf("play the Counterattack card: re-roll the %d", lo), Cmd: &CounterattackCmd{r: r, By: side, Play: true}})
	}
	return append(out, rules.Choice{Name: CmdCounterattack, Text: "keep the Counterattack card", Cmd: &CounterattackCmd{r: r, By: side}})
}
