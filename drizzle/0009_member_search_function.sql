-- The global search as a function (ADR 015), so that its plan is made once per connection and kept.
-- As a prepared statement, PostgreSQL planned it afresh on every call whenever its first five custom
-- plans looked cheaper than the generic one, which depended on the statistics of the day and on each
-- pooled connection's first searches: ~1.3 ms of planning a search, at random. A PL/pgSQL function
-- caches its statement's plan, and `plan_cache_mode = force_generic_plan`, set for the function's call
-- only, makes that plan the generic one. The statement is written so that its generic plan reads the
-- indexes (ranges and strpos rather than LIKE 'x%' with a parameter).
--
-- app/server/services/members/search-members.server.ts calls it and documents what it answers; the
-- arguments are worked out there (lower case text, its range end, the trigram pattern or null).
-- At most 10 members (SEARCH_LIMIT); the newest 2,000 are searched one by one (RECENT_WINDOW).
CREATE FUNCTION member_search(
  p_organisation_id integer,
  p_user_id integer,
  p_whole_organisation boolean,
  p_text text,
  p_range_start text,
  p_range_end text,
  p_trigram_pattern text
) RETURNS TABLE (id integer, name text, email text)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $function$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH
    -- The caller's gyms, by requireStaff's rule: an organisation admin sees the whole organisation
    -- (p_whole_organisation), anyone else the gyms of their staff_gym_roles in it. A member belongs to
    -- their latest membership's gym, else their home gym; each list below checks it for the rows it
    -- has found only.
    scope AS (
      SELECT r.gym_id
      FROM staff_gym_roles r JOIN gyms g ON g.id = r.gym_id AND g.organisation_id = r.organisation_id
      WHERE r.user_id = p_user_id AND r.organisation_id = p_organisation_id
    ),
    -- The starts of the name, the surname and the address: ranges read in order, ten at most, each
    -- read only while those before it found fewer than ten.
    by_name AS (
      SELECT u.id, u.name, u.email, u.search_text, 0 AS rank FROM users u
      WHERE u.organisation_id = p_organisation_id AND NOT u.is_staff AND u.deleted_at IS NULL
        AND (lower(u.name) COLLATE "C") >= p_range_start AND (lower(u.name) COLLATE "C") < p_range_end
        AND (p_whole_organisation OR coalesce(
          (SELECT s.gym_id FROM subscriptions s WHERE s.user_id = u.id AND NOT s.is_staging
           ORDER BY s.created_at DESC, s.id DESC LIMIT 1),
          u.home_gym_id) IN (SELECT gym_id FROM scope))
      ORDER BY (lower(u.name) COLLATE "C") LIMIT 10
    ),
    by_surname AS (
      SELECT u.id, u.name, u.email, u.search_text, 1 AS rank FROM users u
      WHERE u.organisation_id = p_organisation_id AND NOT u.is_staff AND u.deleted_at IS NULL
        AND (regexp_replace(lower(u.name), '^.*\s', '') COLLATE "C") >= p_range_start
        AND (regexp_replace(lower(u.name), '^.*\s', '') COLLATE "C") < p_range_end
        AND (SELECT count(*) FROM by_name) < 10
        AND (p_whole_organisation OR coalesce(
          (SELECT s.gym_id FROM subscriptions s WHERE s.user_id = u.id AND NOT s.is_staging
           ORDER BY s.created_at DESC, s.id DESC LIMIT 1),
          u.home_gym_id) IN (SELECT gym_id FROM scope))
      ORDER BY (regexp_replace(lower(u.name), '^.*\s', '') COLLATE "C") LIMIT 10
    ),
    by_email AS (
      SELECT u.id, u.name, u.email, u.search_text, 2 AS rank FROM users u
      WHERE u.organisation_id = p_organisation_id AND NOT u.is_staff AND u.deleted_at IS NULL
        AND (lower(u.email) COLLATE "C") >= p_range_start AND (lower(u.email) COLLATE "C") < p_range_end
        AND (SELECT count(*) FROM (SELECT id FROM by_name UNION SELECT id FROM by_surname) found) < 10
        AND (p_whole_organisation OR coalesce(
          (SELECT s.gym_id FROM subscriptions s WHERE s.user_id = u.id AND NOT s.is_staging
           ORDER BY s.created_at DESC, s.id DESC LIMIT 1),
          u.home_gym_id) IN (SELECT gym_id FROM scope))
      ORDER BY (lower(u.email) COLLATE "C") LIMIT 10
    ),
    -- The newest members, read from an index alone and searched one by one.
    recent AS (
      SELECT u.id, u.name, u.email, u.search_text, 3 AS rank FROM (
        SELECT u.id, u.home_gym_id, u.search_text FROM users u
        WHERE u.organisation_id = p_organisation_id AND NOT u.is_staff AND u.deleted_at IS NULL
          AND (SELECT count(*) FROM (
            SELECT id FROM by_name UNION SELECT id FROM by_surname UNION SELECT id FROM by_email
          ) found) < 10
        ORDER BY u.created_at DESC NULLS LAST, u.id DESC NULLS LAST
        LIMIT 2000
      ) newest
      JOIN users u ON u.id = newest.id
      WHERE strpos(newest.search_text, p_text) > 0
        AND (p_whole_organisation OR coalesce(
          (SELECT s.gym_id FROM subscriptions s WHERE s.user_id = u.id AND NOT s.is_staging
           ORDER BY s.created_at DESC, s.id DESC LIMIT 1),
          u.home_gym_id) IN (SELECT gym_id FROM scope))
      LIMIT 10
    ),
    -- The trigram index for the rest, the first ten in the caller's gyms as the table gives them (the
    -- bitmap is built whole, but rows stop being read at ten).
    rare AS (
      SELECT u.id, u.name, u.email, u.search_text, 3 AS rank FROM users u
      WHERE u.organisation_id = p_organisation_id AND NOT u.is_staff AND u.deleted_at IS NULL
        AND u.search_key LIKE p_trigram_pattern
        AND strpos(u.search_text, p_text) > 0
        AND (SELECT count(*) FROM (
          SELECT id FROM by_name UNION SELECT id FROM by_surname UNION SELECT id FROM by_email
          UNION SELECT id FROM recent
        ) found) < 10
        AND (p_whole_organisation OR coalesce(
          (SELECT s.gym_id FROM subscriptions s WHERE s.user_id = u.id AND NOT s.is_staging
           ORDER BY s.created_at DESC, s.id DESC LIMIT 1),
          u.home_gym_id) IN (SELECT gym_id FROM scope))
      LIMIT 10
    )
  SELECT found.id, found.name, found.email FROM (
    SELECT DISTINCT ON (matches.id) * FROM (
      SELECT * FROM by_name UNION ALL SELECT * FROM by_surname UNION ALL SELECT * FROM by_email
      UNION ALL SELECT * FROM recent UNION ALL SELECT * FROM rare
    ) matches
    ORDER BY matches.id, matches.rank
  ) found
  ORDER BY found.rank, found.search_text COLLATE "C", found.id
  LIMIT 10;
END
$function$;
