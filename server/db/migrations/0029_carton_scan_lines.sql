CREATE TABLE "carton_scan_lines" (
	"place" text NOT NULL,
	"line_key" text NOT NULL,
	"cartons" "int4multirange" NOT NULL,
	CONSTRAINT "carton_scan_lines_place_line_key_pk" PRIMARY KEY("place","line_key")
);
--> statement-breakpoint
INSERT INTO "carton_scan_lines" ("place", "line_key", "cartons")
SELECT "place", "line_key", range_agg(int4range("carton_no", "carton_no", '[]')) FROM "carton_scans" GROUP BY "place", "line_key";
