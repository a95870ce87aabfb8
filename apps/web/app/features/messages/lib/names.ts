import type { Person } from '@app/shared/schemas/messages';
import type { TFunction } from 'i18next';

export function personName(t: TFunction, person: Person): string {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return name || t('messages.someone');
}

export function initials(t: TFunction, person: Person): string {
  return personName(t, person)
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}
