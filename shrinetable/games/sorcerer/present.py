"""How the table shows Sorcerer: words, rules text, card faces, decorations."""

from shrinetable.engine import Presentation

PRESENT = Presentation()
