CREATE TABLE "company_identity" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"street" text,
	"city" text,
	"postal_code" text,
	"country" text,
	"ico" text,
	"dic" text,
	"vat_payer" boolean DEFAULT true NOT NULL,
	"phone" text,
	"email" text,
	"web" text,
	"logo" "bytea",
	"logo_mime_type" text,
	"offer_validity_days" integer DEFAULT 30 NOT NULL,
	"offer_closing_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	CONSTRAINT "company_identity_single_row" CHECK ("company_identity"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "fence_offer_pdfs" (
	"order_id" integer NOT NULL,
	"language" text NOT NULL,
	"fingerprint" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fence_offer_pdfs" ADD CONSTRAINT "fence_offer_pdfs_order_id_fence_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."fence_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fence_offer_pdfs_order_language" ON "fence_offer_pdfs" USING btree ("order_id","language");