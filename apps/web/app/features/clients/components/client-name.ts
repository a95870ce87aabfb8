/** A client's name as the list shows it: first and last, else the email, else a dash. */
export function clientName(client: {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}): string {
  return [client.firstName, client.lastName].filter(Boolean).join(' ').trim() || client.email || '—';
}
