package e40k

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// cardCombat puts smallBattle at the assault step's combats with b1 in
// base contact with m1 (the boyz, side 1, have just assaulted), as
// TestCombatBreaksLoserE40KBRK1 does: boyz 3, marines 7 (+2 bonus).
func cardCombat(t *testing.T, opts map[string]string) *rules.State {
	t.Helper()
	s := smallBattle(1, opts)
	s.Unit("b1").Pos = world.Vec{X: 20, Y: 22}
	s.Step = StepAssault
	if err := putProgress(s, Progress{Init: 1, First: 1, Stage: stageCombat, Assaulted: []string{"boyz"}}); err != nil {
		t.Fatal(err)
	}
	return s
}

// runAuto runs the assault step's automatic work until a decision is
// asked for or nothing is left.
func runAuto(t *testing.T, r *Ruleset, s *rules.State, d rules.Dice) []rules.Event {
	t.Helper()
	var evs []rules.Event
	for i := 0; i < 20 && s.Proc() == nil; i++ {
		e, did, err := r.autoAssault(s, d)
		if err != nil {
			t.Fatal(err)
		}
		evs = append(evs, e...)
		if !did {
			break
		}
	}
	return evs
}

// REM-CC-1: "roll 2d6 and pick the highest. A Counterattack Fate Card
// allows you to re-roll one of the dice" (seed 003). Without the card
// option no side is ever asked; with it, the losing boyz (1 and 2 against
// the marines' 3 + 2) are asked, re-roll their 1 into a 6 and lead 6 to
// 5; the marines, now losing, are asked in turn and keep their card; the
// boyz win by 1 (Narrow Win) and the marines break.
func TestCounterattackCardREMCC1(t *testing.T) {
	r := testRuleset(t)
	// Without the card (2D6 on): the same dice, the boyz lose.
	s := cardCombat(t, map[string]string{OptCC2D6: "on"})
	runAuto(t, r, s, rules.Scripted(1, 2, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1))
	if s.Proc() != nil || !s.Formation("boyz").Broken || s.Formation("marines").Broken {
		t.Fatalf("no card: frame %v, boyz broken %v, marines broken %v", s.Proc(), s.Formation("boyz").Broken, s.Formation("marines").Broken)
	}

	s = cardCombat(t, map[string]string{OptCounterattackCard: "on"})
	if o, _ := r.options(s); !o.CC2D6 {
		t.Fatal("the card option does not imply remastered/cc-2d6")
	}
	tray := rules.Scripted(1, 2, 3, 1, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
	runAuto(t, r, s, tray)
	if s.Pending == nil || s.Pending.Kind != KindCounterattack || s.Pending.Side != "orks" {
		t.Fatalf("pending %+v, want the orks' Counterattack decision", s.Pending)
	}
	if tray.Used() != 4 {
		t.Fatalf("%d dice used before the decision, want the four result dice", tray.Used())
	}
	ch := r.Legal(s, "orks")
	if len(ch) != 2 {
		t.Fatalf("choices %v, want play and keep", ch)
	}
	play, ok := ch[0].Cmd.(*CounterattackCmd)
	if !ok || !play.Play {
		t.Fatalf("first choice %q is not playing the card", ch[0].Text)
	}
	if err := play.Validate(s); err != nil {
		t.Fatal(err)
	}
	if _, err := play.Apply(s, tray); err != nil {
		t.Fatal(err)
	}
	if r.CardsLeft(s, "orks") != 0 || r.CardsLeft(s, "imperium") != 1 {
		t.Errorf("cards left: orks %d, imperium %d", r.CardsLeft(s, "orks"), r.CardsLeft(s, "imperium"))
	}
	if s.Pending == nil || s.Pending.Kind != KindCounterattack || s.Pending.Side != "imperium" {
		t.Fatalf("pending %+v, want the marines' answer", s.Pending)
	}
	// The orks cannot play a card they no longer hold.
	if err := (&CounterattackCmd{r: r, By: "orks", Play: true}).Validate(s); err == nil {
		t.Error("the orks may answer out of turn")
	}
	keep := &CounterattackCmd{r: r, By: "imperium"}
	if err := keep.Validate(s); err != nil {
		t.Fatal(err)
	}
	if _, err := keep.Apply(s, tray); err != nil {
		t.Fatal(err)
	}
	if s.Proc() != nil {
		t.Fatalf("a frame is still open: %+v", s.Proc())
	}
	if !s.Formation("marines").Broken || s.Formation("boyz").Broken {
		t.Errorf("after the card: marines broken %v, boyz broken %v; want the marines broken", s.Formation("marines").Broken, s.Formation("boyz").Broken)
	}
	if got := blast(s.Formation("marines")); got != 1 {
		t.Errorf("marines have %d blast markers, want 1 (lost by 1)", got)
	}
	g, err := r.progress(s)
	if err != nil || len(g.combats()) != 0 || len(g.Assaulted) != 0 {
		t.Errorf("progress %+v %v: combats left", g, err)
	}
}

// A side with no card left is not asked: after the boyz' card is spent,
// the same losing roll goes straight to the result (REM-CC-1 reading:
// one card a side for the game).
func TestCounterattackCardOncePerGameREMCC1(t *testing.T) {
	r := testRuleset(t)
	s := cardCombat(t, map[string]string{OptCounterattackCard: "on"})
	g, _ := r.progress(s)
	g.Cards = &CardProgress{Played: [2]int{0, CounterattackCards}}
	if err := r.storeProgress(s, g); err != nil {
		t.Fatal(err)
	}
	runAuto(t, r, s, rules.Scripted(1, 2, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1))
	if s.Proc() != nil || !s.Formation("boyz").Broken {
		t.Errorf("frame %+v, boyz broken %v: a side without a card was asked", s.Proc(), s.Formation("boyz").Broken)
	}
}

// Through the engine (REM-CC-1): random games with the card on reach the
// card decision, whose answers Legal offers and the engine accepts (the
// frame returns and the assault goes on); the log shows the card played
// or kept.
func TestCounterattackCardInPlayREMCC1(t *testing.T) {
	played, kept := 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		e := playRandom(t, seed, map[string]string{OptCounterattackCard: "on", OptNoArmyMorale: "on"})
		for _, ev := range e.State().Log {
			switch {
			case strings.Contains(ev.Text, "plays its Counterattack card"):
				played++
			case strings.Contains(ev.Text, "keeps its Counterattack card"):
				kept++
			}
		}
		if n := e.State().Log; len(n) == 0 {
			t.Fatalf("seed %d: empty log", seed)
		}
	}
	if played == 0 || kept == 0 {
		t.Errorf("over 12 random games the card was played %d and kept %d times; want both", played, kept)
	}
}
