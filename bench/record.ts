/**
 * The benchmarks' history in one place: with BENCH_RECORD=1 a bench appends what it printed to
 * docs/benchmarks.md, under the date, the commit and the machine's load, so figures live beside
 * the conditions they were measured in instead of in comments or decisions.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { format } from 'node:util';

const HISTORY = new URL('../docs/benchmarks.md', import.meta.url);

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

function load1(): string {
  const [lastMinute = 0] = loadavg();
  return lastMinute.toFixed(1);
}

/** Starts recording this run's output when BENCH_RECORD=1; appended once the process exits. */
export function recordRun(bench: string): void {
  if (process.env.BENCH_RECORD !== '1') return;
  const printed: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => {
    printed.push(format(...args));
    log(...args);
  };
  const loadAtStart = load1();
  process.once('exit', (code) => {
    const heading = `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · bench:${bench} · ${commit()}`;
    const machine = `Node ${process.version}, ${availableParallelism()} cores, load ${loadAtStart} → ${load1()}, exit ${code}`;
    appendFileSync(HISTORY, `\n${heading}\n\n${machine}\n\n\`\`\`\n${printed.join('\n')}\n\`\`\`\n`);
  });
}
