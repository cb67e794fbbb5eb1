package e40k

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// toDecision submits first choices (assault orders) until side waits for
// kind.
func toDecision(t *testing.T, e *rules.Engine, side, kind string) {
	t.Helper()
	for n := 0; n < 400; n++ {
		p := e.State().Pending
		if p == nil {
			t.Fatalf("no decision at %s", e.State().Step)
		}
		if p.Kind == kind && p.Side == side {
			return
		}
		toKind(t, e, p.Kind, OrderAssault)
		p = e.State().Pending
		if p.Kind == kind && p.Side == side {
			return
		}
		ch := e.Legal(p.Side)
		if len(ch) == 0 {
			t.Fatalf("no choice at %s (%s)", e.State().Step, p.Kind)
		}
		submit(t, e, ch[0].Cmd)
	}
	t.Fatalf("%s never waited for %s", side, kind)
}

// choiceOf returns the first legal choice of side whose command is a T
// accepted by keep.
func choiceOf[T rules.Command](t *testing.T, e *rules.Engine, side string, keep func(T) bool) T {
	t.Helper()
	for _, c := range e.Legal(side) {
		if x, ok := c.Cmd.(T); ok && keep(x) {
			return x
		}
	}
	var zero T
	t.Fatalf("no such choice among %d at %s", len(e.Legal(side)), e.State().Step)
	return zero
}

// Seed 001 movement step 1 (transport mission) and digest 8.3/8.6, with
// the pick-up reading of pickup.go: the gunship lands beside the marines,
// its own troops get out first (digest 8.3: their move less 5 cm), then
// marines within their move (assault orders: 10 cm) board up to its room;
// stands that moved, stands out of reach and a third stand are refused.
// The gunship leaves with them; they are in reserve (not lost for army
// morale, E40K army morale) and next time it flies a transport mission
// they are set down at its new landing point: redeployed.
func TestTransportFlyerPicksUpAndRedeploysE40K(t *testing.T) {
	e, r := airEngine(t, 3, map[string]string{OptFlyersQuickRearm: "on"})
	toDecision(t, e, "imperium", KindMission)
	land := world.Vec{X: 30, Y: 30}
	submit(t, e, &MissionCmd{r: r, By: "imperium", Detachment: "hawks", Mission: MissionTransport, To: land})
	toDecision(t, e, "imperium", KindLanding)
	st := e.State()
	if got := st.Unit("gs").Pos; got != land {
		t.Fatalf("gunship landed at %v, want %v", got, land)
	}
	if err := e.Check(&PickUpCmd{r: r, By: "imperium", Transport: "gs", Units: []string{"m3"}}); err == nil {
		t.Error("a pick-up before the gunship's own troops had their chance to get out")
	}
	dis := choiceOf(t, e, "imperium", func(c *DisembarkCmd) bool { return len(c.Moves) == 2 })
	submit(t, e, dis)
	st = e.State()
	if st.Unit("d1").OffTable || st.Unit("d2").OffTable {
		t.Fatal("the gunship's troops did not get out")
	}
	if p := st.Pending; p == nil || p.Kind != KindLanding {
		t.Fatalf("no pick-up offered after the troops got out: %+v", p)
	}
	for _, tc := range []struct {
		units []string
		want  string
	}{
		{[]string{"m1"}, "move allows 10.0 cm"},      // 10.6 cm away
		{[]string{"d1"}, "already moved"},            // just disembarked
		{[]string{"rh"}, "not infantry"},             // a Rhino
		{[]string{"m2", "m3", "m4"}, "room for 2"},   // transport 2
		{[]string{"m3", "m3"}, "named twice"},        // one stand, two places
		{[]string{"b1"}, "only friendly stands"},     // an Ork
		{[]string{"gs"}, "only friendly stands"},     // itself (off the table)
		{[]string{"m5"}, "move allows 10.0 cm"},      // 10.6 cm away
		{[]string{"nobody"}, "only friendly stands"}, // no such unit
	} {
		err := e.Check(&PickUpCmd{r: r, By: "imperium", Transport: "gs", Units: tc.units})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("pick up %v: %v, want %q", tc.units, err, tc.want)
		}
	}
	var offered []string
	for _, c := range e.Legal("imperium") {
		if pc, ok := c.Cmd.(*PickUpCmd); ok {
			offered = append(offered, strings.Join(pc.Units, "+"))
		}
	}
	if len(offered) < 2 || offered[0] != "" || offered[1] != "m3+m2" {
		t.Errorf("pick-ups offered %q: want taking off first, then the nearest marines m3+m2", offered)
	}
	evs := submit(t, e, &PickUpCmd{r: r, By: "imperium", Transport: "gs", Units: []string{"m3", "m4"}})
	st = e.State()
	for _, id := range []string{"m3", "m4"} {
		if u := st.Unit(id); !u.OffTable || Aboard(u) != "gs" || !u.Moved {
			t.Errorf("%s: off %v aboard %q moved %v", id, u.OffTable, Aboard(u), u.Moved)
		}
	}
	if len(evs) == 0 || !strings.Contains(evs[0].Text, "picked up by gs") {
		t.Errorf("events %v", evs)
	}
	if f := st.Proc(); f != nil && f.Proc == ProcLanding {
		t.Error("the landing goes on after the pick-up")
	}
	j := &judge{r: r, s: st}
	for _, id := range []string{"m3", "m4"} {
		if j.Lost(st.Unit(id)) {
			t.Errorf("%s, aboard the gunship, counts as lost", id)
		}
	}
	// Next turn (quick rearm): a transport mission elsewhere sets them
	// down there.
	toDecision(t, e, "imperium", KindMission)
	if e.State().Turn != 2 {
		t.Fatalf("next mission at turn %d", e.State().Turn)
	}
	if n := r.CarriedBy(e.State(), "hawks"); n != 2 {
		t.Fatalf("the gunship carries %d stands at its airfield, want 2", n)
	}
	far := world.Vec{X: 60, Y: 40}
	submit(t, e, &MissionCmd{r: r, By: "imperium", Detachment: "hawks", Mission: MissionTransport, To: far})
	toDecision(t, e, "imperium", KindLanding)
	submit(t, e, choiceOf(t, e, "imperium", func(c *DisembarkCmd) bool { return len(c.Moves) == 2 }))
	st = e.State()
	gb, _ := r.base(st, st.Unit("gs"))
	for _, id := range []string{"m3", "m4"} {
		u := st.Unit(id)
		ub, _ := r.base(st, u)
		if u.OffTable || Aboard(u) != "" || world.Distance(gb, ub) > 5+world.Eps {
			t.Errorf("%s redeployed: off %v aboard %q %.1f cm from the gunship at %v", id, u.OffTable, Aboard(u), world.Distance(gb, ub), far)
		}
	}
}

