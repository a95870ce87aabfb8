ALTER TABLE "provider_directory" ADD COLUMN "option_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
CREATE INDEX "provider_directory_options_idx" ON "provider_directory" USING gin ("option_ids");
--> statement-breakpoint
-- provider_directory.option_ids: every preference option a provider offers, so a directory list
-- filter is one array overlap (GIN) on the provider's row rather than a semi-join on
-- user_preferences per list (docs/decisions/directory-directory-search-one-denormalized-trigger-kept-row-per-provider.md). The array is recomputed
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
$$;
--> statement-breakpoint
-- A new provider's row (made by the profile trigger of migration 0035, which fires first: triggers
-- run in name order) starts with the options they chose before their profile existed.
CREATE FUNCTION provider_directory_profile_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM provider_directory_refresh_options(NEW.user_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER provider_directory_profiles_options AFTER INSERT
  ON provider_profiles FOR EACH ROW EXECUTE FUNCTION provider_directory_profile_added();
--> statement-breakpoint
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
$$;
--> statement-breakpoint
CREATE TRIGGER provider_directory_options_insert AFTER INSERT ON user_preferences
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_directory_options_changed();
--> statement-breakpoint
CREATE TRIGGER provider_directory_options_update AFTER UPDATE ON user_preferences
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_directory_options_changed();
--> statement-breakpoint
CREATE TRIGGER provider_directory_options_delete AFTER DELETE ON user_preferences
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION provider_directory_options_changed();
--> statement-breakpoint
SELECT provider_directory_refresh_options(provider_id) FROM provider_directory;
