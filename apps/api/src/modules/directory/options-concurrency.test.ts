import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { testDriver } from '../../../test/test-database.ts';
import { userPreferences } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { directoryProvider, keptAndChosenOptions, preferencesPayload, searchNames } from './test-support.ts';

describe.runIf(testDriver === 'pg')(
  'the directory’s copy of a provider’s options under concurrent writes (PostgreSQL)',
  () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') });
    });
    afterAll(() => t.close());

    it('ends equal to the preference rows when lists are set and cleared at once', async () => {
      const provider = await directoryProvider(t, {
        firstName: 'Ngozi',
        lastName: 'Nwosu',
        options: { language: ['en'] },
      });
      const filled = await preferencesPayload(t, {
        therapyApproach: ['cbt', 'dbt'],
        modality: ['video-session', 'audio-call'],
        specialities: ['anxiety', 'grief-and-loss', 'trauma-and-ptsd'],
        communication: ['casual'],
        trait: ['empathetic'],
        ageGroup: ['young-adults'],
      });
      // Straight to the table, each list in its own transaction and without the account lock the
      // profile screens take: the trigger alone must keep the copy right. A list cleared is one
      // statement, a list set two.
      const write = (list: string, ids: string[]) =>
        t.deps.db.transaction(async (tx) => {
          await tx
            .delete(userPreferences)
            .where(and(eq(userPreferences.userId, provider.id), eq(userPreferences.list, list)));
          if (ids.length > 0) {
            await tx.insert(userPreferences).values(ids.map((optionId) => ({ userId: provider.id, optionId, list })));
          }
        });
      for (let round = 0; round < 6; round++) {
        await Promise.all(
          Object.entries(filled).map(([list, ids], index) => write(list, (index + round) % 2 === 0 ? ids : [])),
        );
        const { kept, chosen } = await keptAndChosenOptions(t, provider.id);
        expect(kept).toEqual(chosen);
      }
      await Promise.all(Object.entries(filled).map(([list, ids]) => write(list, ids)));
      expect(await searchNames(t, 'language=en&specialities=trauma-and-ptsd&modality=audio-call')).toEqual([
        'Ngozi Nwosu',
      ]);
    });
  },
);
