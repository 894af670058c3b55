"""heartsuite: Heart to Heart (a Pyramid solitaire) and Hearts: engines, solver, players, web."""

__version__ = "0.1.0"
