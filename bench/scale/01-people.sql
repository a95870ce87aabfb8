-- People: providers (the first {{listed}} listed: approved, insured, a fee, a weekly calendar),
-- clients, one admin. Names in every script, with hyphens and apostrophes.
CREATE TEMP TABLE first_names AS SELECT row_number() OVER () - 1 AS ix, name FROM unnest(ARRAY[
  'Adaeze', 'Jürgen', '李小龍', 'Ngozi', 'Émilie', 'Oluwaseun', 'Siobhán', 'Дмитрий', 'Aisha', 'Zoë', 'Chidi', 'Ángel']) AS name;
CREATE TEMP TABLE last_names AS SELECT row_number() OVER () - 1 AS ix, name FROM unnest(ARRAY[
  'O''Neil-Okafor', 'Groß', '王', 'Nwosu', 'Müller-Lüdenscheidt', 'Adébáyọ̀', 'D''Arcy', 'Иванова', 'Bello', 'Schmidt', 'Eze-Obi', 'García']) AS name;

-- users' own triggers act on updates, or link imported client records (none exist yet): with
-- them off, a million inserts skip a million no-op calls.
ALTER TABLE users DISABLE TRIGGER USER;
INSERT INTO users (id, email, role, first_name, last_name, country_id, state_id, timezone, language, gender,
  email_verified_at, created_at, updated_at)
SELECT bench_scale.uid(1, n), 'provider' || n || '@scale.test', 'provider', f.name, l.name || '-' || n, co.id, st.id,
  c.zone, CASE WHEN c.code = 'DE' THEN 'de' ELSE 'en' END, (ARRAY['female', 'male', 'non-binary'])[1 + n % 3],
  t.at, t.at, t.at
FROM generate_series(1, {{providers}}) n
JOIN bench_scale.countries c ON c.ix = (n - 1) % 4
JOIN countries co ON co.code = c.code
LEFT JOIN states st ON st.code = c.states[1 + (n / 4) % array_length(c.states, 1)]
JOIN first_names f ON f.ix = n % 12
JOIN last_names l ON l.ix = (n / 12) % 12
CROSS JOIN LATERAL (SELECT {{now}}::timestamptz - interval '800 days' + (n % 700) * interval '1 day' AS at) t;

INSERT INTO users (id, email, role, first_name, last_name, country_id, timezone, language, email_verified_at, created_at, updated_at)
SELECT bench_scale.uid(2, n), 'client' || n || '@scale.test', 'client', f.name, l.name, co.id, c.zone,
  CASE WHEN c.code = 'DE' THEN 'de' ELSE 'en' END, t.at, t.at, t.at
FROM generate_series(1, {{clients}}) n
JOIN bench_scale.countries c ON c.ix = (n - 1) % 4
JOIN countries co ON co.code = c.code
JOIN first_names f ON f.ix = (n * 7) % 12
JOIN last_names l ON l.ix = (n * 5) % 12
CROSS JOIN LATERAL (SELECT {{now}}::timestamptz - interval '760 days' + (n % 740) * interval '1 day' AS at) t;

INSERT INTO users (id, email, role, first_name, last_name, timezone, email_verified_at)
VALUES (bench_scale.uid(3, 1), 'admin@scale.test', 'admin', 'Jürgen', 'Groß', 'Europe/Berlin', {{now}}::timestamptz);

ALTER TABLE users ENABLE TRIGGER USER;

