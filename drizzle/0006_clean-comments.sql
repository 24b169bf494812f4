CREATE TABLE "comment_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comment_id" uuid NOT NULL,
	"reporter_id" text,
	"reporter_ip_hash" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_reports_reporter_check" CHECK (("comment_reports"."reporter_id" is null) <> ("comment_reports"."reporter_ip_hash" is null))
);
--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "rating" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "rating_counts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reports" ADD CONSTRAINT "comment_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comment_reports_user_idx" ON "comment_reports" USING btree ("comment_id","reporter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comment_reports_ip_idx" ON "comment_reports" USING btree ("comment_id","reporter_ip_hash");--> statement-breakpoint
CREATE INDEX "comment_reports_reporter_idx" ON "comment_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comments_counted_rating_idx" ON "comments" USING btree ("recipe_id","author_id") WHERE "comments"."rating_counts";--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_rating_counts_check" CHECK (not "comments"."rating_counts" or "comments"."rating" is not null);--> statement-breakpoint
-- Each person's rating counts once per recipe: their latest rated comment on it,
-- and never on their own recipe. Mark those of the comments written so far…
UPDATE "comments" AS c SET "rating_counts" = true
FROM (
  SELECT DISTINCT ON (k."recipe_id", k."author_id") k."id"
  FROM "comments" AS k JOIN "recipes" AS r ON r."id" = k."recipe_id"
  WHERE k."rating" IS NOT NULL AND k."author_id" <> r."user_id"
  ORDER BY k."recipe_id", k."author_id", k."created_at" DESC, k."id" DESC
) AS latest
WHERE c."id" = latest."id";
--> statement-breakpoint
-- …and let every recipe's sum and count say exactly that (a one-off recount;
-- from here on only relative updates change them).
UPDATE "recipes" AS r
SET "rating_sum" = s."rating_sum", "rating_count" = s."rating_count"
FROM (
  SELECT r2."id", coalesce(sum(c."rating"), 0)::integer AS "rating_sum", count(c."id")::integer AS "rating_count"
  FROM "recipes" AS r2 LEFT JOIN "comments" AS c ON c."recipe_id" = r2."id" AND c."rating_counts"
  GROUP BY r2."id"
) AS s
WHERE r."id" = s."id" AND (r."rating_sum" <> s."rating_sum" OR r."rating_count" <> s."rating_count");
--> statement-breakpoint
-- Deleting a user takes only the ratings that count off the other users'
-- recipes (at most one per recipe); see 0002 for the rest of the reasoning.
CREATE OR REPLACE FUNCTION "keep_ratings_on_user_delete"() RETURNS trigger
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
    WHERE "author_id" = OLD."id" AND "rating_counts"
    GROUP BY "recipe_id"
  ) AS c
  WHERE r."id" = c."recipe_id" AND r."user_id" <> OLD."id";
  RETURN OLD;
END;
$$;
