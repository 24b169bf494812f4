-- Search (/suche): German full-text search with umlaut folding, stemming, prefixes
-- and typo tolerance, the same on PGlite and PostgreSQL. Hand-written (drizzle-kit
-- does not express extensions, functions or text search configurations); Drizzle
-- splits this file only on the breakpoint markers.
-- The three extensions ship with PGlite (loaded in app/db/client.server.ts) and
-- with PostgreSQL's contrib package.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
-- unaccent() is STABLE (it looks its dictionary up by name); an index expression
-- needs IMMUTABLE. With the dictionary named by schema this wrapper is safe to
-- declare so (the usual idiom). The SQL-standard body binds the names now.
CREATE FUNCTION "chuchi_unaccent"(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN public.unaccent('public.unaccent'::regdictionary, $1);
--> statement-breakpoint
-- German with umlauts and accents folded before stemming: "Rösti", "Rosti" and
-- "Roesti"-free spellings meet, "Kartoffeln" and "Kartoffel" share a stem.
CREATE TEXT SEARCH CONFIGURATION "chuchi_german" (COPY = pg_catalog.german);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "chuchi_german"
  ALTER MAPPING FOR word, hword, hword_part, asciiword, asciihword, hword_asciipart
  WITH public.unaccent, pg_catalog.german_stem;--> statement-breakpoint
-- The searchable document of a recipe: title (A), lead and tags (B), ingredient
-- names (C), description (D). IMMUTABLE: it only reads its arguments.
CREATE FUNCTION "recipe_search_document"(title text, lead text, tags text[], ingredients jsonb, description text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN setweight(to_tsvector('public.chuchi_german'::regconfig, coalesce(title, '')), 'A')
    || setweight(to_tsvector('public.chuchi_german'::regconfig, coalesce(lead, '') || ' ' || coalesce(array_to_string(tags, ' '), '')), 'B')
    || setweight(to_tsvector('public.chuchi_german'::regconfig, coalesce(jsonb_path_query_array(ingredients, '$[*].name')::text, '')), 'C')
    || setweight(to_tsvector('public.chuchi_german'::regconfig, coalesce(description, '')), 'D');
--> statement-breakpoint
ALTER TABLE "recipes" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (public.recipe_search_document("recipes"."title", "recipes"."lead", "recipes"."tags", "recipes"."ingredients", "recipes"."description")) STORED;--> statement-breakpoint
CREATE INDEX "recipes_search_idx" ON "recipes" USING gin ("search");--> statement-breakpoint
-- The words of all recipes, for typo tolerance and "Meinten Sie …?" (trigram index).
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"display" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Split on anything but (Latin) letters: the database may run in the C locale,
-- where regular expressions know no letters beyond ASCII.
CREATE FUNCTION "recipes_collect_search_words"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word", "display")
  SELECT DISTINCT ON (folded) folded, token
  FROM (
    SELECT token, lower(public.chuchi_unaccent(token)) AS folded
    FROM regexp_split_to_table(
      NEW."title" || ' ' || NEW."lead" || ' ' || array_to_string(NEW."tags", ' ') || ' '
        || jsonb_path_query_array(NEW."ingredients", '$[*].name')::text || ' ' || NEW."description",
      '[^A-Za-zÀ-ÖØ-öø-ÿŒœ]+'
    ) AS token
    WHERE length(token) BETWEEN 3 AND 40
  ) AS words
  ORDER BY folded, token
  ON CONFLICT ("word") DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "recipes_collect_search_words"
AFTER INSERT OR UPDATE OF "title", "lead", "tags", "ingredients", "description" ON "recipes"
FOR EACH ROW EXECUTE FUNCTION "recipes_collect_search_words"();--> statement-breakpoint
-- Recipes written before this migration.
INSERT INTO "search_words" ("word", "display")
SELECT DISTINCT ON (folded) folded, token
FROM (
  SELECT token, lower(public.chuchi_unaccent(token)) AS folded
  FROM "recipes",
    regexp_split_to_table(
      "title" || ' ' || "lead" || ' ' || array_to_string("tags", ' ') || ' '
        || jsonb_path_query_array("ingredients", '$[*].name')::text || ' ' || "description",
      '[^A-Za-zÀ-ÖØ-öø-ÿŒœ]+'
    ) AS token
  WHERE length(token) BETWEEN 3 AND 40
) AS words
ORDER BY folded, token
ON CONFLICT ("word") DO NOTHING;
