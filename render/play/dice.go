package play

import (
	"fmt"

	"github.com/auspex/auspex/rules"
)

// DiceWanted is the manual dice request being typed (nil when none).
func (s *Session) DiceWanted() (*rules.DiceRequest, []int) { return s.diceNeed, s.diceTyped }

// TypeDie adds a typed face (1..sides) for the manual dice request;
// Backspace-like removal with face 0.
func (s *Session) TypeDie(face int) {
	if s.mode != ModeDice || s.diceNeed == nil {
		return
	}
	if face == 0 {
		if n := len(s.diceTyped); n > 0 {
			s.diceTyped = s.diceTyped[:n-1]
		}
		return
	}
	if face < 1 || face > s.diceNeed.Sides {
		s.Fail(fmt.Errorf("a D%d shows 1 to %d", s.diceNeed.Sides, s.diceNeed.Sides))
		return
	}
	s.diceTyped = append(s.diceTyped, face)
	if len(s.diceTyped) >= s.diceNeed.N-s.diceNeed.Have {
		faces := s.diceTyped
		c := s.diceRetry
		s.diceNeed, s.diceTyped, s.diceRetry = nil, nil, nil
		s.mode = ModeTurn
		if err := s.G.Engine.ProvideDice(faces...); err != nil {
			s.Fail(err)
			return
		}
		s.Play(c)
	}
}
