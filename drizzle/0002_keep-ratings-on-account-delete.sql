-- Deleting a user cascades to their comments (comments.author_id ON DELETE CASCADE),
-- but a cascade does not touch other recipes' rating_sum/rating_count. This trigger
-- takes the user's ratings off those recipes first, in the deleting statement's own
-- transaction, with relative updates (sum = sum - x) like every comment write.
-- The user's own recipes are skipped: they and their comments are deleted anyway.
-- Drizzle splits this file only on the breakpoint markers, never inside the $$ body;
-- each part goes to the database as one statement.
CREATE FUNCTION "keep_ratings_on_user_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Lock the user's comments first: a concurrent comment delete either finishes
  -- before the sum below is taken (and is not subtracted twice) or waits for us.
  PERFORM 1 FROM "comments" WHERE "author_id" = OLD."id" FOR UPDATE;
  UPDATE "recipes" AS r
  SET "rating_sum" = r."rating_sum" - c."rating_sum",
      "rating_count" = r."rating_count" - c."rating_count"
  FROM (
    SELECT "recipe_id", sum("rating")::integer AS "rating_sum", count(*)::integer AS "rating_count"
    FROM "comments"
    WHERE "author_id" = OLD."id"
    GROUP BY "recipe_id"
  ) AS c
  WHERE r."id" = c."recipe_id" AND r."user_id" <> OLD."id";
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_keep_ratings_on_delete"
BEFORE DELETE ON "users"
FOR EACH ROW EXECUTE FUNCTION "keep_ratings_on_user_delete"();
