-- Notes and clients (custom SQL the schema cannot declare).
-- 1. The note access log is append-only: no row is ever changed or removed, not even by TRUNCATE.
CREATE OR REPLACE FUNCTION note_access_log_forbid_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER note_access_log_append_only
  BEFORE UPDATE OR DELETE ON note_access_log
  FOR EACH ROW EXECUTE FUNCTION note_access_log_forbid_change();
--> statement-breakpoint
CREATE TRIGGER note_access_log_no_truncate
  BEFORE TRUNCATE ON note_access_log
  FOR EACH STATEMENT EXECUTE FUNCTION note_access_log_forbid_change();
--> statement-breakpoint
-- 2. An imported client without an account is linked to the client account that proves the same
-- email address (verified), at sign-up or later; a provider who already has a record for that
-- account keeps it, and the imported one stays unlinked.
CREATE OR REPLACE FUNCTION provider_clients_link_account() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE provider_clients pc
     SET user_id = NEW.id
   WHERE pc.user_id IS NULL
     AND pc.email = lower(NEW.email)
     AND NOT EXISTS (
       SELECT 1 FROM provider_clients other WHERE other.provider_id = pc.provider_id AND other.user_id = NEW.id
     );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_link_imported_clients
  AFTER INSERT OR UPDATE OF email, email_verified_at ON users
  FOR EACH ROW
  WHEN (NEW.role = 'client' AND NEW.email_verified_at IS NOT NULL AND NEW.deleted_at IS NULL)
  EXECUTE FUNCTION provider_clients_link_account();
