-- Bookings over two years (21 months back, 3 ahead): every client books listed providers of their
-- own country, mostly one "home" provider. Each provider's sessions fall on distinct days at
-- 09:00-16:00 in their zone, so live sessions never overlap (bookings_no_overlap). Provider 1 is
-- busy (every weekday full); client 1 has 300 past sessions.
CREATE UNLOGGED TABLE bench_scale.plan AS
WITH generic AS (
  SELECT g, c, p FROM (
    SELECT g, 2 + (g - 1) % ({{clients}} - 1) AS c,
      4 * bench_scale.h(2 + (g - 1) % ({{clients}} - 1) + CASE WHEN ((g - 1) / ({{clients}} - 1)) % 3 = 2 THEN 7919 ELSE 0 END, {{listed}} / 4)
        + (1 + (g - 1) % ({{clients}} - 1)) % 4 + 1 AS p0
    FROM generate_series(1, {{bookings}} - 4500) g
  ) x CROSS JOIN LATERAL (SELECT CASE WHEN p0 = 1 THEN 5 ELSE p0 END AS p) y
), ranked AS (
  SELECT g, c, p, row_number() OVER (PARTITION BY p ORDER BY g) - 1 AS k, count(*) OVER (PARTITION BY p) AS cnt FROM generic
)
SELECT g AS n, c, p, (k * 730 / cnt)::int AS day, 9 + (k % 8)::int AS hour FROM ranked;

-- Provider 1 (Nigerian): every weekday, eight sessions, with Nigerian clients (wallets in naira).
-- Weekdays of Lagos's calendar, as `planned` dates them: in the hour before midnight UTC the UTC
-- date is a day behind, and a Saturday taken for a Friday would double Friday (bookings_no_overlap).
INSERT INTO bench_scale.plan (n, c, p, day, hour)
SELECT {{bookings}} + row_number() OVER (ORDER BY d, hr), 5 + 4 * bench_scale.h(d * 8 + hr, ({{clients}} - 5) / 4), 1, d, hr
FROM generate_series(0, 729) d CROSS JOIN generate_series(9, 16) hr
WHERE extract(isodow FROM ({{now}}::timestamptz AT TIME ZONE 'Africa/Lagos')::date - 640 + d) < 6;

CREATE UNLOGGED TABLE bench_scale.planned AS
SELECT pl.n, pl.c, pl.p, co.currency, co.fee * (6 + pl.p % 9) / 10 AS price, s.starts_at,
  bench_scale.h(pl.n, 100) AS s
FROM bench_scale.plan pl
JOIN bench_scale.countries co ON co.ix = (pl.p - 1) % 4
CROSS JOIN LATERAL (SELECT ({{now}}::timestamptz AT TIME ZONE co.zone)::date - 640 + pl.day AS d0) dd
CROSS JOIN LATERAL (SELECT ((dd.d0 - CASE extract(isodow FROM dd.d0)::int WHEN 6 THEN 1 WHEN 7 THEN 2 ELSE 0 END)
  + make_interval(hours => pl.hour)) AT TIME ZONE co.zone AS starts_at) s;

-- Client 1: 300 past sessions with ten Nigerian providers at 07:00 Lagos (outside the generated
-- hours), and three ahead with provider 1 at 17:00.
INSERT INTO bench_scale.planned (n, c, p, currency, price, starts_at, s)
SELECT {{bookings}} + 10000 + j, 1, 5 + 4 * (j % 10), 'NGN', 1500000 * (6 + (5 + 4 * (j % 10)) % 9) / 10,
  ((({{now}}::timestamptz AT TIME ZONE 'Africa/Lagos')::date - (j + 2)) + time '07:00') AT TIME ZONE 'Africa/Lagos', 0
FROM generate_series(1, 300) j;
INSERT INTO bench_scale.planned (n, c, p, currency, price, starts_at, s)
SELECT {{bookings}} + 10400 + j, 1, 1, 'NGN', 1500000 * 7 / 10,
  ((({{now}}::timestamptz AT TIME ZONE 'Africa/Lagos')::date + 7 * j - 4) + time '17:00') AT TIME ZONE 'Africa/Lagos', 0
FROM generate_series(1, 3) j;

CREATE TEMP TABLE therapies AS SELECT id, row_number() OVER (ORDER BY position) - 1 AS ix, count(*) OVER () AS n FROM therapy_categories;

-- The status mix: past sessions mostly completed, some cancelled (refunded), expired holds and
-- rejections; ahead mostly confirmed. Paid ones were paid from the wallet an hour after booking.
CREATE UNLOGGED TABLE bench_scale.booked AS
SELECT pl.*, t.id AS therapy_id, st.status, st.created_at,
  CASE WHEN st.status IN ('completed', 'confirmed', 'cancelled') OR (st.status = 'rejected' AND pl.s % 2 = 0)
    THEN st.created_at + interval '1 hour' END AS paid_at
