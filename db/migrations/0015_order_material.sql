CREATE TABLE "fence_order_material" (
	"order_id" integer NOT NULL,
	"product_id" integer,
	"component" text NOT NULL,
	"color" text,
	"custom_name" text,
	"amount" numeric(14, 3) NOT NULL,
	"running_meters" numeric(16, 3)
);
--> statement-breakpoint
ALTER TABLE "fence_orders" ADD COLUMN "material_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fence_orders" ADD COLUMN "material_skipped" jsonb;--> statement-breakpoint
ALTER TABLE "fence_order_material" ADD CONSTRAINT "fence_order_material_order_id_fence_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."fence_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_order_material" ADD CONSTRAINT "fence_order_material_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fence_order_material_order_idx" ON "fence_order_material" USING btree ("order_id");--> statement-breakpoint
-- Decision 024: whatever an order's material is made of marks it stale; "ordered material" recomputes stale orders before summing.
CREATE FUNCTION order_material_stale_by_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE fence_orders SET material_at = NULL WHERE id = OLD.order_id AND material_at IS NOT NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE fence_orders SET material_at = NULL WHERE id = NEW.order_id AND material_at IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_material_stale_by_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE fence_orders SET material_at = NULL
  WHERE material_at IS NOT NULL
    AND id IN (SELECT order_id FROM fence_order_items WHERE id IN (
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.item_id END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.item_id END));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_material_stale_by_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE fence_orders SET material_at = NULL
  WHERE material_at IS NOT NULL
    AND id IN (SELECT order_id FROM fence_order_items WHERE product_id IN (
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.product_id END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.product_id END));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A category parameter's name, unit or default, or which categories it belongs to, may change any product's parameters: rare admin work, so every order is marked.
CREATE FUNCTION order_material_stale_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE fence_orders SET material_at = NULL WHERE material_at IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fence_order_items_material AFTER INSERT OR UPDATE OR DELETE ON fence_order_items FOR EACH ROW EXECUTE FUNCTION order_material_stale_by_order();
--> statement-breakpoint
CREATE TRIGGER fence_order_other_items_material AFTER INSERT OR UPDATE OR DELETE ON fence_order_other_items FOR EACH ROW EXECUTE FUNCTION order_material_stale_by_order();
--> statement-breakpoint
CREATE TRIGGER fence_order_sub_products_material AFTER INSERT OR UPDATE OR DELETE ON fence_order_sub_products FOR EACH ROW EXECUTE FUNCTION order_material_stale_by_item();
--> statement-breakpoint
CREATE TRIGGER product_parameter_values_material AFTER INSERT OR UPDATE OR DELETE ON product_parameter_values FOR EACH ROW EXECUTE FUNCTION order_material_stale_by_product();
--> statement-breakpoint
CREATE TRIGGER product_categories_material AFTER INSERT OR UPDATE OR DELETE ON product_categories FOR EACH ROW EXECUTE FUNCTION order_material_stale_by_product();
--> statement-breakpoint
CREATE TRIGGER category_parameters_material AFTER UPDATE OR DELETE ON category_parameters FOR EACH STATEMENT EXECUTE FUNCTION order_material_stale_all();
--> statement-breakpoint
CREATE TRIGGER category_parameter_categories_material AFTER INSERT OR UPDATE OR DELETE ON category_parameter_categories FOR EACH STATEMENT EXECUTE FUNCTION order_material_stale_all();
--> statement-breakpoint
CREATE TRIGGER categories_parent_material AFTER UPDATE OF parent_id ON categories FOR EACH STATEMENT EXECUTE FUNCTION order_material_stale_all();
