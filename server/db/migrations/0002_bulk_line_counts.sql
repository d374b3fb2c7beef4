-- bulk_line_counts follows bulk_lines: statement-level triggers add the net change per (owner, type, status)
-- of each statement, so a 50 000-row import costs one upsert per group, and an edit that keeps owner, type
-- and status touches no counter (no lock on the shared counter row). Rows are upserted in key order, so
-- concurrent changes lock counter rows in the same order.
CREATE FUNCTION bulk_line_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO bulk_line_counts AS c (owner, type, status, n)
      SELECT owner, type, status, count(*) FROM new_rows GROUP BY owner, type, status ORDER BY owner, type, status
      ON CONFLICT (owner, type, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO bulk_line_counts AS c (owner, type, status, n)
      SELECT owner, type, status, -count(*) FROM old_rows GROUP BY owner, type, status ORDER BY owner, type, status
      ON CONFLICT (owner, type, status) DO UPDATE SET n = c.n + excluded.n;
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
--> statement-breakpoint
CREATE TRIGGER bulk_lines_count_insert AFTER INSERT ON bulk_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bulk_line_counts_add();
--> statement-breakpoint
CREATE TRIGGER bulk_lines_count_update AFTER UPDATE ON bulk_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bulk_line_counts_add();
--> statement-breakpoint
CREATE TRIGGER bulk_lines_count_delete AFTER DELETE ON bulk_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bulk_line_counts_add();
