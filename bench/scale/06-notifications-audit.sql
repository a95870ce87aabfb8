-- Notifications of half the paid bookings (the provider's "booking confirmed", read a day later
-- when that day has passed), client 1's unread ones; the audit log of every approval and of the
-- reviews an operator looked at; the day of sessions whose reminders the bench sends.
INSERT INTO notifications (user_id, kind, actor_id, subject_id, data, created_at, read_at)
SELECT bench_scale.uid(1, p), 'booking.confirmed', bench_scale.uid(2, c), bench_scale.uid(4, n)::text, '{}'::jsonb, paid_at,
  CASE WHEN paid_at < {{now}}::timestamptz - interval '1 day' THEN paid_at + interval '1 day' END
FROM bench_scale.booked WHERE paid_at IS NOT NULL AND s % 2 = 0;
INSERT INTO notifications (user_id, kind, actor_id, subject_id, data, created_at)
SELECT bench_scale.uid(2, 1), 'booking.confirmed', bench_scale.uid(1, 1), NULL, '{}'::jsonb, {{now}}::timestamptz - i * interval '1 hour'
FROM generate_series(1, 20) i;

INSERT INTO audit_log (at, actor_id, actor_role, action, target_type, target_id, detail)
SELECT pp.approved_at, bench_scale.uid(3, 1), 'admin', 'provider.approve', 'provider', pp.user_id::text, '{}'::jsonb
FROM provider_profiles pp WHERE pp.approved_at IS NOT NULL;
INSERT INTO audit_log (at, actor_id, actor_role, action, target_type, target_id, detail)
SELECT {{now}}::timestamptz - i * interval '1 day', bench_scale.uid(3, 1), 'admin', 'view_mode.start', 'user', bench_scale.uid(1, 1)::text, '{}'::jsonb
FROM generate_series(1, 30) i;
INSERT INTO audit_log (at, actor_id, actor_role, action, target_type, target_id, detail)
SELECT r.last_reported_at + interval '1 day', bench_scale.uid(3, 1), 'admin', 'review.view', 'review', r.id::text, '{}'::jsonb
FROM reviews r WHERE r.last_reported_at IS NOT NULL;

-- The reminder day, 120 days ahead (past the generated sessions): {{reminder_sessions}} confirmed free
-- half-hour sessions of providers 2…, each provider's at distinct half hours.
INSERT INTO bookings (id, client_id, provider_id, therapy_category_id, modality_key, status, starts_at, ends_at,
  price_minor, currency_code, created_at, updated_at, paid_at, payment_method)
SELECT bench_scale.uid(8, i), bench_scale.uid(2, 2 + bench_scale.h(i, {{clients}} - 1)), bench_scale.uid(1, p),
  (SELECT id FROM therapy_categories ORDER BY position LIMIT 1), 'video-session', 'confirmed',
  r.day + ((k + p) % 48) * interval '30 minutes', r.day + ((k + p) % 48) * interval '30 minutes' + interval '30 minutes',
  0, co.currency, {{now}}::timestamptz, {{now}}::timestamptz, {{now}}::timestamptz, 'free'
FROM generate_series(1, {{reminder_sessions}}) i
CROSS JOIN LATERAL (SELECT 2 + (i - 1) % ({{listed}} - 1) AS p, (i - 1) / ({{listed}} - 1) AS k) pk
JOIN bench_scale.countries co ON co.ix = (pk.p - 1) % 4
CROSS JOIN (SELECT date_trunc('day', {{now}}::timestamptz + interval '120 days') AS day) r;
