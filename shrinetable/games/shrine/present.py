"""How the table shows shrine: words, rules text, card faces, decorations."""

from shrinetable.engine import Presentation

PRESENT = Presentation()
