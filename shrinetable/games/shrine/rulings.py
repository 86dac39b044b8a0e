"""Ids of the rule clauses and rulings that refusals name.

Clause ids head the sections of docs/rules/shrine.md (the rules in our own
words); R-ids are rows of its rulings table (our decisions where the text is
ambiguous). A test checks that every id here appears there.
"""

CLAUSES = {
    "setup": "Setup: five-card Shrines, top card face up; five-card hands",
    "turn": "The turn: draw (or take from the Graveyard), then one action",
    "graveyard-take": "Taking the Graveyard's top card is the turn's action",
    "hand-limit": "Hand limit: seven cards at the end of your turn",
    "heal": "Heal: a pair matching the top card's value, one of its colour",
    "shrine-capacity": "A Shrine holds five cards, seven with a Triad",
    "attack": "Attack: opposite-colour cards summing exactly to the top card",
    "special-pay": "Special cards are paid by discarding a card of their colour",
    "token-limit": "Tokens: one of each kind, three at most (four with a Triad)",
    "token-block": "Token block: discard a Token to stop an attack (not a Dagger)",
    "king": "King: attack within one of the top card's value",
    "queen": "Queen: heal within one of the top card's value",
    "jack": "Jack: take an unseen card from a hand of two or more, then discard",
    "triad": "Triad: Shrine cap seven, Dagger playable as a Token",
    "dagger": "Dagger: remove a Token or a Shrine's top card",
    "dagger-top": "A Dagger atop a Shrine stops healing; only a Dagger or a pair removes it",
    "dagger-block": "Dagger block: answer a Dagger with a Dagger",
    "dagger-token": "Dagger as Token: one extra draw and one extra action",
    "triplet": "Triplet: three of a value remove all of an opponent's Tokens",
    "quad": "Quad: four of a value remove all Tokens and the Shrine's top card",
    "resurrection": "Resurrection: three in sequence bring back the Graveyard's top card",
    "fizzle": "Fizzle: discard your hand of three or more to stop an action",
    "counter-fizzle": "Counter-Fizzle: the actor discards a hand of three or more",
    "reshuffle": "An empty Deck is refilled from the shuffled Graveyard",
    "winning": "The last player with cards in their Shrine wins",
    "balance": "Optional: the Balance card (joker)",
    "alternate-healing": "Optional: Alternate Healing",
    "alternate-fizzle": "Optional: Alternate Fizzle",
    "decision": "Only the player whose decision it is may act, and only so",
}

RULINGS = {
    "R1": "An Ace used as a Pawn is worth 1",
    "R2": "Any card may lie in a starting Shrine; the Balance card is never dealt at setup",
    "R3": "The King's range applies to the total of a combination",
    "R4": "The Queen's range applies to the pair's value (and to the total in Alternate Healing)",
    "R5": "Face cards and Aces in hand are Pawns: they pay, attack, heal and form combos",
    "R6": "Taking from the Graveyard replaces the draw and uses one action",
    "R7": (
        "Using the Jack is the turn's action, once per turn; the card is picked at random; "
        "if the hand is empty when it resolves, nothing is taken and nothing discarded"
    ),
    "R8": "Fizzles stop at one counter; responders are asked target first, then in turn order",
    "R9": "Any action that plays cards, and the Jack, may be Fizzled; draw, take and pass not",
    "R10": "With three or four players, each attack-like action names one opponent; only that "
    "opponent may block; anyone else with three or more cards may Fizzle",
    "R11": "A pair removing a Dagger from a Shrine is an attack: a Token may block it",
    "R12": "A Quad's top-card removal takes any top card, a Dagger too, and cannot be blocked",
    "R13": "Resurrection uses the Graveyard's top card from before the sequence is discarded; "
    "its heal obeys capacity and the Dagger atop your Shrine",
    "R14": "The Dagger-token's extra draw and action begin with the next turn it is in play",
    "R15": "A Dagger on your own Shrine can only be removed by an opponent",
    "R16": "The Balance card played from a Shrine or a draw leaves no gap: nothing replaces it",
    "R17": "Balance: Tokens are matched first, then the Shrine (to the player's capacity), "
    "then the hand; players choose their own discards",
    "R18": "A player whose Shrine is emptied is out; their hand and Tokens go to the Graveyard",
    "R19": "A Triplet needs an opponent with at least one Token in play",
    "R20": "The hand limit applies only at the end of its owner's turn",
    "R21": "Alternate Healing replaces pair healing when the option is on",
    "R22": "If both the Deck and the Graveyard are empty, a draw draws nothing",
    "R23": "Blocking with a Token that completes a Triad breaks it; the Dagger-token may block",
    "R24": "The first player is seat p1 and draws on the first turn as on every turn",
    "R25": "Each Token's power works once a turn: the King's or Queen's reach is spent only "
    "when a move needed it (an exact match spends nothing)",
    "R26": "The Balance card's additions to a Shrine ignore a Dagger on top of it",
    "R27": "Discards owed to the Balance are chosen after its reshuffle and start the new "
    "Graveyard",
}

ALL = {**CLAUSES, **RULINGS}
