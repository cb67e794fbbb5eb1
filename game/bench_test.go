package game_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/scenarios"
)

// BenchmarkReplaySixTurns loads the golden six-turn battlegroup game (ten
// titans, 159 commands): parse the save and the scenario, rebuild
// the table, replay every command through the engine with its hash check.
// The unit catalogue is loaded once, as the program does. Target: under
// 100 ms.
func BenchmarkReplaySixTurns(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("testdata", "battlegroup.auspex-save"))
	if err != nil {
		b.Fatal(err)
	}
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	defer cpuPerOp(b)()
	for b.Loop() {
		g, err := testSystems.Load(data, game.Config{Catalogue: cat})
		if err != nil {
			b.Fatal(err)
		}
		if g.State().Turn != 6 {
			b.Fatal("not a six-turn game")
		}
	}
}

// BenchmarkCloneATIIState clones the state of the six-turn battlegroup
// game at its end (ten titans with their ATII state, loadouts, damage; the
// log shared). Target: under 20 us.
func BenchmarkCloneATIIState(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("testdata", "battlegroup.auspex-save"))
	if err != nil {
		b.Fatal(err)
	}
	g, err := testSystems.Load(data, game.Config{})
	if err != nil {
		b.Fatal(err)
	}
	s := g.State()
	b.ReportAllocs()
	defer cpuPerOp(b)()
	for b.Loop() {
		if c := s.Clone(); len(c.Units) != len(s.Units) {
			b.Fatal("bad clone")
		}
	}
}

// The engine figures of issue 9, measured on titan-battlegroup (ten
// titans). benchPlayout is the variant the playout benchmark plays:
// aggressive players, so that games come to blows and end.
var benchPlayout = playoutVariant{name: "aggressive", aggressive: true}

// benchSampled is the variant the playout benchmarks play: aggressive
// players whose moves are drawn by the system's sampler (game.Sample, as
// game.Random and a search's playouts fill templates), each checked.
var benchSampled = playoutVariant{name: "sampled", aggressive: true, sampled: true}

// benchPlain is benchSampled without checking every offered choice and
// every sample with the engine (the invariant tests and the Checked
// benchmarks do): the plain random playout of issue 9's figure. It plays
// the same games.
var benchPlain = playoutVariant{name: "plain", aggressive: true, sampled: true, unchecked: true}

// benchBattlegroup opens titan-battlegroup with the catalogue loaded once.
func benchBattlegroup(b testing.TB) (*scenarios.Scenario, *catalog.Catalogue) {
	b.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		b.Fatal(err)
	}
	scn, err := scenarios.Open(scenarios.BundledPrefix+"titan-battlegroup", cat)
	if err != nil {
		b.Fatal(err)
	}
	return scn, cat
}

// benchGameAt plays a seeded random game of titan-battlegroup until stop
// holds for the state about to be decided and returns the game and the
// deciding side.
func benchGameAt(b *testing.B, stop func(*game.Game, string) bool) (*game.Game, string) {
	return benchGameAtMode(b, false, stop)
}

// benchGameAtMode is benchGameAt with the engine in quiet mode or not (the
// dice are the same, so is the position).
func benchGameAtMode(b *testing.B, quiet bool, stop func(*game.Game, string) bool) (*game.Game, string) {
	b.Helper()
	scn, cat := benchBattlegroup(b)
	for seed := uint64(17); seed < 40; seed++ {
		g, err := testSystems.New(scn, game.Config{Seed: seed, Catalogue: cat, Quiet: quiet})
		if err != nil {
			b.Fatal(err)
		}
		found := ""
		err = playRandomGame(g, benchPlayout, seed, func(g *game.Game, side string) bool {
			if stop(g, side) {
				found = side
				return true
			}
			return false
		})
		if err != nil {
			b.Fatal(err)
		}
		if found != "" {
			return g, found
		}
	}
	b.Fatal("no game reached the wanted position")
	return nil, ""
}

// alive counts the titans on the table.
func alive(s *rules.State) int {
	n := 0
	for i := range s.Units {
		if u := &s.Units[i]; !u.Destroyed && !u.OffTable && u.Markers.Value(atii.MarkUnplaced) == 0 {
			n++
		}
	}
	return n
}

// fireChoices returns the fire commands side is offered now.
func fireChoices(g *game.Game, side string) []rules.Command {
	var out []rules.Command
	for _, c := range g.Engine.Legal(side) {
		if c.Name == atii.CmdFire && c.Continuous == "" {
			out = append(out, c.Cmd)
		}
	}
	return out
}

