-- Issue #30: substring search of any length, Hangul and Latin, answered from an index.
-- pg_trgm cannot index terms under three characters (and indexes no Hangul when LC_CTYPE is C), so
-- every searched text also has its one- and two-character grams, lowercased, under GIN: a term of
-- one character is one gram, a longer one all its two-character grams; a recheck (ILIKE, or the
-- 초성 and typing-state patterns of apps/api/src/domain/search/) keeps only true matches.
-- The 초성 (initial consonants) of each Hangul syllable are grams too: U+AC00 + (initial × 21 +
-- medial) × 28 + final, so the initial is (code − 0xAC00) / 588 in the Unicode order of the 19
-- initials (checked against es-hangul's getChoseong over all 11,172 syllables in the search tests).
CREATE FUNCTION search_choseong(t text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT coalesce(string_agg(CASE WHEN ascii(c) BETWEEN 44032 AND 55203
      THEN substr('ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ', (ascii(c) - 44032) / 588 + 1, 1) ELSE c END, '' ORDER BY i), '')
    FROM (SELECT substr(t, i, 1) AS c, i FROM generate_series(1, char_length(t)) AS i) AS chars
  $$;--> statement-breakpoint
-- A text's grams: each character and each pair of neighbours, of the lowercased text and of its 초성,
-- never across white space. Self-contained (no call to search_choseong: PostgreSQL builds indexes with a
-- search_path of pg_catalog only), in PL/pgSQL: about 0.1 ms for a 40-character title.
CREATE FUNCTION search_grams(t text) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
  DECLARE
    l text := lower(t);
    n int := char_length(l);
    c text; k text; pc text := NULL; pk text := NULL; code int;
    grams text[] := '{}';
  BEGIN
    FOR i IN 1..n LOOP
      c := substr(l, i, 1);
      code := ascii(c);
      IF code BETWEEN 44032 AND 55203 THEN
        k := substr('ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ', (code - 44032) / 588 + 1, 1);
      ELSE
        k := c;
      END IF;
      IF strpos(E' \t\n\r\f\u00a0\u3000', c) > 0 THEN
        pc := NULL; pk := NULL;
        CONTINUE;
      END IF;
      grams := grams || c;
      IF k <> c THEN grams := grams || k; END IF;
      IF pc IS NOT NULL THEN
        grams := grams || (pc || c);
        IF pk || k <> pc || c THEN grams := grams || (pk || k); END IF;
      END IF;
      pc := c; pk := k;
    END LOOP;
    RETURN ARRAY(SELECT DISTINCT g FROM unnest(grams) AS g ORDER BY 1);
  END
  $$;--> statement-breakpoint
CREATE INDEX "artworks_visible_title_grams" ON "artworks" USING gin (search_grams("title")) WITH (fastupdate=false) WHERE "artworks"."visible";--> statement-breakpoint
CREATE INDEX "tags_name_grams" ON "tags" USING gin (search_grams("name")) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_search_grams" ON "users" USING gin (search_grams("name" || ' ' || "username")) WITH (fastupdate=false);
