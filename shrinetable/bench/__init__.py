"""The benchmarks behind `shrinetable bench WHAT`, one module each: the rules
engine and start-up (`engine`), the table's frames (`render`) and text sizes
(`legibility`), the network (`network`), the questions a person is asked
(`prompts`), loading long saves (`save`) and the hard computer against a
game-blind search (`strength`, with the search in `search`). Each is imported only when its
benchmark runs (`commands/bench.py`); nothing below this package imports it."""
