"""The benchmarks behind `shrinetable bench WHAT`, one module each: the rules
engine and start-up (`engine`), the table's frames (`render`) and text sizes
(`legibility`), the network (`network`), the questions a person is asked
(`prompts`) and loading long saves (`save`). Each is imported only when its
benchmark runs (`commands/bench.py`); nothing below this package imports it."""
