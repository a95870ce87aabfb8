ALTER TABLE "provider_directory" ADD COLUMN "listable_until" date;--> statement-breakpoint
CREATE INDEX "provider_directory_listable_idx" ON "provider_directory" USING btree ("listable_until");--> statement-breakpoint
-- The part of the listing rule a provider's profile decides (approved, not suspended, insured):
-- the last day they stand listed by it, or null. Stated once here for the directory's triggers
-- and for every query that asks it (modules/credentials/listing.ts); an immutable one-line SQL
-- function, so the planner inlines it.
CREATE FUNCTION provider_standing_until(approved_at timestamptz, suspended_at timestamptz, insurance_expires_on date)
  RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN approved_at IS NOT NULL AND suspended_at IS NULL THEN insurance_expires_on END
$$;--> statement-breakpoint
-- provider_directory.listable_until folds the rest of the rule that is not a matter of time into
-- the directory row (a provider account, not deleted, a general fee), so a search reads who is
-- listed from the row it filters instead of probing users and provider_profiles for every match.
CREATE OR REPLACE FUNCTION provider_directory_refresh(p_provider uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO provider_directory AS d (
    provider_id, country_id, state_id, gender, religion_id, ethnicity_id,
    fee_minor, fee_currency, fee_is_free, document_en, document_de, listable_until
  )
  SELECT u.id, u.country_id, u.state_id, u.gender, u.religion_id, u.ethnicity_id,
    CASE WHEN f.is_free THEN 0 ELSE f.fee_minor END, f.currency_code, f.is_free,
    setweight(to_tsvector('simple', concat_ws(' ', u.first_name, u.last_name)), 'A')
      || setweight(to_tsvector('english', concat_ws(' ', p.title, p.headline)), 'B')
      || setweight(to_tsvector('english', coalesce(p.bio, '')), 'C'),
    setweight(to_tsvector('simple', concat_ws(' ', u.first_name, u.last_name)), 'A')
      || setweight(to_tsvector('german', concat_ws(' ', p.title, p.headline)), 'B')
      || setweight(to_tsvector('german', coalesce(p.bio, '')), 'C'),
    CASE WHEN u.role = 'provider' AND u.deleted_at IS NULL AND f.currency_code IS NOT NULL
      THEN provider_standing_until(p.approved_at, p.suspended_at, p.insurance_expires_on) END
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
    document_de = EXCLUDED.document_de,
    listable_until = EXCLUDED.listable_until;
$$;--> statement-breakpoint
-- The triggers now also fire on the columns listable_until reads: a user's deletion, and the
-- profile's approval, suspension (copied from users by users_suspension_to_profile) and
-- insurance expiry (kept by indemnity_insurances_expiry).
DROP TRIGGER provider_directory_users ON users;--> statement-breakpoint
CREATE TRIGGER provider_directory_users
  AFTER UPDATE OF first_name, last_name, gender, religion_id, ethnicity_id, country_id, state_id, deleted_at
  ON users FOR EACH ROW WHEN (NEW.role = 'provider') EXECUTE FUNCTION provider_directory_source_changed();--> statement-breakpoint
DROP TRIGGER provider_directory_profiles ON provider_profiles;--> statement-breakpoint
CREATE TRIGGER provider_directory_profiles
  AFTER INSERT OR UPDATE OF title, headline, bio, approved_at, suspended_at, insurance_expires_on
  ON provider_profiles FOR EACH ROW EXECUTE FUNCTION provider_directory_source_changed();--> statement-breakpoint
-- Every existing row, through the one refresh that keeps it.
SELECT count(provider_directory_refresh(provider_id)) FROM provider_directory;
