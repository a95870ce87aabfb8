import type { LightMyRequestResponse } from 'fastify';
import { settleAfterAnswerWork } from '../src/modules/auth/mail-safely.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { openTestDatabase } from './test-database.ts';

const ANSWERED = '-- the answer left here --';

export interface AnswerWork {
  response: LightMyRequestResponse;
  /** The statements run before the answer left, in order (their text, parameters aside). */
  before: string[];
  /** The statements run after it: the afterAnswer work, settled. */
  after: string[];
}

export interface TracedTestApp extends TestApp {
  /** Runs one request and splits the SQL it caused at the moment its answer left. */
  answerWork(request: () => Promise<LightMyRequestResponse>): Promise<AnswerWork>;
}

/**
 * A test app that records every SQL statement, to show that two requests which must not be told
 * apart by timing (a known and an unknown address) do the same work before they answer: a
 * response cannot wait on work it never does, whatever the machine's load, where a stopwatch
 * comparison of the two flickers on a busy machine.
 */
export async function buildTracedTestApp(options: Parameters<typeof buildTestApp>[0] = {}): Promise<TracedTestApp> {
  const statements: string[] = [];
  let recording = false;
  const record = (statement: string) => {
    if (recording) statements.push(statement);
  };
  const database = await openTestDatabase({ logger: { logQuery: record } });
  const t = await buildTestApp({
    ...options,
    database,
    beforeReady: (app) => {
      options.beforeReady?.(app);
      // Added last, so it runs after every other onSend hook, right before the reply is written.
      app.addHook('onSend', async () => {
        record(ANSWERED);
      });
    },
  });
  return {
    ...t,
    async answerWork(request) {
      await settleAfterAnswerWork();
      statements.length = 0;
      recording = true;
      let response: LightMyRequestResponse;
      try {
        response = await request();
        await settleAfterAnswerWork();
      } finally {
        recording = false;
      }
      const answered = statements.indexOf(ANSWERED);
      if (answered < 0) throw new Error('the request never answered');
      return { response, before: statements.slice(0, answered), after: statements.slice(answered + 1) };
    },
  };
}
