ALTER TABLE "products" ADD COLUMN "base_product_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_key" text;--> statement-breakpoint
ALTER TABLE "fence_order_items" ADD COLUMN "manufactured_product_id" integer;--> statement-breakpoint
ALTER TABLE "fence_order_sub_products" ADD COLUMN "item_type" text;--> statement-breakpoint
ALTER TABLE "fence_order_sub_products" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fence_order_sub_products" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "fence_order_sub_products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "fence_order_sub_products" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "fence_order_sub_products" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "fence_orders" ADD COLUMN "shipping_unit_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_base_product_id_products_id_fk" FOREIGN KEY ("base_product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_order_items" ADD CONSTRAINT "fence_order_items_manufactured_product_id_products_id_fk" FOREIGN KEY ("manufactured_product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_variant_unique" ON "products" USING btree ("base_product_id","variant_key");--> statement-breakpoint
CREATE INDEX "fence_order_items_manufactured_product_idx" ON "fence_order_items" USING btree ("manufactured_product_id","order_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_variant_complete" CHECK (("products"."base_product_id" is null) = ("products"."variant_key" is null));