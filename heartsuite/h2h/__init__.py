"""Heart to Heart: a Pyramid-family solitaire in a heart-shaped layout (SPEC §1)."""