// A transport mission may be flown with nobody aboard to pick troops up,
// but only by flyers with room; when nobody is in reach of the landing
// the flyer takes off at once (no decision).
func TestEmptyTransportMissionE40K(t *testing.T) {
	e, r := airEngine(t, 4, nil)
	toDecision(t, e, "imperium", KindMission)
	st := e.State().Clone()
	for i := range st.Units {
		if u := &st.Units[i]; Aboard(u) == "gs" {
			u.Ext.Delete(ExtAboard)
			u.OffTable = false
		}
	}
	if err := (&MissionCmd{r: r, By: "imperium", Detachment: "hawks", Mission: MissionTransport, To: world.Vec{X: 30, Y: 30}}).Validate(st); err != nil {
		t.Errorf("empty gunship on a transport mission: %v", err)
	}
	var pickups int
	for _, c := range r.missionChoices(st, "imperium") {
		if mc := c.Cmd.(*MissionCmd); mc.Mission == MissionTransport {
			pickups++
			if !strings.Contains(c.Text, "pick up") {
				t.Errorf("empty gunship offered %q", c.Text)
			}
		}
	}
	if pickups == 0 {
		t.Error("no pick-up mission offered to the empty gunship")
	}
	st.Pending.Side, st.Pending.Units = "orks", []string{"fighters"}
	if err := (&MissionCmd{r: r, By: "orks", Detachment: "fighters", Mission: MissionTransport, To: world.Vec{X: 60, Y: 100}}).Validate(st); err == nil || !strings.Contains(err.Error(), "no room") {
		t.Errorf("fighters on a transport mission: %v", err)
	}
	// Landing far from every friendly stand: it takes off at once.
	submit(t, e, &MissionCmd{r: r, By: "imperium", Detachment: "hawks", Mission: MissionTransport, To: world.Vec{X: 100, Y: 60}})
	toDecision(t, e, "imperium", KindLanding)
	submit(t, e, &DisembarkCmd{r: r, By: "imperium", Transport: "gs"}) // keep them aboard
	found := false
	for _, ev := range e.State().Log {
		found = found || strings.Contains(ev.Text, "takes off") || strings.Contains(ev.Text, "picks up")
	}
	if p := e.State().Pending; p != nil && p.Kind == KindLanding {
		t.Errorf("a pick-up offered with nobody in reach: %s", p.Prompt)
	}
	if found {
		t.Error("a pick-up event with nobody in reach")
	}
	if n := r.CarriedBy(e.State(), "hawks"); n != 2 {
		t.Errorf("troops kept aboard: %d", n)
	}
}

// Random games with the pick-up: every offered pick-up validates (the
// playout checks each choice) and some stands are picked up.
func TestRandomPlayoutPickUpE40K(t *testing.T) {
	picked := 0
	for seed := uint64(1); seed <= 60 && picked == 0; seed++ {
		e := playRandomOn(t, airRuleset(t), airBattle(seed, map[string]string{OptFlyersQuickRearm: "on"}), seed)
		for _, ev := range e.State().Log {
			if strings.Contains(ev.Text, "is picked up by") {
				picked++
			}
		}
	}
	if picked == 0 {
		t.Error("no stand picked up in 60 random games")
	}
}
