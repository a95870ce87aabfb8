-- Every payment (top-up, booking payment) and every refund owes a receipt, and a paid session an
-- invoice: the ledger transaction queues itself in its own database transaction, so none is ever
-- missed, whichever path posted it (one statement or a longer transaction).
CREATE FUNCTION document_queue_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_queue (ledger_transaction_id, created_at) VALUES (NEW.id, NEW.created_at);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER ledger_transactions_owe_document AFTER INSERT ON ledger_transactions
  FOR EACH ROW WHEN (NEW.type IN ('top_up', 'booking_payment', 'refund'))
  EXECUTE FUNCTION document_queue_enqueue();--> statement-breakpoint
-- Payments and refunds made before documents existed get theirs too.
INSERT INTO document_queue (ledger_transaction_id, created_at)
  SELECT id, created_at FROM ledger_transactions WHERE type IN ('top_up', 'booking_payment', 'refund')
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- An issued document is never changed or removed (its data is what was issued).
CREATE FUNCTION issued_documents_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'issued_documents are immutable (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER issued_documents_no_update_delete BEFORE UPDATE OR DELETE ON issued_documents
  FOR EACH ROW EXECUTE FUNCTION issued_documents_refuse_change();--> statement-breakpoint
CREATE TRIGGER issued_documents_no_truncate BEFORE TRUNCATE ON issued_documents
  FOR EACH STATEMENT EXECUTE FUNCTION issued_documents_refuse_change();
