"""The designer's workbench: a balance report measured by self-play
(`shrinetable report`) and print-and-play sheets (`shrinetable print`).

Layers, each a module: `plan` (which seatings and seeds), `measure` (one game's
figures, played by `simulate`'s own game loop), `run` (the games on a process
pool or a cluster, with a progress bar), `stats` (intervals and tests),
`summary` (the games' figures as the report), `compare` (two reports, figure by
figure), `page` (the HTML page and its charts) and `sheets` (the PDF).
"""
