CREATE TABLE "backup_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"keep" integer DEFAULT 7 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "backup_settings_single_row" CHECK ("backup_settings"."id" = 1),
	CONSTRAINT "backup_settings_keep" CHECK ("backup_settings"."keep" between 1 and 90)
);
