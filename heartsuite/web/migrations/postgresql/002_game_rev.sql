-- Games are written with their revision (`UPDATE games … WHERE id = ? AND rev = ?`), as tables
-- are, so two server processes can never overwrite each other's moves. Rows of before start at 1.
ALTER TABLE games ADD COLUMN IF NOT EXISTS rev BIGINT NOT NULL DEFAULT 1;
