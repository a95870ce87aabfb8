-- provider_directory holds, per provider, what a directory search filters, sorts and searches by
-- (docs/decisions/directory-directory-search-one-denormalized-trigger-kept-row-per-provider.md). These triggers keep it in step with its sources, so
-- no write path can forget it:
--  * profile fields, the general fee and the full-text documents (names with the 'simple'
--    configuration, title, headline and bio with 'english' and 'german' stemming) are rebuilt
--    from users, provider_profiles and provider_booking_fees whenever one of their columns that
--    matter changes;
--  * review_count and rating_sum_halves move by increments on every insert, edit, hide, unhide
--    and delete of a review, so two reviews committed at once never lose one (an increment
--    re-reads the row it waited for; a recount would not).
CREATE FUNCTION provider_directory_refresh(p_provider uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO provider_directory AS d (
    provider_id, country_id, state_id, gender, religion_id, ethnicity_id,
    fee_minor, fee_currency, fee_is_free, document_en, document_de
  )
  SELECT u.id, u.country_id, u.state_id, u.gender, u.religion_id, u.ethnicity_id,
    CASE WHEN f.is_free THEN 0 ELSE f.fee_minor END, f.currency_code, f.is_free,
    setweight(to_tsvector('simple', concat_ws(' ', u.first_name, u.last_name)), 'A')
      || setweight(to_tsvector('english', concat_ws(' ', p.title, p.headline)), 'B')
      || setweight(to_tsvector('english', coalesce(p.bio, '')), 'C'),
    setweight(to_tsvector('simple', concat_ws(' ', u.first_name, u.last_name)), 'A')
      || setweight(to_tsvector('german', concat_ws(' ', p.title, p.headline)), 'B')
      || setweight(to_tsvector('german', coalesce(p.bio, '')), 'C')
  FROM users u
  JOIN provider_profiles p ON p.user_id = u.id
  LEFT JOIN provider_booking_fees f ON f.provider_id = u.id AND f.therapy_category_id IS NULL
  WHERE u.id = p_provider
  ON CONFLICT (provider_id) DO UPDATE SET
    country_id = EXCLUDED.country_id,
    state_id = EXCLUDED.state_id,
    gender = EXCLUDED.gender,
    religion_id = EXCLUDED.religion_id,
    ethnicity_id = EXCLUDED.ethnicity_id,
    fee_minor = EXCLUDED.fee_minor,
    fee_currency = EXCLUDED.fee_currency,
    fee_is_free = EXCLUDED.fee_is_free,
    document_en = EXCLUDED.document_en,
    document_de = EXCLUDED.document_de;
$$;--> statement-breakpoint
CREATE FUNCTION provider_directory_source_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM provider_directory_refresh(NEW.id);
  ELSIF TG_TABLE_NAME = 'provider_profiles' THEN
    PERFORM provider_directory_refresh(NEW.user_id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM provider_directory_refresh(OLD.provider_id);
  ELSE
    PERFORM provider_directory_refresh(NEW.provider_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER provider_directory_users AFTER UPDATE OF first_name, last_name, gender, religion_id, ethnicity_id, country_id, state_id
  ON users FOR EACH ROW WHEN (NEW.role = 'provider') EXECUTE FUNCTION provider_directory_source_changed();--> statement-breakpoint
CREATE TRIGGER provider_directory_profiles AFTER INSERT OR UPDATE OF title, headline, bio
  ON provider_profiles FOR EACH ROW EXECUTE FUNCTION provider_directory_source_changed();--> statement-breakpoint
CREATE TRIGGER provider_directory_fees AFTER INSERT OR UPDATE OR DELETE
  ON provider_booking_fees FOR EACH ROW EXECUTE FUNCTION provider_directory_source_changed();--> statement-breakpoint
CREATE FUNCTION provider_directory_review_stats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_count integer := 0;
  old_sum integer := 0;
  new_count integer := 0;
  new_sum integer := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.hidden_at IS NULL THEN
    old_count := 1;
    old_sum := OLD.rating_halves;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.hidden_at IS NULL THEN
    new_count := 1;
    new_sum := NEW.rating_halves;
  END IF;
  IF old_count = 1 AND new_count = 1 AND OLD.provider_id = NEW.provider_id THEN
    IF new_sum <> old_sum THEN
      UPDATE provider_directory SET rating_sum_halves = rating_sum_halves + new_sum - old_sum
        WHERE provider_id = NEW.provider_id;
    END IF;
    RETURN NULL;
  END IF;
  IF old_count = 1 THEN
    UPDATE provider_directory
      SET review_count = review_count - 1, rating_sum_halves = rating_sum_halves - old_sum
      WHERE provider_id = OLD.provider_id;
  END IF;
  IF new_count = 1 THEN
    INSERT INTO provider_directory AS d (provider_id, review_count, rating_sum_halves)
      VALUES (NEW.provider_id, 1, new_sum)
      ON CONFLICT (provider_id) DO UPDATE
      SET review_count = d.review_count + 1, rating_sum_halves = d.rating_sum_halves + EXCLUDED.rating_sum_halves;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER reviews_directory_stats AFTER INSERT OR UPDATE OF rating_halves, hidden_at, provider_id OR DELETE
  ON reviews FOR EACH ROW EXECUTE FUNCTION provider_directory_review_stats();--> statement-breakpoint
SELECT provider_directory_refresh(user_id) FROM provider_profiles;
