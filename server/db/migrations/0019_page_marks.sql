ALTER TABLE "row_counts" ADD COLUMN "changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_line_counts" ADD COLUMN "changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- `changes` counts the rows each statement inserts and deletes, never netted: while a list's sum of it stands, no
-- row came or went, so a mark of where one of its deep pages starts still holds (server/domain/pageMarks.ts).
-- Updates move lines between groups but add none to an unfiltered list, whose order never changes.
CREATE OR REPLACE FUNCTION row_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts AS c (entity, owner, n, changes)
      SELECT TG_ARGV[0], owner, count(*), count(*) FROM new_rows GROUP BY owner ORDER BY owner
      ON CONFLICT (entity, owner) DO UPDATE SET n = c.n + excluded.n, changes = c.changes + excluded.changes;
  ELSE
    INSERT INTO row_counts AS c (entity, owner, n, changes)
      SELECT TG_ARGV[0], owner, -count(*), count(*) FROM old_rows GROUP BY owner ORDER BY owner
      ON CONFLICT (entity, owner) DO UPDATE SET n = c.n + excluded.n, changes = c.changes + excluded.changes;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bulk_line_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO bulk_line_counts AS c (owner, type, status, n, changes)
      SELECT owner, type, status, count(*), count(*) FROM new_rows GROUP BY owner, type, status ORDER BY owner, type, status
      ON CONFLICT (owner, type, status) DO UPDATE SET n = c.n + excluded.n, changes = c.changes + excluded.changes;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO bulk_line_counts AS c (owner, type, status, n, changes)
      SELECT owner, type, status, -count(*), count(*) FROM old_rows GROUP BY owner, type, status ORDER BY owner, type, status
      ON CONFLICT (owner, type, status) DO UPDATE SET n = c.n + excluded.n, changes = c.changes + excluded.changes;
  ELSE
    INSERT INTO bulk_line_counts AS c (owner, type, status, n)
      SELECT owner, type, status, sum(delta) FROM (
        SELECT owner, type, status, 1 AS delta FROM new_rows
        UNION ALL
        SELECT owner, type, status, -1 AS delta FROM old_rows
      ) AS change
      GROUP BY owner, type, status HAVING sum(delta) <> 0 ORDER BY owner, type, status
      ON CONFLICT (owner, type, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
