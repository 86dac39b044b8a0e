"""Ids of the rule clauses and rulings that refusals and tests name.

Clause ids head the sections of docs/rules/sorcerer.md (the rules in our own
words); R-ids are rows of its rulings table (our decisions where the text is
silent or ambiguous). A test checks both directions.
"""

CLAUSES = {
    "decks": "Decks: 20 to 50 cards; three of a Star, Moon or Planet card, one of a Bolt card",
    "setup": "Setup: shuffle, 30 magic points, three cards in hand, two into play",
    "unturn": "The turn begins by unturning your turned cards",
    "pickup": "Pick up back to three cards in hand",
    "play": "Play a card; never more than two in play",
    "attack": "Attack with unturned cards in play; attacking turns them",
    "defend": "The defender blocks an attacker with any card in play, turned or not",
    "defence-boost": "Defence boost: one card from hand onto one defending card",
    "attack-boost": "Attack boost: one card from hand onto one attacking card",
    "damage": "The damage round: attack total against shield total, pair by pair",
    "boosts-discarded": "Every boost goes to the discard pile after the damage round",
    "winning": "A player reduced to 0 magic points loses",
    "reshuffle": "A deck that runs out is refilled at once from the shuffled discard pile",
    "special": "Special properties: optional, on by default, they override the basic rules",
    "charming": "Charming: up to two Charming boosts beside one boost of any type",
    "wishful": "Wishful: sacrifice from play for magic points equal to its shield",
    "energy-flying": "Energy and Flying: defended only by Energy or Flying cards",
    "quick": "Quick: into play during the opponent's turn, in time to defend",
    "strong": "Strong: +2 defending against anything but Strong or Gross",
    "gross": "Gross: +2 attacking when defended by anything but Gross or Strong",
    "decision": "Only the player whose decision it is may act, and only so",
}

RULINGS = {
    "R1": "No cut: a seeded shuffle is fair without one",
    "R2": "p1 begins; every turn starts with the pickup, the first turn too",
    "R3": "At most one card is played a turn, and playing is optional",
    "R4": "With fewer than two in play a played card simply joins them; with two, one "
    "goes to the discard pile",
    "R5": "Attacking is optional, with any number of unturned cards",
    "R6": "Option turned_cannot_defend (off by default): a turned card may not defend",
    "R7": "One defender per attacker; a card defends at most one attacker",
    "R8": "A boost adds its attack number to an attack and its shield number to a defence",
    "R9": "Boosts go onto one card, declared together, and are optional; an attack boost "
    "may go onto a blocked or unblocked attacker, a defence boost only onto a defender",
    "R10": "A tie in the damage round: both cards stay, no damage",
    "R11": "Magic points at or below zero lose after the damage round; shown as 0",
    "R12": "Deck and discard pile both empty: pick up what there is",
    "R13": "Quick: only in your defend step, one Quick card per opposing turn",
    "R14": "Wishful: in its owner's play, attack or defend step, from play, not from a lane",
    "R15": "Once an Energy or Flying card is defended, boosts of any type count",
    "R16": "Strong and Gross cancel: neither bonus when they meet; no Gross bonus undefended",
    "R17": "After the damage round surviving attackers stay turned in play; defenders "
    "return to play unturned",
    "R18": "A game where neither player has a card left anywhere but out of the game is a draw",
    "R19": "With special properties off every card follows the basic rules only",
    "R20": "The draw that empties the deck shuffles the discard pile into the new deck at once",
}

ALL = {**CLAUSES, **RULINGS}
