CREATE TABLE "rack_scale_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"noise_band_grams" integer DEFAULT 5 NOT NULL,
	"discrepancy_minutes" integer DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "rack_scale_settings_single_row" CHECK (id = 1),
	CONSTRAINT "rack_scale_settings_noise_band" CHECK ("rack_scale_settings"."noise_band_grams" between 0 and 100000),
	CONSTRAINT "rack_scale_settings_discrepancy_minutes" CHECK ("rack_scale_settings"."discrepancy_minutes" between 1 and 10080)
);
--> statement-breakpoint
CREATE TABLE "rack_scale_unknown_reports" (
	"ext_id" integer PRIMARY KEY NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"readings" integer DEFAULT 0 NOT NULL,
	"last_weight" numeric(12, 1)
);
--> statement-breakpoint
DROP INDEX "rack_scale_readings_scale_at_idx";--> statement-breakpoint
ALTER TABLE "warehouse_items" ADD COLUMN "scale_disagree_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "warehouse_rack_scales" ADD COLUMN "last_reading_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "rack_scale_readings_scale_at_unique" ON "rack_scale_readings" USING btree ("scale_id","at");--> statement-breakpoint
CREATE INDEX "rack_scale_readings_at_idx" ON "rack_scale_readings" USING btree ("at");--> statement-breakpoint
CREATE INDEX "warehouse_items_scale_disagree_idx" ON "warehouse_items" USING btree ("scale_disagree_since") WHERE scale_disagree_since is not null;