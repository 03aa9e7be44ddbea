CREATE TABLE "category_editor_roles" (
	"role" text NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "category_editor_roles_role_category_id_pk" PRIMARY KEY("role","category_id")
);
--> statement-breakpoint
ALTER TABLE "category_editor_roles" ADD CONSTRAINT "category_editor_roles_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_editor_roles_category_idx" ON "category_editor_roles" USING btree ("category_id");