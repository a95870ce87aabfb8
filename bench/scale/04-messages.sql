-- Chats: {{conversations}} client-provider pairs that booked talk, twenty messages each; client 1
-- and provider 1 have a thread {{deep_thread}} messages deep.
CREATE UNLOGGED TABLE bench_scale.pairs AS
SELECT row_number() OVER (ORDER BY bench_scale.h(p * 1000003 + c, 2147483647), p, c) AS ix, p, c, first_at
FROM (SELECT p, c, min(created_at) AS first_at FROM bench_scale.booked WHERE NOT (p = 1 AND c = 1) GROUP BY p, c) x;

CREATE UNLOGGED TABLE bench_scale.chats AS
SELECT ix, p, c, first_at, 20 AS messages FROM bench_scale.pairs WHERE ix <= {{conversations}}
UNION ALL SELECT 0, 1, 1, {{now}}::timestamptz - interval '600 days', {{deep_thread}};

-- Providers' ids sort below clients' (uid kind 1 < 2): the provider is the pair's low user.
INSERT INTO conversations (id, user_low_id, user_high_id, created_at)
SELECT bench_scale.uid(5, ix), bench_scale.uid(1, p), bench_scale.uid(2, c), first_at FROM bench_scale.chats;

INSERT INTO messages (id, conversation_id, sender_id, text, created_at)
SELECT bench_scale.uid(6, ch.ix * 1024 + i), bench_scale.uid(5, ch.ix),
  CASE WHEN i % 2 = 0 THEN bench_scale.uid(2, ch.c) ELSE bench_scale.uid(1, ch.p) END,
  (ARRAY['Hello, could we move Thursday''s session?', 'Of course — 10:00 works for me.', 'Danke für die Stunde heute.',
         'I tried the breathing exercise; it helped.', '好的，下周见。', 'See you next week, Adaeze.'])[1 + (ch.ix + i) % 6],
  ch.first_at + i * interval '3 hours'
FROM bench_scale.chats ch CROSS JOIN LATERAL generate_series(0, ch.messages - 1) i;

INSERT INTO conversation_members (conversation_id, user_id, other_user_id, last_message_at, has_messages, last_seen_at, unread_count)
SELECT bench_scale.uid(5, ix), u.me, u.other, last_at, 1, last_at, 0
FROM (SELECT *, first_at + (messages - 1) * interval '3 hours' AS last_at FROM bench_scale.chats) ch
CROSS JOIN LATERAL (VALUES (bench_scale.uid(1, ch.p), bench_scale.uid(2, ch.c)), (bench_scale.uid(2, ch.c), bench_scale.uid(1, ch.p))) u(me, other);
