CREATE TABLE "row_counts" (
	"entity" text NOT NULL,
	"owner" uuid NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "row_counts_entity_owner_pk" PRIMARY KEY("entity","owner")
);
--> statement-breakpoint
-- row_counts follows the tables named in their triggers (the first argument is the entity): statement-level,
-- one upsert per owner of each statement, in owner order so that concurrent changes lock counters alike. Owners
-- never change, so only inserts and deletes count.
CREATE FUNCTION row_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts AS c (entity, owner, n)
      SELECT TG_ARGV[0], owner, count(*) FROM new_rows GROUP BY owner ORDER BY owner
      ON CONFLICT (entity, owner) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO row_counts AS c (entity, owner, n)
      SELECT TG_ARGV[0], owner, -count(*) FROM old_rows GROUP BY owner ORDER BY owner
      ON CONFLICT (entity, owner) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER inspections_count_insert AFTER INSERT ON inspections
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add('inspection');
--> statement-breakpoint
CREATE TRIGGER inspections_count_delete AFTER DELETE ON inspections
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add('inspection');
--> statement-breakpoint
INSERT INTO row_counts (entity, owner, n) SELECT 'inspection', owner, count(*) FROM inspections GROUP BY owner;
