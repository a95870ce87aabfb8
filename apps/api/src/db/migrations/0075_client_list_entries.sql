CREATE TABLE "client_list_entries" (
	"provider_id" uuid NOT NULL,
	"identifier" uuid NOT NULL,
	"account_id" uuid,
	"record_id" uuid,
	"booked" boolean NOT NULL,
	"imported" boolean NOT NULL,
	"deleted" boolean NOT NULL,
	"imported_at" timestamp with time zone,
	"invited_at" timestamp with time zone,
	"first_name" text,
	"last_name" text,
	"email" text,
	"sort_name" text GENERATED ALWAYS AS (lower(trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')))) STORED NOT NULL,
	CONSTRAINT "client_list_entries_provider_id_identifier_pk" PRIMARY KEY("provider_id","identifier")
);
--> statement-breakpoint
CREATE INDEX "client_list_entries_order_idx" ON "client_list_entries" USING btree ("provider_id","sort_name","identifier");--> statement-breakpoint
CREATE INDEX "client_list_entries_account_idx" ON "client_list_entries" USING btree ("account_id") WHERE "client_list_entries"."account_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "client_list_entries_record_idx" ON "client_list_entries" USING btree ("record_id") WHERE "client_list_entries"."record_id" IS NOT NULL;--> statement-breakpoint
-- What the list shows of a client, a name part or the email: what the provider entered, else the
-- account's; nothing of an erased account. Both writers below call it (inlined: a plain expression).
CREATE OR REPLACE FUNCTION client_list_shown(deleted boolean, entered text, account text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN NOT deleted THEN coalesce(entered, account) END $$;
--> statement-breakpoint
-- The client list's rows (schema: client_list_entries), computed again: every provider's (all
-- arguments null), or one provider's for the accounts and records given, closed over each other
-- (a record's account, an account's records, and whatever rows held them before). The one
-- statement of who is a provider's client and what the list shows of them. It runs as EXECUTE so
-- each call is planned for its arguments: one provider's rows by index, everyone's in bulk.
CREATE OR REPLACE FUNCTION client_list_compute(p_provider uuid, p_accounts uuid[], p_records uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_accounts uuid[];
  v_records uuid[];
BEGIN
  IF p_provider IS NULL THEN
    DELETE FROM client_list_entries;
  ELSE
    SELECT coalesce(array_agg(DISTINCT x) FILTER (WHERE x IS NOT NULL), '{}') INTO v_accounts FROM (
      SELECT unnest(p_accounts) AS x
      UNION ALL SELECT user_id FROM provider_clients WHERE provider_id = p_provider AND id = ANY(p_records)
      UNION ALL SELECT account_id FROM client_list_entries WHERE provider_id = p_provider AND record_id = ANY(p_records)
    ) s;
    SELECT coalesce(array_agg(DISTINCT x) FILTER (WHERE x IS NOT NULL), '{}') INTO v_records FROM (
      SELECT unnest(p_records) AS x
      UNION ALL SELECT id FROM provider_clients WHERE provider_id = p_provider AND user_id = ANY(v_accounts)
      UNION ALL SELECT record_id FROM client_list_entries WHERE provider_id = p_provider AND account_id = ANY(v_accounts)
    ) s;
    DELETE FROM client_list_entries e
     WHERE e.provider_id = p_provider AND (e.account_id = ANY(v_accounts) OR e.record_id = ANY(v_records));
  END IF;
  -- Everyone who booked a time (a draft without one makes no client) joined with the provider's
  -- records; an account's email shows only to a provider they booked.
  EXECUTE $sql$
    INSERT INTO client_list_entries (provider_id, identifier, account_id, record_id, booked, imported, deleted,
                                     imported_at, invited_at, first_name, last_name, email)
    SELECT j.provider_id, coalesce(j.account_id, j.record_id), j.account_id, j.record_id, j.booked, j.imported,
           j.deleted, j.imported_at, j.invited_at,
           client_list_shown(j.deleted, j.rec_first, j.first_name),
           client_list_shown(j.deleted, j.rec_last, j.last_name),
           client_list_shown(j.deleted, j.rec_email, CASE WHEN j.booked THEN j.account_email END)
      FROM (
        SELECT coalesce(pc.provider_id, b.provider_id) AS provider_id, coalesce(pc.user_id, b.user_id) AS account_id,
               pc.id AS record_id, pc.first_name AS rec_first, pc.last_name AS rec_last, pc.email AS rec_email,
               pc.imported_at, pc.invited_at, (b.user_id IS NOT NULL) AS booked, (pc.imported_at IS NOT NULL) AS imported,
               u.first_name, u.last_name, u.email AS account_email, coalesce(u.deleted_at IS NOT NULL, false) AS deleted
          FROM (SELECT * FROM provider_clients
                 WHERE $1::uuid IS NULL OR (provider_id = $1 AND (id = ANY($3) OR user_id = ANY($2)))) pc
          FULL JOIN (SELECT DISTINCT provider_id, client_id AS user_id FROM bookings
                      WHERE starts_at IS NOT NULL AND ($1::uuid IS NULL OR (provider_id = $1 AND client_id = ANY($2)))) b
            ON b.provider_id = pc.provider_id AND b.user_id = pc.user_id
          LEFT JOIN users u ON u.id = coalesce(pc.user_id, b.user_id)
      ) j
  $sql$ USING p_provider, v_accounts, v_records;
END;
$$;
--> statement-breakpoint
-- A change to a provider's list waits for the one before it to commit (a lock per provider, held to
-- the end of the transaction), so it computes from what that one wrote: two at once never leave a
-- row from a stale read.
CREATE OR REPLACE FUNCTION client_list_refresh(p_provider uuid, p_accounts uuid[], p_records uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('client_list_entries ' || p_provider::text, 0));
  PERFORM client_list_compute(p_provider, p_accounts, p_records);
END;
$$;
--> statement-breakpoint
-- Every provider's list from nothing: this migration's fill, and the bench's after its bulk load.
-- In bulk and without the per-provider locks: run it when nothing else writes.
CREATE OR REPLACE FUNCTION client_list_rebuild() RETURNS void
LANGUAGE sql AS $$ SELECT client_list_compute(NULL, NULL, NULL) $$;
--> statement-breakpoint
-- A booking with a time makes its client the provider's (once: later bookings find the row). A
-- client new to the provider, with no record of theirs, is the account alone: that row is written
-- at once (client_list_compute would write the same; client-list.test.ts compares them), the
-- booking path's cost; anything else is computed again.
CREATE OR REPLACE FUNCTION client_list_follow_booking() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM client_list_entries
              WHERE provider_id = NEW.provider_id AND identifier = NEW.client_id AND booked) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('client_list_entries ' || NEW.provider_id::text, 0));
  IF EXISTS (SELECT 1 FROM client_list_entries WHERE provider_id = NEW.provider_id AND account_id = NEW.client_id)
     OR EXISTS (SELECT 1 FROM provider_clients WHERE provider_id = NEW.provider_id AND user_id = NEW.client_id) THEN
    PERFORM client_list_compute(NEW.provider_id, ARRAY[NEW.client_id], '{}');
  ELSE
    INSERT INTO client_list_entries (provider_id, identifier, account_id, record_id, booked, imported, deleted,
                                     first_name, last_name, email)
    SELECT NEW.provider_id, u.id, u.id, NULL, true, false, u.deleted_at IS NOT NULL,
           client_list_shown(u.deleted_at IS NOT NULL, NULL, u.first_name),
           client_list_shown(u.deleted_at IS NOT NULL, NULL, u.last_name),
           client_list_shown(u.deleted_at IS NOT NULL, NULL, u.email)
      FROM users u WHERE u.id = NEW.client_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_client_list
  AFTER INSERT OR UPDATE OF starts_at ON bookings
  FOR EACH ROW WHEN (NEW.starts_at IS NOT NULL)
  EXECUTE FUNCTION client_list_follow_booking();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_list_follow_record() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM client_list_refresh(OLD.provider_id, array_remove(ARRAY[OLD.user_id], NULL), ARRAY[OLD.id]);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM client_list_refresh(NEW.provider_id, array_remove(ARRAY[OLD.user_id, NEW.user_id], NULL), ARRAY[NEW.id]);
  ELSE
    PERFORM client_list_refresh(NEW.provider_id, array_remove(ARRAY[NEW.user_id], NULL), ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER provider_clients_client_list
  AFTER INSERT OR DELETE OR UPDATE OF user_id, first_name, last_name, email, imported_at, invited_at ON provider_clients
  FOR EACH ROW EXECUTE FUNCTION client_list_follow_record();
--> statement-breakpoint
-- An account's name, email or erasure reaches every list it is on, providers in one order (locks).
CREATE OR REPLACE FUNCTION client_list_follow_account() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  provider uuid;
BEGIN
  FOR provider IN
    SELECT DISTINCT provider_id FROM client_list_entries WHERE account_id = NEW.id ORDER BY provider_id
  LOOP
    PERFORM client_list_refresh(provider, ARRAY[NEW.id], '{}');
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_client_list
  AFTER UPDATE OF first_name, last_name, email, deleted_at ON users
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
                     OR OLD.email IS DISTINCT FROM NEW.email OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION client_list_follow_account();
--> statement-breakpoint
SELECT client_list_rebuild();
--> statement-breakpoint
ANALYZE client_list_entries;
