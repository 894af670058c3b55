-- The daily deal (web/store.py): each date's deal code and shortest solution, cached once, and
-- per person and date whether its deal was played and won on the date itself and the fewest moves
-- of any win of it.
CREATE TABLE IF NOT EXISTS daily_deals (
    day TEXT PRIMARY KEY,
    code TEXT NOT NULL,
    shortest BIGINT
);
CREATE TABLE IF NOT EXISTS daily_results (
    person TEXT NOT NULL,
    day TEXT NOT NULL,
    played BIGINT NOT NULL DEFAULT 0,
    won BIGINT NOT NULL DEFAULT 0,
    fewest BIGINT,
    updated DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (person, day)
);
