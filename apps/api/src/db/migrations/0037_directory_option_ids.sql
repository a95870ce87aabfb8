ALTER TABLE "provider_directory" ADD COLUMN "option_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
CREATE INDEX "provider_directory_options_idx" ON "provider_directory" USING gin ("option_ids");--> statement-breakpoint
-- provider_directory.option_ids: every preference option a provider offers, so a directory list
-- filter is one array overlap (GIN) on the provider's row rather than a semi-join on
-- user_preferences per list (docs/decisions.md "Directory search"). The array is recomputed
-- after the provider's directory row is locked: every change of a provider's options runs this
-- once its statement is done, one at a time per provider, and each reads with a snapshot taken
-- after the one before committed, so the last one always sees every committed option.
CREATE FUNCTION provider_directory_refresh_options(p_provider uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM provider_directory WHERE provider_id = p_provider FOR UPDATE;
  IF FOUND THEN
    UPDATE provider_directory
      SET option_ids = ARRAY(SELECT option_id FROM user_preferences WHERE user_id = p_provider ORDER BY option_id)
      WHERE provider_id = p_provider;
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION provider_directory_refresh(p_provider uuid) RETURNS void LANGUAGE sql AS $$
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
  SELECT provider_directory_refresh_options(p_provider);
$$;--> statement-breakpoint
-- One run per statement (saving preferences deletes and inserts a list at a time), for each
-- provider it touched; a client's rows find no directory row and change nothing.
CREATE FUNCTION provider_directory_options_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM provider_directory_refresh_options(user_id)
      FROM (SELECT user_id FROM changed_rows UNION SELECT user_id FROM old_rows) AS touched;
  ELSE
    PERFORM provider_directory_refresh_options(user_id) FROM (SELECT DISTINCT user_id FROM changed_rows) AS touched;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER provider_directory_options_insert AFTER INSERT ON user_preferences
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_directory_options_changed();--> statement-breakpoint
CREATE TRIGGER provider_directory_options_update AFTER UPDATE ON user_preferences
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_directory_options_changed();--> statement-breakpoint
CREATE TRIGGER provider_directory_options_delete AFTER DELETE ON user_preferences
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_directory_options_changed();--> statement-breakpoint
SELECT provider_directory_refresh_options(provider_id) FROM provider_directory;
