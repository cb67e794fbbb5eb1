package atii

import (
	"fmt"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/catalog"
)

// ObjectiveType is the public type of a secret objective.
type ObjectiveType string

// Objective types.
const (
	Mobile  ObjectiveType = "mobile"
	Static  ObjectiveType = "static"
	Divided ObjectiveType = "divided"
)

// ForcePoints is the points a player may spend (mission generator): the
// base force level (1000, 2000, 3000 or 4000) at force level I, II or III
// gives 75, 100 or 125 percent of it.
func ForcePoints(bfl, level int) (int, error) {
	switch bfl {
	case 1000, 2000, 3000, 4000:
	default:
		return 0, fmt.Errorf("base force level %d: want 1000, 2000, 3000 or 4000", bfl)
	}
	pct := map[int]int{1: 75, 2: 100, 3: 125}[level]
	if pct == 0 {
		return 0, fmt.Errorf("force level %d: want 1 (I), 2 (II) or 3 (III)", level)
	}
	return bfl * pct / 100, nil
}

// DeploymentMap picks the deployment map from the two objective types
// (symmetric): MM A, MS B, MD C, SS D, SD E, DD F.
func DeploymentMap(a, b ObjectiveType) (string, error) {
	rank := map[ObjectiveType]int{Mobile: 0, Static: 1, Divided: 2}
	ra, oka := rank[a]
	rb, okb := rank[b]
	if !oka || !okb {
		return "", fmt.Errorf("objective types %q, %q: want mobile, static or divided", a, b)
	}
	if ra > rb {
		ra, rb = rb, ra
	}
	maps := [3][3]string{{"A", "B", "C"}, {"", "D", "E"}, {"", "", "F"}}
	return maps[ra][rb], nil
}

// ObjectiveCard is one secret objective. The printed cards were art that
// did not survive in the source; StandInObjectives supplies labelled
// stand-ins whose Goal the rules judge at the end (JudgeObjective).
type ObjectiveCard struct {
	Name       string        `json:"name"`
	Type       ObjectiveType `json:"type"`
	ForceLevel int           `json:"force_level"`
	Text       string        `json:"text"`
	StandIn    bool          `json:"stand_in"`
	// Goal is the condition JudgeObjective checks (Goal* constants).
	Goal string `json:"goal,omitempty"`
}

// StandInObjectives is Auspex's stand-in deck: three cards of each type at
// force levels I, II and III, clearly marked as not the printed cards.
// Mobile cards ask for movement across the table, Static ones for holding
// ground, Divided ones for spreading over several objectives.
func StandInObjectives() []ObjectiveCard {
	return []ObjectiveCard{
		{"Break Through (stand-in)", Mobile, 1, "At the end, a titan of yours stands in the enemy's half of the table or left the table from it (leaving that way costs no victory points).", true, GoalBreakThrough},
		{"Hunt the Princeps (stand-in)", Mobile, 2, "At the end, the enemy's most expensive titan (every one, if tied) is destroyed or has left the table.", true, GoalHunt},
		{"Sweep and Clear (stand-in)", Mobile, 3, "At the end, no enemy titan stands within 30 cm of the table centre and at least one of yours does.", true, GoalSweep},
		{"Hold the Relay (stand-in)", Static, 1, "At the end, hold the table centre: a titan of yours within 10 cm of it and no enemy titan that close.", true, GoalHoldCentre},
		{"Guard the Shrine (stand-in)", Static, 2, "At the end, no enemy titan stands in your half of the table (nearer your home than the enemy's) and you still have a titan on it.", true, GoalGuard},
		{"Take the Bastion (stand-in)", Static, 3, "At the end, hold the objective marker nearest the enemy's home.", true, GoalBastion},
		{"Pincer (stand-in)", Divided, 1, "At the end, hold both flank objectives: the two markers furthest apart across the line between the homes.", true, GoalPincer},
		{"Twin Strike (stand-in)", Divided, 2, "At the end, have titans within 10 cm of two different objective markers.", true, GoalTwinStrike},
		{"Scatter the Lines (stand-in)", Divided, 3, "At the end, hold more objective markers than the enemy.", true, GoalScatter},
	}
}

// Mission is a generated ATII mission for two players.
type Mission struct {
	BFL    int              `json:"bfl"`
	Cards  [2]ObjectiveCard `json:"cards"`
	Points [2]int           `json:"points"`
	Map    string           `json:"map"`
	// DeployRolls are the roll-off dice (last pair rolled); FirstToDeploy
	// is the player (0 or 1) with the lower roll.
	DeployRolls   [2]int `json:"deploy_rolls"`
	FirstToDeploy int    `json:"first_to_deploy"`
}

