-- Plans per owner and status in row_counts (entity 'plan:<STATUS>'), so that a list filtered by status alone
-- reads its total instead of counting up to the cap. Statuses change, so updates count too: one statement nets
-- the old rows against the new (nothing is written when no status moved) and upserts in key order, so that
-- concurrent moves lock counters alike.
CREATE FUNCTION row_counts_by_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts AS c (entity, owner, n)
      SELECT TG_ARGV[0] || ':' || status, owner, count(*) FROM new_rows GROUP BY status, owner ORDER BY 1, 2
      ON CONFLICT (entity, owner) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counts AS c (entity, owner, n)
      SELECT TG_ARGV[0] || ':' || status, owner, -count(*) FROM old_rows GROUP BY status, owner ORDER BY 1, 2
      ON CONFLICT (entity, owner) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO row_counts AS c (entity, owner, n)
      SELECT TG_ARGV[0] || ':' || status, owner, sum(d)
      FROM (SELECT status, owner, -1 AS d FROM old_rows UNION ALL SELECT status, owner, 1 FROM new_rows) AS moved
      GROUP BY status, owner HAVING sum(d) <> 0 ORDER BY 1, 2
      ON CONFLICT (entity, owner) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER osb_plans_status_count_insert AFTER INSERT ON osb_plans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_by_status('plan');
--> statement-breakpoint
CREATE TRIGGER osb_plans_status_count_update AFTER UPDATE ON osb_plans
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_by_status('plan');
--> statement-breakpoint
CREATE TRIGGER osb_plans_status_count_delete AFTER DELETE ON osb_plans
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_by_status('plan');
--> statement-breakpoint
INSERT INTO row_counts (entity, owner, n) SELECT 'plan:' || status, owner, count(*) FROM osb_plans GROUP BY status, owner;
