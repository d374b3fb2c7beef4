-- The home page's counters (0015), kept like bulk_line_counts (0002): statement-level triggers net one statement's
-- change per key and upsert it in key order; a change that moves nothing between keys (a status move for the
-- weeks, an edit for the lots) writes nothing. A trigger sees only the transition tables of its operation, so
-- shipdesk_changed_rows writes the statement's rows as (columns, d): +1 for a new row, -1 for an old one.
CREATE FUNCTION shipdesk_changed_rows(op text, columns text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS d FROM new_rows', columns)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS d FROM old_rows', columns)
    ELSE format('SELECT %1$s, 1 AS d FROM new_rows UNION ALL SELECT %1$s, -1 AS d FROM old_rows', columns)
  END
$$;
--> statement-breakpoint
-- Lines, cartons and m³ per owner and ex-factory week; cbm as numeric, so that sums of 3-decimal figures stay exact.
CREATE FUNCTION bulk_line_weeks_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO bulk_line_weeks AS w (owner, week, lines, cartons, cbm)
      SELECT owner, date_trunc('week', ex_factory_date)::date, sum(d), sum(d * carton_count), sum(d * cbm::numeric(16, 3))
      FROM (%s) AS change
      GROUP BY 1, 2 HAVING sum(d) <> 0 OR sum(d * carton_count) <> 0 OR sum(d * cbm::numeric(16, 3)) <> 0 ORDER BY 1, 2
      ON CONFLICT (owner, week) DO UPDATE
        SET lines = w.lines + excluded.lines, cartons = w.cartons + excluded.cartons, cbm = w.cbm + excluded.cbm
  $q$, shipdesk_changed_rows(TG_OP, 'owner, ex_factory_date, carton_count, cbm'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Lines waiting for inspection per owner and PO; a lot whose last line left 待验针 is removed.
CREATE FUNCTION bulk_line_pending_lots_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO bulk_line_pending_lots AS l (owner, po_no, lines)
      SELECT owner, po_no, sum(d) FROM (%s) AS change WHERE status = 'pendingInspection'
      GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
      ON CONFLICT (owner, po_no) DO UPDATE SET lines = l.lines + excluded.lines
  $q$, shipdesk_changed_rows(TG_OP, 'owner, po_no, status'));
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM bulk_line_pending_lots AS l
      USING (SELECT DISTINCT owner, po_no FROM old_rows WHERE status = 'pendingInspection') AS left_lot
      WHERE l.owner = left_lot.owner AND l.po_no = left_lot.po_no AND l.lines = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Inspections and passes per day in China (UTC+8) and factory of the lot's first line.
CREATE FUNCTION inspection_day_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO inspection_day_counts AS c (day, factory_code, inspected, passed)
      SELECT ((change.inspected_at AT TIME ZONE 'UTC') + interval '8 hours')::date, coalesce(b.factory_code, ''),
        sum(d), coalesce(sum(d) FILTER (WHERE change.result = 'pass'), 0)
      FROM (%s) AS change LEFT JOIN bulk_lines AS b ON b.key = change.line_keys[1]
      GROUP BY 1, 2 HAVING sum(d) <> 0 OR coalesce(sum(d) FILTER (WHERE change.result = 'pass'), 0) <> 0 ORDER BY 1, 2
      ON CONFLICT (day, factory_code) DO UPDATE
        SET inspected = c.inspected + excluded.inspected, passed = c.passed + excluded.passed
  $q$, shipdesk_changed_rows(TG_OP, 'inspected_at, line_keys, result'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bulk_lines_week_insert AFTER INSERT ON bulk_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bulk_line_weeks_add();
--> statement-breakpoint
CREATE TRIGGER bulk_lines_week_update AFTER UPDATE ON bulk_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bulk_line_weeks_add();
--> statement-breakpoint
CREATE TRIGGER bulk_lines_week_delete AFTER DELETE ON bulk_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bulk_line_weeks_add();
--> statement-breakpoint
CREATE TRIGGER bulk_lines_lot_insert AFTER INSERT ON bulk_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bulk_line_pending_lots_add();
--> statement-breakpoint
CREATE TRIGGER bulk_lines_lot_update AFTER UPDATE ON bulk_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bulk_line_pending_lots_add();
--> statement-breakpoint
CREATE TRIGGER bulk_lines_lot_delete AFTER DELETE ON bulk_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bulk_line_pending_lots_add();
--> statement-breakpoint
CREATE TRIGGER inspections_day_insert AFTER INSERT ON inspections
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inspection_day_counts_add();
--> statement-breakpoint
CREATE TRIGGER inspections_day_update AFTER UPDATE ON inspections
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inspection_day_counts_add();
--> statement-breakpoint
CREATE TRIGGER inspections_day_delete AFTER DELETE ON inspections
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inspection_day_counts_add();
--> statement-breakpoint
INSERT INTO bulk_line_weeks (owner, week, lines, cartons, cbm)
  SELECT owner, date_trunc('week', ex_factory_date)::date, count(*), sum(carton_count), sum(cbm::numeric(16, 3))
  FROM bulk_lines GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO bulk_line_pending_lots (owner, po_no, lines)
  SELECT owner, po_no, count(*) FROM bulk_lines WHERE status = 'pendingInspection' GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO inspection_day_counts (day, factory_code, inspected, passed)
  SELECT ((i.inspected_at AT TIME ZONE 'UTC') + interval '8 hours')::date, coalesce(b.factory_code, ''), count(*),
    count(*) FILTER (WHERE i.result = 'pass')
  FROM inspections AS i LEFT JOIN bulk_lines AS b ON b.key = i.line_keys[1] GROUP BY 1, 2;
