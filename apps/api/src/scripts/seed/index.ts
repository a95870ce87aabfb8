import type { Tx } from '../../db/client.ts';
import { seedDemoData } from './demo.ts';
import { seedReferenceData } from './reference.ts';

/** Reference data always; demo accounts only into a database without users. */
export async function seedDatabase(db: Tx, options: { now: Date; demo: boolean }): Promise<{ demo: boolean }> {
  await seedReferenceData(db);
  const demo = options.demo ? await seedDemoData(db, options.now) : false;
  return { demo };
}
