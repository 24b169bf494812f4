-- Words that German stemming would merge with another word: "Randen" (beetroot)
-- and "Rande" become "rand", the stem of "Rand" (the edge of a tin), so a search
-- for Randen found every recipe with a rim, and one for Rand every recipe with
-- beetroot. Each field of the search document now holds such words whole and only
-- so (the stemmer does not see them), as the lexeme "=randen": made directly
-- (array_to_tsvector parses nothing), so no query typed by a reader can reach it
-- but the one the search makes for the word (PROTECTED_WORDS in
-- app/features/recipes/search-terms.ts names the same words and lexemes). Its
-- "=" keeps a prefix search for "Rand" from finding it.
CREATE FUNCTION "recipe_search_part"(t text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN to_tsvector('public.chuchi_german'::regconfig, regexp_replace(t, '\mranden?\M', '', 'gi'))
    || (CASE WHEN lower(t) ~ '\mranden?\M' THEN array_to_tsvector(ARRAY['=randen']) ELSE ''::tsvector END);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "recipe_search_document"(title text, lead text, tags text[], ingredients jsonb, description text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN setweight(public.recipe_search_part(coalesce(title, '')), 'A')
    || setweight(public.recipe_search_part(coalesce(lead, '') || ' ' || coalesce(array_to_string(tags, ' '), '')), 'B')
    || setweight(public.recipe_search_part(coalesce(jsonb_path_query_array(ingredients, '$[*].name')::text, '')), 'C')
    || setweight(public.recipe_search_part(coalesce(description, '')), 'D');
--> statement-breakpoint
-- The stored document of every recipe, computed anew with the function above.
UPDATE "recipes" SET "title" = "title";
