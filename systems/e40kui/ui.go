// Package e40kui is Epic 40,000's side of the play UI (a play.SystemUI,
// attached to each session by the play.Adapter New returns): what clicks,
// drags and keys mean at each E40K decision (orders, initiative, moves and
// assault moves drawn by dragging stands, fire at a clicked enemy
// detachment, rally, pass), the move and fire previews (distance against
// the allowance by orders, terrain crossed, the rules' refusal in words;
// firepower, the table's row, expected hits and kills from the exact
// odds), the side panel, the banner, the dice tray's texts and the
// debrief. Clicking any stand selects its detachment; the detachment is
// the unit of play, as in the rules.
package e40kui

import (
	"fmt"
	"image/color"
	"sort"
	"strings"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// UI is E40K's side of the play UI (play.SystemUI) for one session. It
// embeds the session (selection, messages, modes) and holds E40K's UI
// state: the drafted unit moves of the selected detachment, the aimed
// target, a drag in progress.
type UI struct {
	*play.Session

	// Moves are the drafted destinations of the selected detachment's
	// stands (unit id -> point), played by Enter as a move or an assault.
	Moves map[string]world.Vec
	// order is the order of the drafted suggestion's stands (the rules
	// check each move against the ones before it, so a suggestion is
	// legal in its own order only); nil when no suggestion is drafted.
	order []string
	// Target is the enemy detachment (or titan unit) aimed at by the
	// selected detachment; Enter or a second click fires.
	Target string
	// Single makes a drag move only the stand dragged; by default the
	// whole detachment moves by the same offset (key T toggles).
	Single bool
	// TitanTo is the drafted straight move of the selected titan (seed
	// 002's titan steps), nil when none.
	TitanTo *world.Vec

	drag *dragState
	// choices caches the decision's legal choices (the window builds the
	// panel every frame; Legal works out every volley's odds).
	choices legalCache
	// fires caches fire previews by target for the cached state; su is
	// the scenario's set-up (fixed for the game), read once.
	fires map[string]*FirePreview
	su    *e40k.Setup
	// sideCol are the sides' colours, read from their bases (Bases) for
	// the flyers drawn off their bases (flyers.go).
	sideCol map[string]color.NRGBA
}

// legalCache is the decider's legal choices for one state of the game.
type legalCache struct {
	key  legalKey
	list []rules.Choice
	// refused marks the choices the rules refuse as they stand (the
	// suggested moves are checked once per state: see UI.refused).
	refused map[int]bool
}

// legalKey tells states apart: commands played, log length and the
// decision waited for (an undo restores an earlier state with a new
// decision value).
type legalKey struct {
	cmds, log int
	pending   *rules.Decision
}

// dragState is a press-and-drag in progress: the stand pressed, where the
// press was, and the drafted moves before it.
type dragState struct {
	unit   string
	from   world.Vec
	before map[string]world.Vec
	moved  bool
	// titan marks a drag of a titan (TitanTo follows the mouse).
	titan bool
}

// adapter attaches UI to the sessions of E40K games.
type adapter struct{}

// New returns E40K's play.Adapter, for cmd/auspex to register.
func New() play.Adapter { return adapter{} }

// System is E40K's ruleset id.
func (adapter) System() string { return e40k.RulesetID }

// Options are E40K's rules options for the start screen: the optional
// rules of the base game, the Epic Remastered rules, then the alternative
// readings of unclear rules, each group by id.
func (adapter) Options() []play.Option {
	groups := []struct{ kind, title string }{
		{"rule", "Optional rules"},
		{"remastered", "Epic Remastered"},
		{"reading", "Alternative readings of unclear rules"},
	}
	var out []play.Option
	for _, g := range groups {
		for _, o := range e40k.OptionList() {
			if o.Kind == g.kind {
				out = append(out, play.Option{ID: o.ID, Title: optionTitle(o), Group: g.title, Doc: o.Description})
			}
		}
	}
	// An option of a kind not listed above still shows, last.
	for _, o := range e40k.OptionList() {
		if o.Kind != "rule" && o.Kind != "remastered" && o.Kind != "reading" {
			out = append(out, play.Option{ID: o.ID, Title: optionTitle(o), Group: "Other options", Doc: o.Description})
		}
	}
	return out
}

// optionTitle is an option's readable title, taken from its description
// (the ruleset names its options nowhere else): the description's first
// statement, its asides in brackets and the default it replaces left
// out ("Firepower table rows 1-8 rounded down, at least 1 die"; "REM-WE-3:
// each super-heavy weapon needs two blast markers to suppress"). An
// option without a description is named by its id made readable.
func optionTitle(o e40k.OptionInfo) string {
	var b strings.Builder
	depth := 0
	for _, r := range o.Description {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	t := b.String()
	if i := strings.Index(t, ";"); i >= 0 {
		t = t[:i]
	}
	if i := strings.Index(t, ". "); i >= 0 {
		t = t[:i]
	}
	t = strings.Join(strings.Fields(t), " ")
	t = strings.ReplaceAll(t, " ,", ",")
	t = strings.TrimRight(t, " .,:")
	if t == "" {
		name := o.ID[strings.LastIndex(o.ID, "/")+1:]
		t = strings.ReplaceAll(name, "-", " ")
	}
	return t
}

// Attach returns the UI of a session on an E40K game. Errors: a game
// whose ruleset is not E40K's.
func (adapter) Attach(s *play.Session) (play.SystemUI, error) {
	r, ok := s.G.Ruleset.(*e40k.Ruleset)
	if !ok {
		return nil, fmt.Errorf("e40kui: the game's ruleset is %T, not E40K's", s.G.Ruleset)
	}
	if err := checkCommands(r); err != nil {
		return nil, err
	}
	return &UI{Session: s}, nil
}

// checkCommands makes sure the ruleset makes every command the UI builds
// with the type the UI fills in (so building one never fails in play).
// Errors: a command missing or of another type.
func checkCommands(r *e40k.Ruleset) error {
	made := map[string]rules.Command{}
	for _, c := range r.Commands() {
		made[c.Name] = c.New()
	}
	for name, ok := range map[string]bool{
		e40k.CmdOrders:     isCmd[*e40k.OrdersCmd](made[e40k.CmdOrders]),
		e40k.CmdInitiative: isCmd[*e40k.InitiativeCmd](made[e40k.CmdInitiative]),
		e40k.CmdMove:       isCmd[*e40k.MoveCmd](made[e40k.CmdMove]),
		e40k.CmdAssault:    isCmd[*e40k.AssaultCmd](made[e40k.CmdAssault]),
		e40k.CmdFire:       isCmd[*e40k.FireCmd](made[e40k.CmdFire]),
		e40k.CmdRally:      isCmd[*e40k.RallyCmd](made[e40k.CmdRally]),
		e40k.CmdPass:       isCmd[*e40k.PassCmd](made[e40k.CmdPass]),
		e40k.CmdTitanMove:  isCmd[*e40k.TitanMoveCmd](made[e40k.CmdTitanMove]),
		e40k.CmdMission:    isCmd[*e40k.MissionCmd](made[e40k.CmdMission]),
	} {
		if !ok {
			return fmt.Errorf("e40kui: the ruleset makes no %s command the UI can fill in", name)
		}
	}
	return nil
}

// isCmd reports whether c is a non-nil T.
func isCmd[T interface {
	comparable
	rules.Command
}](c rules.Command) bool {
	var zero T
	t, ok := c.(T)
	return ok && t != zero
}

// Of is the E40K side of a session's UI (nil for another system's).
func Of(s *play.Session) *UI {
	u, _ := s.UI().(*UI)
	return u
}

// rs is the game's E40K ruleset.
func (s *UI) rs() *e40k.Ruleset {
	r, _ := s.G.Ruleset.(*e40k.Ruleset)
	return r
}

// opts are the game's E40K options (defaults when unreadable).
func (s *UI) opts() e40k.Options {
	o, _ := e40k.ParseOptions(s.State().Options)
	return o
}

// Detachment is the selected detachment ("" for none): the formation of
// the selected stand.
func (s *UI) Detachment() string {
	if u := s.State().Unit(s.Selected); u != nil {
		return u.Formation
	}
	return ""
}

// members are a detachment's living stands on the table, in state order.
func (s *UI) members(det string) []*rules.Unit {
	st := s.State()
	var out []*rules.Unit
	for i := range st.Units {
		u := &st.Units[i]
		if u.Formation == det && !u.Destroyed && !u.OffTable {
			out = append(out, u)
		}
	}
	return out
}

// pendingHas reports whether the current decision lists id (a detachment
// or a titan unit).
func (s *UI) pendingHas(id string) bool {
	p := s.State().Pending
	if p == nil || id == "" || s.Mode() != play.ModeTurn {
		return false
	}
	for _, x := range p.Units {
		if x == id {
			return true
		}
	}
	return false
}

// kind is the current decision's kind ("" when none).
func (s *UI) kind() string {
	if p := s.State().Pending; p != nil {
		return p.Kind
	}
	return ""
}

// mine reports whether the selected detachment (or titan) may act now.
func (s *UI) mine() bool { return s.pendingHas(s.actor()) }

// SelectUnit selects a stand (its detachment becomes the selected one);
// "" selects nothing. Given a detachment or titan id listed by the
// decision, it selects the next listed one after the selected (that is
// Tab: play.Session.CycleSelection looks for the selected stand among
// the decision's detachment ids, never finds it, and passes the first).
// A new detachment drops the drafts.
func (s *UI) SelectUnit(id string) {
	if id != "" && s.State().Unit(id) == nil {
		id = s.nextListed(id)
	}
	s.selectStand(id)
}

// selectStand selects stand id ("" for none).
func (s *UI) selectStand(id string) {
	old := s.actor()
	s.Selected = id
	if s.actor() != old {
		s.ClearDraft()
	}
}

// firstStand is the first living stand of a detachment, or a titan's
// own id ("" when none).
func (s *UI) firstStand(id string) string {
	if u := s.State().Unit(id); u != nil {
		return id
	}
	if ms := s.members(id); len(ms) > 0 {
		return ms[0].ID
	}
	return ""
}

// nextListed is the first stand of the decision's listed id after the
// selected one (of id itself when the selection is not listed).
func (s *UI) nextListed(id string) string {
	p := s.State().Pending
	if p != nil {
		for k, x := range p.Units {
			if x == s.actor() && len(p.Units) > 0 {
				return s.firstStand(p.Units[(k+1)%len(p.Units)])
			}
		}
	}
	return s.firstStand(id)
}

// actor is what the selection acts as: the selected titan when the
// decision lists it (titans act on their own), else the selected
// stand's detachment.
func (s *UI) actor() string {
	if s.Selected != "" && s.pendingHas(s.Selected) {
		return s.Selected
	}
	return s.Detachment()
}

// Decide selects for the decider: when the decision passes to side d its
// first detachment that may act; else the selection stays while it may
// act.
func (s *UI) Decide(d string, passed bool) {
	p := s.State().Pending
	if !passed && s.mine() {
		return
	}
	s.selectStand("")
	if p != nil && p.Side == d && len(p.Units) > 0 {
		s.selectStand(s.firstStand(p.Units[0]))
	}
}

// Ended drops the drafts for the end screen.
func (s *UI) Ended() { s.ClearDraft() }

// legal is the decider's legal choices now (cached per state).
func (s *UI) legal() []rules.Choice {
	st := s.State()
	k := legalKey{cmds: len(s.G.Engine.History()), log: len(st.Log), pending: st.Pending}
	if s.choices.key != k || s.choices.list == nil {
		s.choices = legalCache{key: k, list: s.G.Ruleset.Legal(st, s.Decider())}
		s.fires = nil
	}
	return s.choices.list
}

// refused reports whether the rules refuse choice k of legal() as it
// stands (worked out once per state). Legal lists its suggested moves
// without the whole command's check, so a listed suggestion may be one
// the rules would refuse when it is played.
func (s *UI) refused(k int) bool {
	list := s.legal()
	if k < 0 || k >= len(list) {
		return true
	}
	if s.choices.refused == nil {
		s.choices.refused = map[int]bool{}
	}
	bad, ok := s.choices.refused[k]
	if !ok {
		bad = s.G.Engine.Check(list[k].Cmd) != nil
		s.choices.refused[k] = bad
	}
	return bad
}

// ClearDraft drops the drafted moves, the aimed target and a drag (and
// the cached choices: it is called after every command and undo).
func (s *UI) ClearDraft() {
	s.choices, s.fires = legalCache{}, nil
	s.Moves, s.Target, s.drag, s.TitanTo, s.order = nil, "", nil, nil, nil
}

// Submitting is part of play.SystemUI (E40K compares nothing).
func (s *UI) Submitting(rules.Command) {}

// Submitted is part of play.SystemUI (E40K compares nothing).
func (s *UI) Submitted(int, bool) {}

// Drafted reports whether moves are drafted or a target aimed at.
func (s *UI) Drafted() bool { return len(s.Moves) > 0 || s.Target != "" || s.TitanTo != nil }

// Reason is an error's text without the engine's and the command's
// prefixes.
func (s *UI) Reason(err error) string {
	return play.Reason(err, e40k.CmdOrders, e40k.CmdInitiative, e40k.CmdMove, e40k.CmdFire, e40k.CmdAssault,
		e40k.CmdRally, e40k.CmdPass, e40k.CmdTitanMove, e40k.CmdTitanFire, e40k.CmdMission, e40k.CmdIntercept,
		e40k.CmdEmbark, e40k.CmdDisembark)
}

// Named replaces side, unit and detachment ids in a text by their
// names.
func (s *UI) Named(text string) string {
	st := s.State()
	type pair struct{ id, name string }
	var ps []pair
	for _, sd := range st.Sides {
		if sd.Name != "" {
			ps = append(ps, pair{sd.ID, sd.Name})
		}
	}
	for _, f := range st.Formations {
		if f.Name != "" {
			ps = append(ps, pair{f.ID, f.Name})
		}
	}
	for _, u := range st.Units {
		if n := s.Name(u.ID); n != u.ID {
			ps = append(ps, pair{u.ID, n})
		}
	}
	// Longest ids first, so "boyz-mob" is replaced before "boyz".
	sort.Slice(ps, func(i, j int) bool { return len(ps[i].id) > len(ps[j].id) })
	for _, p := range ps {
		text = replaceWord(text, p.id, p.name)
	}
	return text
}

// replaceWord replaces old in s where it stands as a whole word (not
// inside a longer id such as "tactical-10").
func replaceWord(s, old, repl string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, old)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		end := i + len(old)
		if (i == 0 || !idByte(s[i-1])) && (end == len(s) || !idByte(s[end])) {
			b.WriteString(s[:i])
			b.WriteString(repl)
		} else {
			b.WriteString(s[:end])
		}
		s = s[end:]
	}
}

