-- What the statistics read of a round's holes, as @holeout/golf's shotText writes it:
-- hole "." par ":" shots joined by ";", holes joined by "|"; a shot is from, dist (the JSON number's text), to, miss.
CREATE FUNCTION holeout_shot_text(holes json) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
    (h.value->>'hole') || '.' || (h.value->>'par') || ':' || coalesce((
      SELECT string_agg((s.value->>'from') || (s.value->>'dist') || (s.value->>'to') || coalesce(s.value->>'miss', ''), ';' ORDER BY s.n)
      FROM json_array_elements(h.value->'shots') WITH ORDINALITY AS s(value, n)
    ), ''),
    '|' ORDER BY h.n), '')
  FROM json_array_elements(holes) WITH ORDINALITY AS h(value, n)
$$;
--> statement-breakpoint
ALTER TABLE "rounds" ADD COLUMN "shot_text" text GENERATED ALWAYS AS (holeout_shot_text("holes")) STORED NOT NULL;
