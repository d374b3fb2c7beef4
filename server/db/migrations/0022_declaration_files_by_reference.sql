ALTER TABLE "customs_declaration_files" ALTER COLUMN "file_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customs_declaration_files" DROP COLUMN "content";