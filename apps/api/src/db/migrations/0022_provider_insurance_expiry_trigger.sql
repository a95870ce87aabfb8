-- provider_profiles.insurance_expires_on is the latest expiry among the provider's indemnity
-- insurances (null when none is on file), kept by this trigger on every insert, update and delete,
-- so the listing rule (modules/credentials/listing.ts) reads one column of the profile row it
-- already has instead of probing indemnity_insurances on every booking and listing.
CREATE FUNCTION refresh_insurance_expires_on() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE provider_profiles
      SET insurance_expires_on = (SELECT max(expires_on) FROM indemnity_insurances WHERE provider_id = OLD.provider_id)
      WHERE user_id = OLD.provider_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE provider_profiles
      SET insurance_expires_on = (SELECT max(expires_on) FROM indemnity_insurances WHERE provider_id = NEW.provider_id)
      WHERE user_id = NEW.provider_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER indemnity_insurances_expiry AFTER INSERT OR UPDATE OR DELETE ON indemnity_insurances
  FOR EACH ROW EXECUTE FUNCTION refresh_insurance_expires_on();--> statement-breakpoint
UPDATE provider_profiles SET insurance_expires_on = latest.expires_on
  FROM (SELECT provider_id, max(expires_on) AS expires_on FROM indemnity_insurances GROUP BY provider_id) AS latest
  WHERE provider_profiles.user_id = latest.provider_id;
