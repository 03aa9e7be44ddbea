-- The stored ordered material no longer counts services sold as other items (products not
-- storable, such as the removal of the old fence): every order's material is worked out again on
-- its next read (docs/decisions/024-ordered-material.md).
UPDATE "fence_orders" SET "material_at" = NULL WHERE "material_at" IS NOT NULL;
--> statement-breakpoint
-- A product's storable flag decides whether an other item of it is material: a change marks the orders with such an item.
CREATE FUNCTION order_material_stale_by_storable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE fence_orders SET material_at = NULL
  WHERE material_at IS NOT NULL
    AND id IN (SELECT order_id FROM fence_order_other_items WHERE product_id = NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_storable_material AFTER UPDATE OF storable ON products FOR EACH ROW WHEN (OLD.storable IS DISTINCT FROM NEW.storable) EXECUTE FUNCTION order_material_stale_by_storable();
