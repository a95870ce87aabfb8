-- Every change to a provider's calendars bumps provider_profiles.calendar_revision: settings,
-- category settings, weekly days, specific dates, and the provider's time zone. A slot identifier
-- carries the revision it was listed at, so a booking can trust the listing while the revision is
-- unchanged (see docs/decisions/bookings-taking-a-slot-in-one-statement-the-slot.md).
CREATE FUNCTION bump_calendar_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE provider_profiles SET calendar_revision = calendar_revision + 1 WHERE user_id = OLD.provider_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE provider_profiles SET calendar_revision = calendar_revision + 1 WHERE user_id = NEW.provider_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER availability_settings_revision AFTER INSERT OR UPDATE OR DELETE ON availability_settings
  FOR EACH ROW EXECUTE FUNCTION bump_calendar_revision();--> statement-breakpoint
CREATE TRIGGER availability_category_settings_revision AFTER INSERT OR UPDATE OR DELETE ON availability_category_settings
  FOR EACH ROW EXECUTE FUNCTION bump_calendar_revision();--> statement-breakpoint
CREATE TRIGGER availability_weekly_days_revision AFTER INSERT OR UPDATE OR DELETE ON availability_weekly_days
  FOR EACH ROW EXECUTE FUNCTION bump_calendar_revision();--> statement-breakpoint
CREATE TRIGGER availability_date_overrides_revision AFTER INSERT OR UPDATE OR DELETE ON availability_date_overrides
  FOR EACH ROW EXECUTE FUNCTION bump_calendar_revision();--> statement-breakpoint
CREATE FUNCTION bump_calendar_revision_on_timezone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE provider_profiles SET calendar_revision = calendar_revision + 1 WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_timezone_revision AFTER UPDATE OF timezone ON users
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION bump_calendar_revision_on_timezone();
