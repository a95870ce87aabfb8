-- Helpers of the generator, in a schema of its own (never the app's): deterministic ids, so the
-- phases join by arithmetic instead of lookups, and the marker the --reuse flag reads.
CREATE SCHEMA IF NOT EXISTS bench_scale;
CREATE TABLE IF NOT EXISTS bench_scale.marker (version text NOT NULL, size text NOT NULL, built_at timestamptz NOT NULL, build_seconds numeric, secret text NOT NULL);
-- kind 1 provider, 2 client, 3 admin, 4 booking, 5 conversation, 6 message, 7 note, 8 reminder-day booking
CREATE OR REPLACE FUNCTION bench_scale.uid(kind int, n bigint) RETURNS uuid LANGUAGE sql IMMUTABLE AS
$$ SELECT (lpad(to_hex(kind), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid $$;
-- A cheap deterministic spread of an integer over [0, m); n is first taken below 2^31 so that the
-- product stays within bigint.
CREATE OR REPLACE FUNCTION bench_scale.h(n bigint, m bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS
$$ SELECT (((n % 2147483648) * 2654435761) % 4294967296) % m $$;
CREATE TABLE IF NOT EXISTS bench_scale.countries (ix int PRIMARY KEY, code text, currency text, zone text, fee bigint, states text[]);
TRUNCATE bench_scale.countries;
INSERT INTO bench_scale.countries VALUES
  (0, 'NG', 'NGN', 'Africa/Lagos', 1500000, ARRAY['NG-LA','NG-FC','NG-RI','NG-OY']),
  (1, 'GB', 'GBP', 'Europe/London', 6000, ARRAY['GB-ENG','GB-SCT']),
  (2, 'US', 'USD', 'America/New_York', 8000, ARRAY['US-NY','US-CA','US-TX']),
  (3, 'DE', 'EUR', 'Europe/Berlin', 7000, ARRAY['DE-BE','DE-BY']);
