"""Public Hearts AIs playing in our engine, to measure our players against (tests, benchmarks)."""
