"""The geometry derived from the offsets matches SPEC §1.2's cover table exactly."""

from heartsuite.h2h.layout import ALL, COVERED_BY, SIZE, free_mask, positions

SPEC_COVER_TABLE = {
    1: (5, 6), 2: (6, 7), 3: (8, 9), 4: (9, 10), 5: (11,), 6: (11, 12), 7: (12, 13),
    8: (13, 14), 9: (14, 15), 10: (15,), 11: (16,), 12: (16, 17), 13: (17, 18), 14: (18, 19),
    15: (19,), 16: (20,), 17: (20, 21), 18: (21, 22), 19: (22,), 20: (23,), 21: (23, 24),
    22: (24,), 23: (25,), 24: (25,), 25: (),
}


def test_cover_table_matches_spec() -> None:
    assert SIZE == 25
    assert {p: COVERED_BY[p] for p in range(1, 26)} == SPEC_COVER_TABLE


def test_only_the_tip_is_free_at_start() -> None:
    assert positions(free_mask(ALL)) == [25]


def test_removing_the_tip_frees_23_and_24() -> None:
    assert positions(free_mask(ALL & ~(1 << 24))) == [23, 24]
