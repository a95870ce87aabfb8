-- Clinical notes: session notes on a sample of completed sessions and client notes on a sample of
-- pairs, their title and content copied from {{templates}} values sealed in Node with the app's
-- keyring (bench_scale.note_templates). AES-GCM binds a value to its note's id, so these copies
-- are realistic in size and key but do not open; the notes a measured path reads (provider 1's
-- about client 1) are sealed for their own ids in Node.
INSERT INTO notes (id, provider_id, provider_client_id, booking_id, type, key_id, title, content, created_at, updated_at)
SELECT bench_scale.uid(7, b.n), bench_scale.uid(1, b.p), pc.id, bench_scale.uid(4, b.n), 'booking', t.key_id, t.title, t.content,
  b.starts_at + interval '2 hours', b.starts_at + interval '2 hours'
FROM (SELECT * FROM bench_scale.booked WHERE status = 'completed' AND c <> 1 ORDER BY bench_scale.h(n * 13, 2147483647) LIMIT {{session_notes}}) b
JOIN provider_clients pc ON pc.provider_id = bench_scale.uid(1, b.p) AND pc.user_id = bench_scale.uid(2, b.c)
JOIN bench_scale.note_templates t ON t.ix = b.n % {{templates}};

INSERT INTO notes (id, provider_id, provider_client_id, booking_id, type, key_id, title, content, created_at, updated_at)
SELECT bench_scale.uid(7, 2000000000 + pr.ix * 4 + k), bench_scale.uid(1, pr.p), pc.id, NULL, 'client', t.key_id, t.title, t.content,
  pr.first_at + k * interval '30 days', pr.first_at + k * interval '30 days'
FROM (SELECT * FROM bench_scale.pairs ORDER BY ix DESC LIMIT {{client_note_pairs}}) pr
CROSS JOIN generate_series(0, 3) k
JOIN provider_clients pc ON pc.provider_id = bench_scale.uid(1, pr.p) AND pc.user_id = bench_scale.uid(2, pr.c)
JOIN bench_scale.note_templates t ON t.ix = (pr.ix + k) % {{templates}};
