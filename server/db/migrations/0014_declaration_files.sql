CREATE TABLE "customs_declaration_files" (
	"declaration_key" text NOT NULL,
	"document" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customs_declaration_files_declaration_key_document_pk" PRIMARY KEY("declaration_key","document")
);
--> statement-breakpoint
ALTER TABLE "customs_declaration_files" ADD CONSTRAINT "customs_declaration_files_declaration_key_customs_declarations_key_fk" FOREIGN KEY ("declaration_key") REFERENCES "public"."customs_declarations"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customs_declaration_files" ADD CONSTRAINT "customs_declaration_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;