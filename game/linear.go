package game

// Amounts is a rule's condition on the amounts d_j a move takes from some of
// the piles of a move set, written as linear conditions, for encoders that
// reason about every move at once (prove). Every d_j is at least 1 and at
// most the pile.
type Amounts struct {
	// Piles are the piles the condition is about.
	Piles []int
	// Each is the least amount taken from each pile (at least 1).
	Each int
	// Exactly, when not 0, is the amount taken from each pile.
	Exactly int
	// Equal is true when every pile loses the same amount.
	Equal bool
	// TotalMin and TotalMax bound the sum of the amounts; TotalMax < 0 means
	// no upper bound.
	TotalMin, TotalMax int
}

// LinearAmounts describes what a move of g takes from the piles of a move set
// (increasing, as MoveSets lists them) under its rule (LinearRule): one
// Amounts per group of piles the rule treats as one (a compound's rule has
// one per component the set touches). It returns false when the rule has no
// such description.
func (g *Game) LinearAmounts(piles []int) ([]Amounts, bool) {
	r, ok := g.Rule().(LinearRule)
	if !ok {
		return nil, false
	}
	return r.LinearAmounts(piles)
}
