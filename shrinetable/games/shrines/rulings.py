"""Ids of the rule clauses and rulings that refusals and tests name.

Clause ids head the sections of docs/rules/shrines.md (the rules in our own words);
R-ids are rows of its rulings table. A test checks both directions.
"""

CLAUSES = {
    "setup": "Setup: two libraries shuffled, three Primary cards each",
    "mulligan": "Mulligan: up to 2 (first player) or 4 (second), then three Secondary cards",
    "first-turn": "The first player draws at the end of the first turn, not the start",
    "draw": "A draw comes from either library, unless a card names one",
    "shrine": "The Shrine: played from its zone without time marks; returns with marks",
    "acts": "The turn: First Act, Travel Act, Combat, Final Act",
    "priority": "After every action and act pass the opponent may respond",
    "speed": "Inert cards in your First and Final Act; burst cards whenever you have priority",
    "source": "One source a turn; tap for mana of its colour; pools empty at end of turn",
    "cost": "Coloured symbols need their colour; X is any amount",
    "cast": "Creatures on own melee sites, structures on own melee or range, one structure",
    "site-limit": "Four non-tool, non-token permanents a site; the most-represented sacrifices",
    "travel": "Travel: declared forward along the pathway, not on the turn played",
    "summoning": "A creature may not attack or tap the turn it enters (but with Haste)",
    "move": "No moving onto or off sites with opposing creatures or structures",
    "combat": "Combat: one target within the attacking range; attacking taps",
    "blocking": "Blocking: from within the range used; damage to blockers, closest first",
    "resilience": "Damage up to resilience destroys; creatures regenerate each turn",
    "structure": "Structures: never travel, attack or block; keep damage; take only resilience",
    "tool": "Tools attach to a creature and may stay on the site when it leaves",
    "idol": "Idols sit beside the Region and may tap the turn they arrive",
    "area": "Terrain and weather: newest of a subtype rules an overlap; covered ones go",
    "trap": "Traps: face down on a site, sprung by an opposing creature entering",
    "spell": "Spells resolve and go to the Graveyard",
    "winning": "A player at 0 life loses",
    "armor": "Armor absorbs the next instance of damage",
    "bloodless": "Bloodless: combat damage alone never destroys it",
    "cleave": "Cleave: combat damage also hits every other body on that site, either side's",
    "deathwish": "Deathwish: effects when the creature is destroyed",
    "haste": "Haste: may travel, attack and tap the turn it arrives",
    "flying": "Flying: blocked only by opposing fliers; only fliers, Reach, Lunge fight it",
    "guard": "Guard: takes the damage meant for friendly bodies on its site",
    "immoveable": "Immoveable: nothing moves onto or off its site",
    "lunge": "Lunge: hop one blocked site within the travel distance",
    "protection": "Protection: the first opposing effect aimed at it is spent on it",
    "range": "Range (X): X more sites of attacking range",
    "reach": "Reach: may fight fliers",
    "sprint": "Sprint (X): X more sites of travel",
    "saddle": "Saddle / Mount: two creatures combine into one",
    "stationary": "Stationary: never travels, may be moved",
    "stomp": "Stomp: excess damage past blockers reaches the player",
    "quick-attack": "Quick Attack: strikes before regular combat damage, not again",
    "double-attack": "Double Attack: strikes before and during regular combat damage",
    "unstoppable": "Unstoppable: moves onto and off sites with opposing bodies",
    "dig": "Dig: passes under sites with opposing bodies, stops only on a free one",
    "freeze": "Freeze: may not tap or travel",
    "ground": "Ground: loses Flying, Lunge, Sprint and Dig; cannot be moved",
    "poison": "Poison: deals no combat damage",
    "weaken": "Weaken: any damage destroys it (Armor still absorbs)",
    "bounce": "Bounce: back to its owner's hand",
    "swap": "Swap N: each of the top N cards stays or goes under the Secondary Library",
    "modes": "Rush, King of the Hill, Imperial and Conquest",
    "decision": "Only the player whose decision it is may act, and only so",
}

RULINGS = {
    "R1": "Standard life is 20",
    "R2": "A player who must draw with both libraries empty loses",
    "R3": "A burst answer hands priority back; the active player passes the act again",
    "R4": "An action of the defender while blocking gives the attacker priority; the "
    "answer or pass returns it to the blocks",
    "R5": "Travel is declared to a site; it goes as far as that distance allows then",
    "R6": "A spell names one target, which all its effects use",
    "R7": "The player chooses the payment: each distinct one is a move naming its mana; the "
    "proposal keeps most other cards affordable",
    "R8": "Combat is mutual; a blocked attacker fights only its blockers, which take lethal "
    "damage closest first (closest by rows)",
    "R9": "A site your opponent controls is one of their melee or range sites",
    "R10": "Site-limit ties: the player who moved or spawned the card sacrifices",
    "R11": "Guard is a standing choice: on from the start, switched off or on (once a turn) "
    "by its controller in their turn or while blocking; the oldest guarding Guard "
    "takes the damage",
    "R12": "A move effect goes as far as it can up to its distance",
    "R13": "Conditions and boosts last while the permanent stays on the Region",
    "R14": "Swap places the cards one at a time; the last placed on top ends on top; the "
    "bottom is the Secondary Library's (option swap_same_library: its own)",
    "R15": "Tapped creatures may not attack or block; blocking does not tap",
    "R16": "Colourless cards fit any deck; the Secondary holds every source and may hold more",
    "R17": "Hill points: 1 a body, plus 1 for each full 5 of its larger stat",
    "R18": "Conquest starts at 15 life; Imperial and Conquest score like King of the Hill",
    "R19": "The player picks the pair's stats; new if either part is new; within one site "
    "means the same or a neighbouring site",
    "R20": "Dig passes under sites held by opposing bodies, one site of travel each, and "
    "stops only on a free one; Ground removes it",
    "R21": "A trap springing during travel gives priority after travel: the traveller's "
    "controller first, then the opponent; nobody acts while creatures travel",
    "R22": "A mounted pair carries both parts' damage, boosts and conditions; tapped if "
    "either part is",
    "R23": "Several blockers: the attacker's controller assigns all its damage, one share "
    "at a time; one blocker, or none in reach, needs no choice",
    "R24": "Once blocks are done the attacker gets priority; damage comes when the attacker passes",
    "R25": "Bloodless: only non-combat damage that reaches its resilience destroys it",
    "R26": "An area's aura touches the permanents its text names: every starter area names "
    "creatures",
    "R27": "A move effect may hop a blocked site with Lunge, as travel does",
    "R28": "Cleave hits every other creature and structure on the site, either side's",
    "R29": "Defenders with Quick or Double Attack strike in the quick step too",
    "R30": "No creature deals combat damage outside its own range when damage is dealt",
    "R31": "A declared travel ends when its creature leaves the Region",
    "R32": "Control changes, ownership never: a bounced card goes to its owner; a creature "
    "that changes control is not new",
    "R33": "A boost until end of turn ends with the turn; a structure's such boost takes "
    "damage before it is marked",
}

ALL = {**CLAUSES, **RULINGS}
