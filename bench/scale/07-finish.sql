-- What the triggers switched off during the load would have done, in one statement each: the
-- directory's review figures (reviews_directory_stats) and the client lists (the client_list
-- triggers, through the function they share). bookings_activate_client_records and
-- users_link_imported_clients had nothing to do (no imported client awaits a link).
UPDATE provider_directory d SET review_count = s.n, rating_sum_halves = s.total
FROM (SELECT provider_id, count(*) AS n, sum(rating_halves) AS total FROM reviews WHERE hidden_at IS NULL GROUP BY provider_id) s
WHERE s.provider_id = d.provider_id;
SELECT client_list_rebuild();
DROP TABLE bench_scale.plan, bench_scale.planned, bench_scale.booked, bench_scale.postings, bench_scale.posted,
  bench_scale.pairs, bench_scale.chats;
