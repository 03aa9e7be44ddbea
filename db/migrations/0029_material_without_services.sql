-- The stored ordered material no longer counts services sold as other items (products not
-- storable, such as the removal of the old fence): every order's material is worked out again on
-- its next read (docs/decisions/024-ordered-material.md).
UPDATE "fence_orders" SET "material_at" = NULL WHERE "material_at" IS NOT NULL;
