ALTER TABLE "provider_profiles" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
-- provider_profiles.suspended_at mirrors users.suspended_at (the one truth, set and cleared by the
-- back office), so the listing rule (modules/credentials/listing.ts) reads the profile row every
-- caller already has, like insurance_expires_on. Kept on every change of the user's column and
-- on the insert of a profile.
CREATE FUNCTION copy_user_suspension_to_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE provider_profiles SET suspended_at = NEW.suspended_at WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_suspension_to_profile AFTER UPDATE OF suspended_at ON users
  FOR EACH ROW WHEN (OLD.suspended_at IS DISTINCT FROM NEW.suspended_at)
  EXECUTE FUNCTION copy_user_suspension_to_profile();--> statement-breakpoint
CREATE FUNCTION profile_takes_user_suspension() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.suspended_at := (SELECT suspended_at FROM users WHERE id = NEW.user_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER provider_profiles_take_suspension BEFORE INSERT ON provider_profiles
  FOR EACH ROW EXECUTE FUNCTION profile_takes_user_suspension();
