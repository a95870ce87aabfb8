-- Client invitations: an import never links a record to an account by itself.
-- 1. The account that proves an imported email (verified) becomes the record's invitee, never its
-- client: the relation turns active only when that person accepts, or books the provider.
CREATE OR REPLACE FUNCTION provider_clients_link_account() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE provider_clients pc
     SET invitee_id = NEW.id
   WHERE pc.user_id IS NULL
     AND pc.invitee_id IS NULL
     AND pc.email = lower(NEW.email);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- 2. A client who books a provider themselves makes the provider's pending record of them active
-- (a provider who already has a record linked to the account keeps that one).
CREATE OR REPLACE FUNCTION provider_clients_activate_on_booking() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE provider_clients pc
     SET user_id = NEW.client_id, invitee_id = NULL, accepted_at = NEW.created_at, declined_at = NULL
   WHERE pc.provider_id = NEW.provider_id
     AND pc.invitee_id = NEW.client_id
     AND pc.user_id IS NULL
     AND NOT EXISTS (
       SELECT 1 FROM provider_clients other WHERE other.provider_id = NEW.provider_id AND other.user_id = NEW.client_id
     );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_activate_client_records
  AFTER INSERT ON bookings
  FOR EACH ROW EXECUTE FUNCTION provider_clients_activate_on_booking();
--> statement-breakpoint
-- 3. Records an import linked to an account that never booked that provider become invitations.
UPDATE provider_clients pc
   SET invitee_id = pc.user_id, user_id = NULL
 WHERE pc.source IN ('manual', 'csv')
   AND pc.user_id IS NOT NULL
   AND pc.email IS NOT NULL
   AND pc.first_name IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.client_id = pc.user_id AND b.provider_id = pc.provider_id)
   AND EXISTS (SELECT 1 FROM users u WHERE u.id = pc.user_id AND u.deleted_at IS NULL);
