import type { Job } from '../../platform/jobs.ts';
import { issueQueuedDocuments } from './issue.ts';

/** Issues the receipts and invoices payments and refunds have queued (a few seconds after each). */
export const documentJobs: Job[] = [
  { name: 'documents.issue', intervalMs: 5_000, run: (deps) => issueQueuedDocuments(deps) },
];
