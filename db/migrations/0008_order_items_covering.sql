DROP INDEX "fence_order_items_product_idx";--> statement-breakpoint
DROP INDEX "fence_order_other_items_product_idx";--> statement-breakpoint
CREATE INDEX "fence_order_items_product_idx" ON "fence_order_items" USING btree ("product_id","order_id");--> statement-breakpoint
CREATE INDEX "fence_order_other_items_product_idx" ON "fence_order_other_items" USING btree ("product_id","order_id");