DROP INDEX "recipes_created_at_index";--> statement-breakpoint
DROP INDEX "recipes_category_created_at_index";--> statement-breakpoint
DROP INDEX "recipes_user_id_index";--> statement-breakpoint
CREATE INDEX "recipes_created_at_id_idx" ON "recipes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "recipes_category_created_at_id_idx" ON "recipes" USING btree ("category","created_at","id");--> statement-breakpoint
CREATE INDEX "recipes_user_id_created_at_id_idx" ON "recipes" USING btree ("user_id","created_at","id");