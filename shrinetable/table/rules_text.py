"""Short rules summaries for the `?` overlay, written for this program.

Texts use pygame_gui's HTML subset; source line breaks are only for reading
here (`rules_for` joins them), `<br>` breaks the lines on screen."""

import re

SHRINE = """<b>Goal</b><br>
Empty every other player's Shrine. The last player whose Shrine still holds cards wins.<br><br>
<b>Your turn</b><br>
First draw a card (drag the Deck to your hand, or click it) or take the Graveyard's top card
instead; taking counts as your action. Then make one action, or pass.<br><br>
<b>Actions</b> (drag the cards; click cards first to select several)<br>
<b>Heal:</b> a pair matching the value of your Shrine's top card, at least one of the same
colour: drop it on your Shrine and the Deck's top card joins the Shrine.<br>
<b>Attack:</b> cards of the opposite colour adding up to exactly the value of an opponent's
top card (J=11, Q=12, K=13): drop them on that Shrine.<br>
<b>Token</b> (J, Q, K) with a card of the same colour as payment: drop both on your Field.
King: attacks may be one off. Queen: heals may be one off. Jack: take an unseen card from a
hand of two or more. One of each kind; all three make a Triad (Shrine holds 7, the Ace can be
a Token that gives an extra draw and action).<br>
<b>Dagger</b> (Ace) with a same-colour payment: removes a Shrine's top card or a Token. Only
a Dagger block or a Fizzle stops it. A Dagger on top of a Shrine blocks healing; remove it with a
Dagger or a pair of equal value.<br>
<b>Combos:</b> Triplet removes an opponent's Tokens; Quad also removes their Shrine's top card;
Resurrection (three in sequence, K-A-2 counts) puts the Graveyard's top card to use.<br><br>
<b>Responses</b><br>
When a move targets you, block an attack with a Token from your Field (drag it to the
Graveyard), block a Dagger with a Dagger, or Fizzle any move by discarding a hand of three or
more; the player may Counter the Fizzle the same way. "No response" lets it through.<br><br>
<b>Limits</b><br>
Shrines hold 5 cards (7 with a Triad); hands keep 7 at the end of a turn.<br><br>
<b>Keys</b><br>
Esc menu · ? rules · Ctrl+Z / Ctrl+Y undo / redo · Ctrl+S save · Ctrl+O load · F11 fullscreen
"""

SHRINES = """<b>Goal</b><br>
Bring the other player's life from 20 to 0 (other modes change the goal; see the rules
page).<br><br>
<b>The Region</b><br>
Fifteen sites in three pathways (a, b, c) of five rows. The row nearest you is your melee
row, then your range row, the neutral row, then the opponent's range and melee rows. Behind
each melee row is that player's zone: drop an attacker there to attack the player. A site
holds at most four permanents besides tools and tokens.<br><br>
<b>A turn</b> has four acts: First (untap, draw, play cards), Travel, Combat, Final (play
cards again). <b>Next act</b> passes the act; after every action and act pass the other
player gets priority: they answer at burst speed or <b>Pass</b>.<br><br>
<b>Mana</b><br>
One source a turn: drag it from your hand onto Your sources. Click a source to tap it for
one mana of its colour; the pool shows beside your name and empties at the end of each
turn.<br><br>
<b>Playing cards</b> (drag from your hand; the places it may go light up)<br>
Creatures go onto one of your melee sites, structures onto a melee or range site without
a structure. Tools onto a creature of yours, idols onto Your idols, terrain and weather
onto a site of the site, row or pathway it will cover (a row or pathway one also onto
Terrain &amp; weather).
Spells onto their target (a card, a site or a player zone); a spell with no target
anywhere on the Region.<br><br>
<b>Travel</b>: in your Travel Act drag a creature forward along its pathway (one site,
more with Sprint). Creatures that entered this turn cannot travel or attack.<br>
<b>Combat</b>: drag an untapped creature onto an opposing creature, structure or the
player zone within its range (its own site and one forward, plus Range). The defender
drags untapped creatures onto attackers to block, then <b>Done blocking</b>; a blocked
attacker fights only its blockers. A <b>Guard</b> takes damage meant for its friends on
its site; click it to switch that off or on again (once a turn).<br>
<b>Damage</b> stays on a card until the end of the turn (on structures, for good); at its
resilience the card is destroyed.<br><br>
<b>Your Shrine</b> is played like a creature from its zone. If it would leave the Region it
returns with time marks; one comes off each turn, and you play it again at none.<br><br>
<b>On the cards</b>: the coloured frame and the letters in the cost pips give the colour;
the box is strength/resilience (current values on the Region: green raised, red lowered);
a red chip is damage; FROZEN, POISON, WEAK, GROUNDED, PROT, ARMOR, NO GUARD are states;
chips on a site name the terrain, weather or face-down Trap lying there; zz marks a
creature that cannot act yet; TAPPED a tapped card. Right-click a card, or rest the
pointer on it, to read it large.<br><br>
<b>Keys</b><br>
Esc menu · ? rules · Ctrl+Z / Ctrl+Y undo / redo · Ctrl+S save · Ctrl+O load · F11 fullscreen
"""

RULES = {"shrine": SHRINE, "shrines": SHRINES}


def rules_for(game: str) -> str:
    text = RULES.get(game, "No rules summary for this game yet.")
    return re.sub(r"\s*\n\s*", " ", text).strip()
