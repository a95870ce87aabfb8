import { api } from '#app/api/client';

/** GET /clients/export: the client list as CSV text (formula-looking cells already neutralized). */
export function exportClients(): Promise<string> {
  return api<string>('/clients/export');
}
