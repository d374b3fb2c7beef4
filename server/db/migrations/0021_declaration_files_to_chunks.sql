-- Each declaration document's bytes move from its row into stored_files and stored_file_chunks (256 KiB a chunk).
UPDATE "customs_declaration_files" SET "file_id" = gen_random_uuid();
--> statement-breakpoint
INSERT INTO "stored_files" ("id", "size", "sha256", "created_at")
SELECT "file_id", length("content"), encode(sha256("content"), 'hex'), "uploaded_at" FROM "customs_declaration_files";
--> statement-breakpoint
INSERT INTO "stored_file_chunks" ("file_id", "n", "content")
SELECT f."file_id", g.n, substring(f."content" from g.n * 262144 + 1 for 262144)
FROM "customs_declaration_files" f, generate_series(0, (length(f."content") - 1) / 262144) AS g(n);