func idByte(c byte) bool {
	return c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// detName is a detachment's display name.
func (s *UI) detName(id string) string {
	if f := s.State().Formation(id); f != nil && f.Name != "" {
		return f.Name
	}
	return s.Name(id)
}

// Sig summarises the drafts and the aim for the window's redraw test.
func (s *UI) Sig() string {
	ids := make([]string, 0, len(s.Moves))
	for id, p := range s.Moves {
		ids = append(ids, fmt.Sprintf("%s@%.1f,%.1f", id, p.X, p.Y))
	}
	sort.Strings(ids)
	titan := ""
	if s.TitanTo != nil {
		titan = fmt.Sprintf("%.1f,%.1f", s.TitanTo.X, s.TitanTo.Y)
	}
	return fmt.Sprintf("%s|%s|%v|%s|%s|%s", strings.Join(ids, ";"), s.Target, s.Single, s.Hover, titan, s.flyerSig())
}

// Declared is the aimed target, for the debug dump.
func (s *UI) Declared() (chosen string, decl []string) {
	if s.Target != "" {
		decl = []string{s.Detachment() + ">" + s.Target}
	}
	return s.Detachment(), decl
}

// HasSecrets: E40K orders are given openly; nothing is secret.
func (s *UI) HasSecrets() bool { return false }

// SecretLines: none.
func (s *UI) SecretLines(string) []string { return nil }

// SecretUnmarked: no event is secret.
func (s *UI) SecretUnmarked(rules.Event) bool { return false }

// OnTable reports whether a stand is drawn: not destroyed nor off the
// table (E40K scenarios place every unit).
func (s *UI) OnTable(u *rules.Unit) bool { return u != nil && !u.Destroyed && !u.OffTable }

// Base is a stand's base on the table now (its catalogue footprint),
// named by the stand's id: the window's hit test reports the stand under
// the pointer by that id.
func (s *UI) Base(u *rules.Unit) world.Base {
	b := world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing}
	if p, err := s.rs().Profile(s.State(), u); err == nil {
		b.Foot = p.Base
	}
	return b
}

// SelectedArcs: E40K stands have no fire arcs.
func (s *UI) SelectedArcs() bool { return false }

// Sight is the table and terrain sight lines are checked with.
func (s *UI) Sight() (*world.World, world.TerrainRules, world.LOSOptions) {
	var w *world.World
	if s.G.Scenario != nil {
		w = s.G.Scenario.World
	}
	return w, s.rs().Terrain(s.State()), world.LOSOptions{}
}

// Wheel is not used by E40K.
func (s *UI) Wheel(float64) bool { return false }

// TurnFacing is not used: E40K stands move in straight lines and their
// facing does not matter.
func (s *UI) TurnFacing(float64) {}
