import type { Gender } from '@app/shared/schemas/profiles';
import type { users } from '../../db/schema/index.ts';

type UserRow = typeof users.$inferSelect;

/** What both profiles answer from the user row (the shared schemas' personDetailsFields). */
export function personDetails(
  user: Pick<UserRow, 'countryId' | 'stateId' | 'dob' | 'religionId' | 'ethnicityId' | 'gender'>,
) {
  return {
    countryIdentifier: user.countryId,
    stateIdentifier: user.stateId,
    dob: user.dob,
    religionIdentifier: user.religionId,
    ethnicityIdentifier: user.ethnicityId,
    gender: user.gender as Gender | null,
  };
}
