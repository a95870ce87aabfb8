-- The forms' access trail is append-only, like the notes' (note_access_log_forbid_change, 0029).
CREATE TRIGGER form_access_log_append_only
  BEFORE UPDATE OR DELETE ON form_access_log
  FOR EACH ROW EXECUTE FUNCTION note_access_log_forbid_change();
--> statement-breakpoint
CREATE TRIGGER form_access_log_no_truncate
  BEFORE TRUNCATE ON form_access_log
  FOR EACH STATEMENT EXECUTE FUNCTION note_access_log_forbid_change();
