-- The ledger as the money module would have posted it (formats: modules/money/ledger-math.ts
-- accountKey, references.ts): a top-up into each client's wallet, each paid booking wallet →
-- escrow shard, each refund escrow → wallet, each completed session escrow → earnings + 15%
-- commission. Entries carry running balances; every transaction balances (checked after the load).
INSERT INTO ledger_accounts (key, kind, user_id, currency_code, gateway)
SELECT 'gateway_clearing:' || currency || ':sandbox:0', 'gateway_clearing'::ledger_account_kind, NULL::uuid, currency, 'sandbox'::text FROM bench_scale.countries
UNION ALL SELECT 'platform_commission:' || currency, 'platform_commission', NULL, currency, NULL FROM bench_scale.countries
UNION ALL SELECT 'booking_escrow:' || currency || ':' || shard, 'booking_escrow', NULL, currency, NULL
  FROM bench_scale.countries CROSS JOIN generate_series(0, 15) shard
UNION ALL SELECT 'client_wallet:' || co.currency || ':' || bench_scale.uid(2, n), 'client_wallet', bench_scale.uid(2, n), co.currency, NULL
  FROM generate_series(1, {{clients}}) n JOIN bench_scale.countries co ON co.ix = (n - 1) % 4
UNION ALL SELECT 'provider_earnings:' || co.currency || ':' || bench_scale.uid(1, n), 'provider_earnings', bench_scale.uid(1, n), co.currency, NULL
  FROM generate_series(1, {{listed}}) n JOIN bench_scale.countries co ON co.ix = (n - 1) % 4;

-- One row per posting: (reference, type, at, booking, lines as key[] and delta[]).
CREATE UNLOGGED TABLE bench_scale.postings AS
SELECT 'scale:top-up:' || bench_scale.uid(2, n) AS reference, 'top_up'::ledger_transaction_type AS type,
  {{now}}::timestamptz - interval '700 days' AS at, NULL::uuid AS booking_id,
  ARRAY['gateway_clearing:' || co.currency || ':sandbox:0', 'client_wallet:' || co.currency || ':' || bench_scale.uid(2, n)] AS keys,
  ARRAY[-(coalesce(spent.total, 0) + 30 * co.fee), coalesce(spent.total, 0) + 30 * co.fee]::bigint[] AS deltas
FROM generate_series(1, {{clients}}) n
JOIN bench_scale.countries co ON co.ix = (n - 1) % 4
LEFT JOIN (SELECT c, sum(price) AS total FROM bench_scale.booked WHERE paid_at IS NOT NULL AND status IN ('completed', 'confirmed') GROUP BY c) spent ON spent.c = n;

INSERT INTO bench_scale.postings
SELECT 'booking:' || bench_scale.uid(4, n) || ':payment', 'booking_payment', paid_at, bench_scale.uid(4, n),
  ARRAY['client_wallet:' || currency || ':' || bench_scale.uid(2, c), 'booking_escrow:' || currency || ':' || (n % 16)],
  ARRAY[-price, price]::bigint[]
FROM bench_scale.booked WHERE paid_at IS NOT NULL;

INSERT INTO bench_scale.postings
SELECT 'booking:' || bench_scale.uid(4, n) || ':refund', 'refund',
  CASE WHEN status = 'cancelled' THEN created_at + (starts_at - created_at) / 2 ELSE paid_at + interval '1 hour' END,
  bench_scale.uid(4, n),
  ARRAY['booking_escrow:' || currency || ':' || (n % 16), 'client_wallet:' || currency || ':' || bench_scale.uid(2, c)],
  ARRAY[-price, price]::bigint[]
FROM bench_scale.booked WHERE paid_at IS NOT NULL AND status IN ('cancelled', 'rejected');

INSERT INTO bench_scale.postings
SELECT 'booking:' || bench_scale.uid(4, n) || ':earning', 'earning', starts_at + interval '1 hour', bench_scale.uid(4, n),
  ARRAY['booking_escrow:' || currency || ':' || (n % 16), 'provider_earnings:' || currency || ':' || bench_scale.uid(1, p), 'platform_commission:' || currency],
  ARRAY[-price, price - (price * 1500 + 5000) / 10000, (price * 1500 + 5000) / 10000]::bigint[]
FROM bench_scale.booked WHERE paid_at IS NOT NULL AND status = 'completed';

CREATE UNLOGGED TABLE bench_scale.posted AS
SELECT gen_random_uuid() AS id, * FROM bench_scale.postings;

INSERT INTO ledger_transactions (id, type, reference, metadata, created_at)
SELECT id, type, reference, CASE WHEN booking_id IS NULL THEN '{"channel":"card"}'::jsonb ELSE jsonb_build_object('bookingId', booking_id) END, at
FROM bench_scale.posted;

-- Entries in time order (seq follows), each with the account's balance after it.
INSERT INTO ledger_entries (transaction_id, account_id, transaction_type, amount_minor, balance_after_minor, created_at)
SELECT l.id, a.id, l.type, l.delta, sum(l.delta) OVER (PARTITION BY a.id ORDER BY l.at, l.id, l.ord), l.at
FROM (SELECT p.id, p.type, p.at, u.key, u.delta, u.ord FROM bench_scale.posted p,
        unnest(p.keys, p.deltas) WITH ORDINALITY AS u(key, delta, ord)) l
JOIN ledger_accounts a ON a.key = l.key
ORDER BY l.at, l.id, l.ord;

UPDATE ledger_accounts a SET balance_minor = s.total
FROM (SELECT account_id, sum(amount_minor) AS total FROM ledger_entries GROUP BY account_id) s
WHERE s.account_id = a.id;