// GenerateMission runs the mission generator: each player draws a secret
// objective from deck (a die with one face per card), spends the force
// points of its level, the two types pick the deployment map, and both roll
// a D6: the lower sets up a titan first (ties re-rolled), then players
// alternate, lowest Man first (see Movable). The card draws are logged as
// public rolls; GenerateSecretMission keeps each one secret to its player.
func GenerateMission(bfl int, deck []ObjectiveCard, d rules.Dice) (Mission, error) {
	return GenerateSecretMission(bfl, deck, [2]string{}, d)
}

// GenerateSecretMission is GenerateMission with each player's card draw
// logged as a roll secret to sides[i] (rules.Roll.SecretTo): its face names
// the card, so only that player may see it.
func GenerateSecretMission(bfl int, deck []ObjectiveCard, sides [2]string, d rules.Dice) (Mission, error) {
	m := Mission{BFL: bfl}
	if len(deck) == 0 {
		return m, fmt.Errorf("mission: empty objective deck")
	}
	for p := 0; p < 2; p++ {
		who := sides[p]
		if who == "" {
			who = fmt.Sprintf("player %d", p+1)
		}
		f, err := rollOne(d, rules.Roll{Purpose: fmt.Sprintf("%s secret objective card (1-%d)", who, len(deck)), Sides: len(deck), SecretTo: sides[p]})
		if err != nil {
			return m, err
		}
		m.Cards[p] = deck[f-1]
		m.Points[p], err = ForcePoints(bfl, m.Cards[p].ForceLevel)
		if err != nil {
			return m, fmt.Errorf("card %q: %w", m.Cards[p].Name, err)
		}
	}
	var err error
	m.Map, err = DeploymentMap(m.Cards[0].Type, m.Cards[1].Type)
	if err != nil {
		return m, err
	}
	for try := 0; try < 50; try++ {
		f, err := rollDice(d, rules.Roll{Purpose: "deployment roll-off (lower sets up first)", Sides: 6}, 2)
		if err != nil {
			return m, err
		}
		m.DeployRolls = [2]int{f[0], f[1]}
		if f[0] != f[1] {
			if f[1] < f[0] {
				m.FirstToDeploy = 1
			}
			return m, nil
		}
	}
	return m, fmt.Errorf("deployment roll-off tied 50 times")
}

// Victory point percentages for titan damage.
const (
	vpSuperficial  = 5
	vpMajor        = 10
	vpCatastrophic = 20
	vpLeftTable    = 10
)

// TitanVictoryPoints is what a titan is worth to the enemy at the end of
// the game: 100 % of its points if destroyed; otherwise 5 % per location
// with Superficial damage, 10 % per Major, 20 % per non-fatal Catastrophic,
// counting only the worst result of each location; a titan that left the
// table other than for its objective is worth its damage plus 10 %.
func TitanVictoryPoints(u *catalog.Unit, points int, s TitanState, leftTable, forObjective bool) int {
	if s.Destroyed {
		return points
	}
	pct := 0
	var buf [16]string
	for _, loc := range appendLocations(buf[:0], u) {
		pct += levelVPPercent(s.Level(loc))
	}
	if leftTable && !forObjective {
		pct += vpLeftTable
	}
	if pct > 100 {
		pct = 100
	}
	return points * pct / 100
}

// levelVPPercent is what one location at level l adds to a titan's
// victory points, in percent of its points (TitanVictoryPoints).
func levelVPPercent(l Level) int {
	switch l {
	case Superficial:
		return vpSuperficial
	case Major:
		return vpMajor
	case Catastrophic:
		return vpCatastrophic
	}
	return 0
}

// VictoryResult reads the eight-result victory chart from one player's
// view: own objective achieved, victory points compared with the enemy's
// (a tie counts as not scoring more), enemy objective achieved.
func VictoryResult(ownAchieved bool, ownVP, enemyVP int, enemyAchieved bool) string {
	more := ownVP > enemyVP
	switch {
	case ownAchieved && more && !enemyAchieved:
		return "Heroic Victory"
	case ownAchieved && !more && !enemyAchieved:
		return "Major Victory"
	case ownAchieved && more && enemyAchieved:
		return "Minor Victory"
	case ownAchieved && !more && enemyAchieved:
		return "Heroic Defeat"
	case !ownAchieved && more && !enemyAchieved:
		return "Stand-off"
	case !ownAchieved && !more && !enemyAchieved:
		return "Minor Defeat"
	case !ownAchieved && more && enemyAchieved:
		return "Major Defeat"
	}
	return "Total Defeat"
}
