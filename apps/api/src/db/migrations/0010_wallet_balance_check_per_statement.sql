-- Wallet: check that ledger transactions balance once per INSERT statement instead of once per
-- entry row at commit. A posting writes all its entries in one statement, so the check still
-- runs before anything commits; it now costs one trigger call per posting instead of one per
-- entry, and it also catches entries added later to an existing transaction.
DROP TRIGGER IF EXISTS ledger_entries_balanced ON ledger_entries;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_check_statement_balanced() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  unbalanced uuid;
BEGIN
  SELECT i.transaction_id INTO unbalanced
  FROM (SELECT DISTINCT transaction_id FROM inserted) i
  CROSS JOIN LATERAL (
    SELECT COALESCE(SUM(e.amount_minor), 0) AS total, COUNT(*) AS entries
    FROM ledger_entries e WHERE e.transaction_id = i.transaction_id
  ) s
  WHERE s.total <> 0 OR s.entries < 2
  LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transaction % does not balance', unbalanced USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_balanced
  AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_statement_balanced();