FROM bench_scale.planned pl
JOIN therapies t ON t.ix = pl.n % t.n
CROSS JOIN LATERAL (SELECT
  (CASE WHEN pl.starts_at < {{now}}::timestamptz THEN
     CASE WHEN pl.s < 76 THEN 'completed' WHEN pl.s < 88 THEN 'cancelled' WHEN pl.s < 93 THEN 'expired' WHEN pl.s < 96 THEN 'rejected' ELSE 'completed' END
   ELSE CASE WHEN pl.s < 86 THEN 'confirmed' WHEN pl.s < 96 THEN 'cancelled' ELSE 'expired' END END)::booking_status AS status,
  pl.starts_at - (1 + pl.s % 20) * interval '1 day' AS created_at) st;

INSERT INTO bookings (id, client_id, provider_id, therapy_category_id, modality_key, status, starts_at, ends_at,
  price_minor, currency_code, created_at, updated_at, paid_at, payment_method, remaining_client_reschedule,
  previous_status, cancelled_at, cancelled_by, cancellation_reason, refund_status, refund_minor, completed_at, feedback_provided)
SELECT bench_scale.uid(4, b.n), bench_scale.uid(2, b.c), bench_scale.uid(1, b.p), b.therapy_id, 'video-session', b.status,
  b.starts_at, b.starts_at + interval '1 hour', b.price, b.currency, b.created_at,
  CASE b.status WHEN 'completed' THEN b.starts_at + interval '1 hour' WHEN 'cancelled' THEN b.created_at + (b.starts_at - b.created_at) / 2 ELSE b.created_at + interval '1 hour' END,
  b.paid_at, CASE WHEN b.paid_at IS NOT NULL THEN 'wallet'::booking_payment_method END,
  CASE WHEN bench_scale.h(b.n * 3, 100) < 8 THEN 1 ELSE 2 END,
  CASE WHEN b.status IN ('completed', 'cancelled') THEN 'confirmed'::booking_status END,
  CASE WHEN b.status = 'cancelled' THEN b.created_at + (b.starts_at - b.created_at) / 2 END,
  CASE WHEN b.status = 'cancelled' THEN (CASE WHEN b.s % 3 = 0 THEN 'provider' ELSE 'client' END) END,
  CASE WHEN b.status = 'cancelled' THEN 'Something came up' END,
  CASE WHEN b.status IN ('cancelled', 'rejected') THEN (CASE WHEN b.paid_at IS NOT NULL THEN 'refunded' ELSE 'not_paid' END)::refund_status END,
  CASE WHEN b.status IN ('cancelled', 'rejected') AND b.paid_at IS NOT NULL THEN b.price END,
  CASE WHEN b.status = 'completed' THEN b.starts_at + interval '1 hour' END,
  b.status = 'completed' AND b.s % 3 = 0
FROM bench_scale.booked b;

INSERT INTO booking_events (booking_id, type, actor_role, data, created_at)
SELECT bench_scale.uid(4, b.n), b.status::text, CASE WHEN b.status IN ('completed', 'expired') THEN 'system' ELSE 'client' END,
  '{}'::jsonb, CASE WHEN b.status = 'completed' THEN b.starts_at + interval '1 hour' ELSE b.created_at END
FROM bench_scale.booked b;

-- Each pair that booked is on the provider's client list (what the booking path records).
INSERT INTO provider_clients (provider_id, user_id, language, source, created_at)
SELECT bench_scale.uid(1, p), bench_scale.uid(2, c), 'en', 'booking', min(created_at)
FROM bench_scale.booked GROUP BY p, c;

-- A review on a third of the completed sessions; a few reported (the back office's queue).
INSERT INTO reviews (booking_id, provider_id, client_id, rating_halves, comment, is_anonymous, created_at, updated_at, last_reported_at)
SELECT bench_scale.uid(4, n), bench_scale.uid(1, p), bench_scale.uid(2, c), 5 + s % 6,
  CASE WHEN s % 4 = 0 THEN NULL ELSE (ARRAY['Very helpful sessions, thank you.', 'Sehr einfühlsam und klar.', 'Listened carefully; practical advice.', '非常好的治疗师。'])[1 + s % 4] END,
  s % 7 = 0, starts_at + interval '1 day', starts_at + interval '1 day',
  CASE WHEN bench_scale.h(n * 7, 1000) < 3 THEN starts_at + interval '2 days' END
FROM bench_scale.booked WHERE status = 'completed' AND s % 3 = 1;

-- Both reminders of every session that took place or is confirmed and already reminded.
INSERT INTO session_reminders (booking_id, kind, starts_at, sent_at)
SELECT bench_scale.uid(4, n), k.kind, starts_at, starts_at - k.lead
FROM bench_scale.booked CROSS JOIN (VALUES ('24h', interval '24 hours'), ('1h', interval '1 hour')) k(kind, lead)
WHERE status = 'completed' OR (status = 'confirmed' AND starts_at - k.lead < {{now}}::timestamptz);