// benchShooting is a shooting decision with all ten titans on the table.
func benchShooting(b *testing.B) (*game.Game, string) {
	return benchGameAt(b, func(g *game.Game, side string) bool {
		return alive(g.State()) == 10 && len(fireChoices(g, side)) > 0
	})
}

// BenchmarkPlayoutBattlegroup plays whole random games of
// titan-battlegroup (aggressive players, moves drawn by the system's
// sampler, every offered choice and every sample checked, as
// TestRandomPlayoutInvariants does, without the final save and replay),
// the engine logging.
func BenchmarkPlayoutBattlegroup(b *testing.B) { benchPlayoutGames(b, benchSampled, false) }

// BenchmarkPlayoutBattlegroupQuiet is the plain random playout in the
// engine's quiet mode (no log, no event text, no replay hashes), as a
// search plays: moves drawn by the sampler, choices not checked one by
// one. Issue 9's target: at least 300 games/s per core.
func BenchmarkPlayoutBattlegroupQuiet(b *testing.B) { benchPlayoutGames(b, benchPlain, true) }

// BenchmarkPlayoutBattlegroupQuietChecked is the quiet playout checking
// every offered choice and every sample, as the invariant tests do (the
// figure BenchmarkPlayoutBattlegroupQuiet reported before 2026-11-24).
func BenchmarkPlayoutBattlegroupQuietChecked(b *testing.B) { benchPlayoutGames(b, benchSampled, true) }

// BenchmarkPlayoutBattlegroupQuietCandidates is the quiet playout with
// every move template filled from the full candidate list (every
// candidate measured and checked), as the invariant tests play.
func BenchmarkPlayoutBattlegroupQuietCandidates(b *testing.B) {
	benchPlayoutGames(b, benchPlayout, true)
}

