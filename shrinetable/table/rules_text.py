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

RULES = {"shrine": SHRINE}


def rules_for(game: str) -> str:
    text = RULES.get(game, "No rules summary for this game yet.")
    return re.sub(r"\s*\n\s*", " ", text).strip()
