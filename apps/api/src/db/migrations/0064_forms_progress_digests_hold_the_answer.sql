-- A sealed progress chart now holds its answer as sent (gzipped JSON), no longer the bare series
-- deflated: the charts sealed before are dropped, and each is sealed again at its next read.
DELETE FROM "form_progress_digests";
