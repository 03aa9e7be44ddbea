-- Names promised unique were checked only in code until now, so a live database may hold one twice
-- (two requests at once). Before the unique indexes are built, every later row of such a clash (all
-- but the lowest id, compared as the index compares: lower(name), a work type within its workplace)
-- is renamed "<name> (id <id>)": the indexes build, nothing is lost, and the rows show which to
-- rename or merge. Should even a renamed row clash, CREATE UNIQUE INDEX fails and the migration stops.
UPDATE "promise_statuses" d SET "name" = d."name" || ' (id ' || d."id" || ')', "updated_at" = now(), "updated_by" = NULL
  WHERE EXISTS (SELECT 1 FROM "promise_statuses" o WHERE lower(o."name") = lower(d."name") AND o."id" < d."id");--> statement-breakpoint
UPDATE "kiosk_devices" d SET "name" = d."name" || ' (id ' || d."id" || ')', "updated_at" = now(), "updated_by" = NULL
  WHERE EXISTS (SELECT 1 FROM "kiosk_devices" o WHERE lower(o."name") = lower(d."name") AND o."id" < d."id");--> statement-breakpoint
UPDATE "work_types" d SET "name" = d."name" || ' (id ' || d."id" || ')', "updated_at" = now(), "updated_by" = NULL
  WHERE EXISTS (SELECT 1 FROM "work_types" o WHERE lower(o."name") = lower(d."name") AND o."workplace_id" = d."workplace_id" AND o."id" < d."id");--> statement-breakpoint
UPDATE "workplaces" d SET "name" = d."name" || ' (id ' || d."id" || ')', "updated_at" = now(), "updated_by" = NULL
  WHERE EXISTS (SELECT 1 FROM "workplaces" o WHERE lower(o."name") = lower(d."name") AND o."id" < d."id");--> statement-breakpoint
UPDATE "warehouses" d SET "name" = d."name" || ' (id ' || d."id" || ')', "updated_at" = now(), "updated_by" = NULL
  WHERE EXISTS (SELECT 1 FROM "warehouses" o WHERE lower(o."name") = lower(d."name") AND o."id" < d."id");--> statement-breakpoint
DROP INDEX "fence_orders_phone_idx";--> statement-breakpoint
CREATE INDEX "fence_orders_phone_key_idx" ON "fence_orders" USING btree (right(regexp_replace("phone", '[^0-9]', '', 'g'), 9),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "promise_statuses_name_unique" ON "promise_statuses" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_devices_name_unique" ON "kiosk_devices" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "work_types_workplace_name_unique" ON "work_types" USING btree ("workplace_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "workplaces_name_unique" ON "workplaces" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_name_unique" ON "warehouses" USING btree (lower("name"));