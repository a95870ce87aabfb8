import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { clientProfiles, providerProfiles, userPreferences } from '../../db/schema/index.ts';
import type { ProfilesDeps } from './deps.ts';
import { removeProfileImage } from './pictures.ts';

/**
 * The profiles' part of deleting an account (an AccountDeletionHook of the auth module): the
 * client profile (username, zip code, emergency contact, picture), a provider's listing (words,
 * picture and approval), the preference choices and the uploaded picture files go. It runs inside the deletion transaction; the files are
 * removed at the end of it, so an aborted deletion can at worst lose the picture files.
 */
export function profileDeletionHook(deps: ProfilesDeps) {
  return async (tx: Tx, input: { userId: string }): Promise<void> => {
    const [client] = await tx
      .delete(clientProfiles)
      .where(eq(clientProfiles.userId, input.userId))
      .returning({ photoKey: clientProfiles.photoKey });
    const [provider] = await tx
      .select({ photoKey: providerProfiles.photoKey })
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, input.userId));
    if (provider) {
      // An erased provider leaves the directory at once (approval gone) and their listing's own
      // words and picture go; their credentials go with the credentials module's erasure.
      await tx
        .update(providerProfiles)
        .set({
          photoKey: null,
          photoUrl: null,
          headline: null,
          title: null,
          bio: null,
          officeAddress: null,
          zipCode: null,
          approvedAt: null,
          verificationStatus: 'draft',
        })
        .where(eq(providerProfiles.userId, input.userId));
    }
    await tx.delete(userPreferences).where(eq(userPreferences.userId, input.userId));
    await removeProfileImage(deps, client?.photoKey);
    await removeProfileImage(deps, provider?.photoKey);
  };
}
