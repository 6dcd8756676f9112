-- The reviews page's subtitle as first shipped claimed reviewers had bought (ADR 0009, amended):
-- a shop that saved that section keeps the old text, so it is replaced where it is unchanged.
UPDATE "page_contents"
SET "fields" = jsonb_set("fields", '{subtitle}', to_jsonb('Lo que opinan de la tienda y de sus productos las personas registradas.'::text))
WHERE "page" = 'reviews' AND "section" = 'cabecera'
  AND "fields"->>'subtitle' = 'Lo que opinan quienes ya han comprado con nosotros.';
