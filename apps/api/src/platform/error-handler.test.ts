import { currencyForCountry } from '@app/shared/currency';
import { z } from '@app/shared/zod';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { AppError, fieldError } from './app-error.ts';
import { registerErrorHandling } from './error-handler.ts';
import { requestLanguage } from './i18n.ts';

async function appWith(routes: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('language', 'en');
  app.addHook('onRequest', async (request) => {
    request.language = requestLanguage(request);
  });
  registerErrorHandling(app);
  routes(app as unknown as ReturnType<typeof Fastify>);
  await app.ready();
  return app;
}

describe('error handler', () => {
  it('answers an AppError with its status, code and translated message', async () => {
    const app = await appWith((a) => {
      a.get('/x', () => {
        throw new AppError('CURRENCY_NOT_FOUND');
      });
    });
    const en = await app.inject({ url: '/x' });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ code: 'CURRENCY_NOT_FOUND', message: 'Currency not found for country code' });
    const de = await app.inject({ url: '/x', headers: { 'x-language': 'de' } });
    expect(de.json().message).toBe('Für diesen Ländercode wurde keine Währung gefunden');
  });

  it('answers what a shared rule throws (AppErrorLike) the same way', async () => {
    const app = await appWith((a) => {
      a.get('/shared', () => currencyForCountry('KE'));
    });
    const answer = await app.inject({ url: '/shared' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ code: 'CURRENCY_NOT_FOUND', message: 'Currency not found for country code' });
  });

  it('joins validation messages with ", " and lists them per field', async () => {
    const app = await appWith((a) => {
      a.post('/v', { schema: { body: z.object({ name: z.string().min(3), email: z.email() }) } }, () => ({}));
    });
    const res = await app.inject({ method: 'POST', url: '/v', payload: { name: 'a', email: 'no' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Must be at least 3 characters, Enter a valid email address',
      errors: ['Must be at least 3 characters', 'Enter a valid email address'],
      fieldErrors: { name: ['Must be at least 3 characters'], email: ['Enter a valid email address'] },
    });
  });

  it('answers a service field error as a validation error', async () => {
    const app = await appWith((a) => {
      a.get('/f', () => {
        throw fieldError('amount', 'validation.tooSmall', { minimum: 5 });
      });
    });
    const res = await app.inject({ url: '/f' });
    expect(res.json()).toMatchObject({
      fieldErrors: { amount: ['Must be at least 5'] },
      message: 'Must be at least 5',
    });
  });

  it('never sends internals of an unexpected error', async () => {
    const app = await appWith((a) => {
      a.get('/boom', () => {
        throw new Error('connection string postgres://user:pw@db');
      });
    });
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('postgres://');
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
  });
});
