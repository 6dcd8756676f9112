-- Accent-insensitive Spanish search (used by the catalogue) and trigram typo fallback.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is only STABLE; indexes need an IMMUTABLE wrapper bound to the dictionary.
CREATE OR REPLACE FUNCTION immutable_unaccent(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, input) $$;
