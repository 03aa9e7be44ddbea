ALTER TABLE "category_parameters" ADD COLUMN "role" text;--> statement-breakpoint
CREATE UNIQUE INDEX "category_parameters_role_unique" ON "category_parameters" USING btree ("role");