ALTER TABLE "fence_orders" ADD COLUMN "items_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "fence_orders" ADD COLUMN "items_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fence_orders" ADD COLUMN "items_updated_by" integer;