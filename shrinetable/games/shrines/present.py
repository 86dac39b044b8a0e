"""How the table shows shrines: words, rules text, card faces, decorations."""

from shrinetable.engine import Presentation

PRESENT = Presentation()
