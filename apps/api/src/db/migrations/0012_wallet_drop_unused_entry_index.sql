-- Wallet: statements list entries by (account, [type,] seq) and the stats sum by (account, created_at);
-- nothing reads by (account, type, created_at) any more, and every posting paid for keeping it.
DROP INDEX "ledger_entries_account_type_created_idx";