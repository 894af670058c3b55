-- The schema of web/store.py on PostgreSQL: the same tables and columns as SQLite's, with
-- `games.seq` to order games begun in the same instant (SQLite's rowid).
CREATE TABLE IF NOT EXISTS people (
    id TEXT PRIMARY KEY,
    prefs TEXT NOT NULL DEFAULT '{}',
    created DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    seq BIGSERIAL,
    id TEXT PRIMARY KEY,
    person TEXT NOT NULL,
    kind TEXT NOT NULL,
    code TEXT NOT NULL,
    data TEXT NOT NULL DEFAULT '{}',
    settings TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL DEFAULT 'playing',
    score BIGINT NOT NULL DEFAULT 0,
    moves BIGINT NOT NULL DEFAULT 0,
    elapsed_ms BIGINT NOT NULL DEFAULT 0,
    hints BIGINT NOT NULL DEFAULT 0,
    result TEXT NOT NULL DEFAULT '{}',
    created DOUBLE PRECISION NOT NULL,
    updated DOUBLE PRECISION NOT NULL,
    finished DOUBLE PRECISION
);
CREATE INDEX IF NOT EXISTS games_person ON games (person, kind, status, updated);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    creator TEXT NOT NULL,
    status TEXT NOT NULL,
    data TEXT NOT NULL,
    rev BIGINT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    updated DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS table_people (
    table_id TEXT NOT NULL,
    person TEXT NOT NULL,
    PRIMARY KEY (table_id, person)
);
CREATE INDEX IF NOT EXISTS table_people_person ON table_people (person);