-- Profiles: the directory's triggers make each provider's directory row.
INSERT INTO provider_profiles (user_id, title, headline, bio, verification_status, approved_at, setup_completed_at, created_at, updated_at)
SELECT bench_scale.uid(1, n), 'Dr',
  (ARRAY['Clinical Psychologist', 'Counsellor', 'CBT Therapist', 'Psychologische Psychotherapeutin'])[1 + n % 4],
  CASE WHEN (n - 1) % 4 = 3
    THEN 'Ich begleite Erwachsene bei ' || (ARRAY['Ängsten', 'Depressionen', 'Stress', 'Trauer', 'Paaren', 'Trauma'])[1 + n % 6] || ' und ' || (ARRAY['Schlafproblemen', 'Burnout', 'Ängsten'])[1 + n % 3] || ' mit kognitiver Verhaltenstherapie.'
    ELSE 'I help adults with ' || (ARRAY['anxiety', 'depression', 'stress at work', 'grief', 'couples', 'trauma', 'sleep', 'burnout'])[1 + n % 8] || ' and ' || (ARRAY['anxiety', 'grief', 'trauma', 'burnout', 'sleep'])[1 + n % 5] || ' using evidence-based therapy.' END,
  (CASE WHEN n <= {{listed}} OR n % 10 < 6 THEN 'approved' WHEN n % 10 < 8 THEN 'submitted' ELSE 'draft' END)::verification_status,
  CASE WHEN n <= {{listed}} OR n % 10 < 6 THEN {{now}}::timestamptz - interval '700 days' + (n % 600) * interval '1 day' END,
  CASE WHEN n <= {{listed}} THEN {{now}}::timestamptz - interval '700 days' END,
  {{now}}::timestamptz - interval '800 days', {{now}}::timestamptz - interval '700 days'
FROM generate_series(1, {{providers}}) n;

-- Listed providers: current insurance (its trigger fills the profile's expiry), a general fee in
-- their country's currency (its trigger fills the directory), a 60-minute weekly calendar.
INSERT INTO indemnity_insurances (provider_id, storage_key, filename, content_type, size_bytes, expires_on)
SELECT bench_scale.uid(1, n), 'scale/insurance/' || n || '.pdf', 'insurance.pdf', 'application/pdf', 1024,
  ({{now}}::timestamptz + interval '1 year')::date
FROM generate_series(1, {{listed}}) n;

INSERT INTO provider_booking_fees (provider_id, fee_minor, is_free, currency_code)
SELECT bench_scale.uid(1, n), c.fee * (6 + n % 9) / 10, false, c.currency
FROM generate_series(1, {{listed}}) n JOIN bench_scale.countries c ON c.ix = (n - 1) % 4;

INSERT INTO availability_settings (provider_id, setup_type, session_minutes)
SELECT bench_scale.uid(1, n), 'GENERAL', 60 FROM generate_series(1, {{listed}}) n;

INSERT INTO availability_weekly_days (provider_id, day_of_week, is_available, intervals)
SELECT bench_scale.uid(1, n), d, d <= 5,
  CASE WHEN d <= 5 THEN '[{"startTime":"09:00","endTime":"17:00"}]'::jsonb ELSE '[]'::jsonb END
FROM generate_series(1, {{listed}}) n CROSS JOIN generate_series(1, 7) d;

-- Three options in each searched list per listed provider (the trigger folds them into the directory row).
CREATE TEMP TABLE options AS
SELECT id, list, row_number() OVER (PARTITION BY list ORDER BY position, key) - 1 AS ix, count(*) OVER (PARTITION BY list) AS n
FROM preference_options WHERE list IN ('language', 'therapyApproach', 'modality', 'specialities');
INSERT INTO user_preferences (user_id, option_id, list)
SELECT DISTINCT ON (p.n, o.id) bench_scale.uid(1, p.n), o.id, o.list
FROM generate_series(1, {{listed}}) p(n)
CROSS JOIN generate_series(0, 2) k
JOIN options o ON o.ix = (p.n * (k + 3) + k * 7) % o.n;

-- The directory's copy of the next free time: the next weekday's 09:00 in the provider's zone
-- (what refresh-next-available computes for an empty calendar; the bookings generated below keep
-- it free, and the job corrects any provider it is wrong for within its minute).
UPDATE provider_directory d
SET next_available_at = ((({{now}}::timestamptz AT TIME ZONE c.zone)::date
    + CASE extract(isodow FROM ({{now}}::timestamptz AT TIME ZONE c.zone)::date)::int WHEN 5 THEN 3 WHEN 6 THEN 2 ELSE 1 END
    + time '09:00') AT TIME ZONE c.zone),
  next_checked_at = {{now}}::timestamptz
FROM users u JOIN bench_scale.countries c ON c.zone = u.timezone
WHERE u.id = d.provider_id AND d.provider_id IN (SELECT bench_scale.uid(1, n) FROM generate_series(1, {{listed}}) n);
