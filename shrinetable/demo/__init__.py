"""Rules demonstrations: scripted positions and moves, played in the window or
exported as GIFs (see docs/demos.md)."""
