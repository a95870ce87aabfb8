import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The major version of the PostgreSQL server behind `url` (15 for 15.20). */
export async function serverMajorVersion(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    return Math.floor(Number(rows[0]?.server_version_num) / 10_000);
  } finally {
    await client.end();
  }
}

export interface PgTool {
  path: string;
  major: number;
}

/**
 * PostgreSQL's own pg_dump or pg_restore for a server of `major`: PG_BIN_DIR when set, else
 * Debian's and Ubuntu's per-version folder, else the one on PATH. pg_dump refuses a server newer
 * than itself, and a newer pg_dump writes archives an older pg_restore cannot read, so the tool
 * must have the server's major version exactly.
 */
export async function findPgTool(name: 'pg_dump' | 'pg_restore', major: number): Promise<PgTool> {
  const candidates = [
    process.env.PG_BIN_DIR ? path.join(process.env.PG_BIN_DIR, name) : undefined,
    `/usr/lib/postgresql/${major}/bin/${name}`,
    name,
  ].filter((candidate): candidate is string => Boolean(candidate));
  const found: string[] = [];
  for (const candidate of candidates) {
    if (candidate.includes('/') && !existsSync(candidate)) continue;
    const version = await run(candidate, ['--version']).then(
      ({ stdout }) => /(\d+)(?:\.\d+)?/.exec(stdout)?.[1],
      () => undefined,
    );
    if (!version) continue;
    if (Number(version) === major) return { path: candidate, major };
    found.push(`${candidate} (${version})`);
  }
  throw new Error(
    `${name} ${major} not found (the server is PostgreSQL ${major}; found: ${found.join(', ') || 'none'}). ` +
      `Install postgresql-client-${major} or set PG_BIN_DIR to its bin folder.`,
  );
}

/**
 * A libpq connection for the command-line tools: the URL without its password (argv is visible
 * to every user of the machine), and the password in PGPASSWORD.
 */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Runs a PostgreSQL tool; its stderr becomes the error's message when it fails. */
export async function runPgTool(tool: PgTool, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(tool.path, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${path.basename(tool.path)} failed: ${stderr || (error as Error).message}`);
  }
}