func benchPlayoutGames(b *testing.B, v playoutVariant, quiet bool) {
	scn, cat := benchBattlegroup(b)
	b.ReportAllocs()
	seed, cmds := uint64(0), 0
	defer cpuPerOp(b)()
	for b.Loop() {
		seed++
		g, err := testSystems.New(scn, game.Config{Seed: seed, Catalogue: cat, Quiet: quiet})
		if err != nil {
			b.Fatal(err)
		}
		if err := playRandomGame(g, v, seed, nil); err != nil {
			b.Fatal(err)
		}
		cmds += g.State().Seq
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	// Commands a game: a change that shortens the games is seen here.
	b.ReportMetric(float64(cmds)/float64(b.N), "cmds/game")
}

// BenchmarkLegalShooting asks for the choices at a shooting decision with
// ten titans on the table. Target: at most 50 us.
func BenchmarkLegalShooting(b *testing.B) {
	g, side := benchShooting(b)
	b.ReportAllocs()
	defer cpuPerOp(b)()
	for b.Loop() {
		if len(g.Engine.Legal(side)) == 0 {
			b.Fatal("no choices")
		}
	}
}

// BenchmarkLegalShootingCold is LegalShooting with every titan moved by
// a hair each time, so that the ruleset's sight memo never has the lines:
// the figure of a position Legal has not seen.
func BenchmarkLegalShootingCold(b *testing.B) {
	g, side := benchShooting(b)
	s := g.State().Clone()
	b.ReportAllocs()
	defer cpuPerOp(b)()
	for b.Loop() {
		for i := range s.Units {
			s.Units[i].Pos.X += 1e-9
		}
		if c, err := g.Engine.LegalAt(s, side); err != nil || len(c) == 0 {
			b.Fatal("no choices", err)
		}
	}
}

// BenchmarkPreviewShot previews one offered fire command (a look-ahead
// stream, not the game's). Target: at most 20 us.
func BenchmarkPreviewShot(b *testing.B) { benchPreviewShot(b, false) }

// BenchmarkPreviewShotQuiet is the same with the engine in quiet mode (no
// log text), as a search previews.
func BenchmarkPreviewShotQuiet(b *testing.B) { benchPreviewShot(b, true) }

func benchPreviewShot(b *testing.B, quiet bool) {
	g, side := benchGameAtMode(b, quiet, func(g *game.Game, side string) bool {
		return alive(g.State()) == 10 && len(fireChoices(g, side)) > 0
	})
	cmd := fireChoices(g, side)[0]
	d := rules.NewSeededDice(99, 1)
	b.ReportAllocs()
	defer cpuPerOp(b)()
	for b.Loop() {
		if _, _, err := g.Engine.Preview(g.State(), cmd, d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPreviewMove previews a move filled in from an offered move
// template. Target: at most 10 us.
func BenchmarkPreviewMove(b *testing.B) { benchPreviewMove(b, false) }

// BenchmarkPreviewMoveQuiet is the same in quiet mode.
func BenchmarkPreviewMoveQuiet(b *testing.B) { benchPreviewMove(b, true) }

// BenchmarkPreviewMoveCold previews moves whose end point differs by a
// hair each time, so that the ruleset's path memo never has them: the
// figure of a move nobody checked before.
func BenchmarkPreviewMoveCold(b *testing.B) {
	var cmd *atii.MoveCmd
	g, _ := benchGameAt(b, func(g *game.Game, side string) bool {
		for _, c := range g.Engine.Legal(side) {
			if _, ok := c.Cmd.(*atii.MoveCmd); ok {
				c0, _ := fillTemplate(g, side, c, rand.New(rand.NewPCG(1, 2)), benchPlayout)
				cmd, _ = c0.(*atii.MoveCmd)
				if cmd != nil {
					return true
				}
			}
		}
		return false
	})
	d := rules.NewSeededDice(99, 1)
	b.ReportAllocs()
	i := 0
	defer cpuPerOp(b)()
	for b.Loop() {
		i++
		c := *cmd
		c.Path = append([]atii.Waypoint(nil), cmd.Path...)
		c.Path[len(c.Path)-1].X += 1e-9 * float64(i%4096)
		if _, _, err := g.Engine.Preview(g.State(), &c, d); err != nil {
			b.Fatal(err)
		}
	}
}

func benchPreviewMove(b *testing.B, quiet bool) {
	var cmd rules.Command
	g, _ := benchGameAtMode(b, quiet, func(g *game.Game, side string) bool {
		for _, c := range g.Engine.Legal(side) {
			if _, ok := c.Cmd.(*atii.MoveCmd); ok {
				cmd, _ = fillTemplate(g, side, c, rand.New(rand.NewPCG(1, 2)), benchPlayout)
				if cmd != nil {
					return true
				}
			}
		}
		return false
	})
	d := rules.NewSeededDice(99, 1)
	b.ReportAllocs()
	defer cpuPerOp(b)()
	for b.Loop() {
		if _, _, err := g.Engine.Preview(g.State(), cmd, d); err != nil {
			b.Fatal(err)
		}
	}
}

// state300 is the shooting position's state with its ten titans copied
// thirty times over (ids made unique): 300 units with their ATII data.
func state300(b *testing.B) *rules.State {
	g, _ := benchShooting(b)
	s := g.State().Clone()
	base := s.Units
	s.Units = nil
	for k := 0; k < 30; k++ {
		for _, u := range base {
			u.ID = fmt.Sprintf("%s-%d", u.ID, k)
			s.Units = append(s.Units, u)
		}
	}
	s.IndexUnits()
	return s.Clone()
}

// BenchmarkClone300 clones a 300-unit state. Target: at most 30 us.
func BenchmarkClone300(b *testing.B) {
	s := state300(b)
	b.ReportAllocs()
	defer cpuPerOp(b)()
	for b.Loop() {
		if c := s.Clone(); len(c.Units) != 300 {
			b.Fatal("bad clone")
		}
	}
}

// BenchmarkHash300 hashes a 300-unit state (the replay hash). Target for
// the position hash: at most 20 us.
func BenchmarkHash300(b *testing.B) {
	s := state300(b)
	b.ReportAllocs()
	defer cpuPerOp(b)()
	for b.Loop() {
		_ = s.Hash()
	}
}

// BenchmarkPositionHash300 is the position hash (no command count, no
// log) of the 300-unit state. Target: at most 20 us.
func BenchmarkPositionHash300(b *testing.B) {
	s := state300(b)
	b.ReportAllocs()
	defer cpuPerOp(b)()
	for b.Loop() {
		_ = s.PositionHash()
	}
}

// cpuPerOp starts measuring the process's CPU time; the returned function
// reports it per operation as the cpu-ns/op metric. Defer it right before
// the timed loop: defer cpuPerOp(b)().
func cpuPerOp(b *testing.B) func() {
	start := processCPU()
	return func() {
		if used := processCPU() - start; used > 0 && b.N > 0 {
			b.ReportMetric(float64(used)/float64(b.N), "cpu-ns/op")
		}
	}
}
