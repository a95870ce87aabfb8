import type { Tx } from '../../db/client.ts';
import type { PrivateStorage } from '../../platform/uploads/private-storage.ts';
import { seedDemoData } from './demo.ts';
import { seedReferenceData } from './reference.ts';

/** Reference data always; demo accounts (and their stored files) only into a database without users. */
export async function seedDatabase(
  db: Tx,
  options: { now: Date; demo: boolean; storage: PrivateStorage },
): Promise<{ demo: boolean }> {
  await seedReferenceData(db);
  const demo = options.demo ? await seedDemoData(db, options.now, options.storage) : false;
  return { demo };
}
