"""heartsuite: Heart to Heart (a Pyramid-family solitaire) and Hearts, with engines, solver and players."""

__version__ = "0.1.0"
