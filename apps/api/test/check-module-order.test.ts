import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkRepository } from '../../../scripts/check-module-order.mjs';

let repo: string;

/** A repository of the given files (path → text) under a fresh folder. */
function tree(files: Record<string, string>): string {
  repo = mkdtempSync(path.join(tmpdir(), 'module-order-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    writeFileSync(path.join(repo, file), text);
  }
  return repo;
}

const order = (layers: string[][]) => JSON.stringify({ layers });

/** Money below bookings, each importing only what the order allows; a web app and shared code without circles. */
const clean = {
  'apps/api/src/modules/order.json': order([['money'], ['bookings']]),
  'apps/api/src/modules/money/ledger.ts': "import { sql } from 'drizzle-orm';\nexport const post = sql`1`;\n",
  'apps/api/src/modules/bookings/pay.ts':
    "import { post } from '../money/ledger.ts';\nimport { rule } from '@app/shared/rules';\nexport const pay = [post, rule];\n",
  'apps/api/src/platform/deps.ts': "import type { Db } from '../db/client.ts';\nexport type Deps = { db: Db };\n",
  'apps/api/src/db/client.ts': 'export type Db = unknown;\n',
  'packages/shared/src/rules.ts': 'export const rule = 1;\n',
  'apps/web/app/ui/a.tsx': "import { b } from '#app/ui/b';\nexport const a = b;\n",
  'apps/web/app/ui/b.tsx': 'export const b = 2;\n',
};

afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe('check-module-order', () => {
  it('passes a tree that keeps the order and has no circle', () => {
    const { problems, summary } = checkRepository(tree(clean));
    expect(problems).toEqual([]);
    expect(summary).toContain('2 modules in 2 layers');
  });

  it('names the file and the import of an up-arrow, a sideways import and an import from platform', () => {
    const { problems } = checkRepository(
      tree({
        ...clean,
        'apps/api/src/modules/order.json': order([['money', 'flags'], ['bookings']]),
        'apps/api/src/modules/money/escrow.ts':
          "import type { pay } from '../bookings/pay.ts';\nexport type P = typeof pay;\n",
        'apps/api/src/modules/money/flagged.ts': "export { flag } from '../flags/flag.ts';\n",
        'apps/api/src/modules/flags/flag.ts': 'export const flag = true;\n',
        'apps/api/src/platform/jobs.ts':
          "import { post } from '../modules/money/ledger.ts';\nexport const job = post;\n",
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        "apps/api/src/modules/money/escrow.ts: imports '../bookings/pay.ts': module bookings is above module money",
        "apps/api/src/modules/money/flagged.ts: imports '../flags/flag.ts': module flags is beside module money",
        "apps/api/src/platform/jobs.ts: imports '../modules/money/ledger.ts' (module money); the layers below the modules import none",
      ]),
    );
    expect(problems).toHaveLength(3);
  });

  it('names a module folder the order does not list', () => {
    const { problems } = checkRepository(tree({ ...clean, 'apps/api/src/modules/extra/service.ts': '' }));
    expect(problems).toEqual(['module extra is not in apps/api/src/modules/order.json: give it a layer']);
  });

  it('finds a circle through a type-only import and an alias, and leaves test files out', () => {
    const { problems, circles } = checkRepository(
      tree({
        ...clean,
        'apps/web/app/ui/b.tsx': "import type { a } from './a';\nexport const b = 2;\nexport type A = typeof a;\n",
        'packages/shared/src/rules.test.ts': "import { rule } from './rules';\nexport const again = rule;\n",
        'packages/shared/src/rules.ts': "// import { again } from './rules.test';\nexport const rule = 1;\n",
      }),
    );
    expect(circles).toHaveLength(1);
    expect(problems).toEqual([
      "import circle:\n  apps/web/app/ui/a.tsx imports '#app/ui/b'\n  apps/web/app/ui/b.tsx imports './a'",
    ]);
  });

  it('finds a circle across files of a module and reports each group once', () => {
    const { circles } = checkRepository(
      tree({
        ...clean,
        'apps/api/src/modules/money/payouts.ts':
          "import { manual } from './manual-payouts.ts';\nexport const payout = manual;\n",
        'apps/api/src/modules/money/manual-payouts.ts':
          "import type { Row } from './rows.ts';\nexport const manual = 1;\nexport type M = Row;\n",
        'apps/api/src/modules/money/rows.ts':
          "import type { payout } from './payouts.ts';\nexport type Row = typeof payout;\n",
      }),
    );
    expect(circles).toHaveLength(1);
    expect(circles[0]?.files.map((file) => path.basename(file))).toEqual([
      'manual-payouts.ts',
      'payouts.ts',
      'rows.ts',
    ]);
  });
});
