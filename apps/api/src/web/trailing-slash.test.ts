import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trailingSlashRedirect } from './web-plugin.ts';

describe('trailingSlashRedirect', () => {
  const app = Fastify();
  beforeAll(async () => {
    trailingSlashRedirect(app);
    app.all('/*', async (request) => ({ reached: request.url }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends page paths to their trailing-slash form, keeping the query', async () => {
    for (const [url, location] of [
      ['/de/overview', '/de/overview/'],
      ['/providers?therapy=anxiety&page=2', '/providers/?therapy=anxiety&page=2'],
      ['/apiary', '/apiary/'],
    ]) {
      const answer = await app.inject({ method: 'GET', url: url as string });
      expect([answer.statusCode, answer.headers.location]).toEqual([301, location]);
    }
  });

  it('leaves the API, files, route data, writes and slashed paths alone', async () => {
    for (const [method, url] of [
      ['GET', '/api/health'],
      ['GET', '/api'],
      ['GET', '/media/photo.webp'],
      ['GET', '/assets/entry.client-abc.js'],
      ['GET', '/providers.data'],
      ['GET', '/__manifest?p=%2F'],
      ['GET', '/de/'],
      ['POST', '/de/login'],
    ] as const) {
      const answer = await app.inject({ method, url });
      expect([answer.statusCode, answer.json()]).toEqual([200, { reached: url }]);
    }
  });
});
