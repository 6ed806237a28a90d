import Fastify from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, registerErrorHandling } from './app-error.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const wrapped = (cause: Error, params: unknown[] = []) => new DrizzleQueryError('select 1', params, cause);

async function answerTo(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/', async () => {
    throw error;
  });
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return res;
}

describe('the error mapper: database unreachable', () => {
  it.each([
    ['a terminated backend (57P01), as Drizzle wraps it', wrapped(withCode('terminating connection due to administrator command', '57P01'))],
    ['a server starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection exception (08006)', withCode('connection failure', '08006')],
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a refused connection to several addresses', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed')],
    ['a connection that ended under a query', wrapped(new Error('Connection terminated unexpectedly'))],
    ['no connection free within the pool timeout', new Error('timeout exceeded when trying to connect')],
  ])('answers 503 DATABASE_UNAVAILABLE with Retry-After for %s', async (_what, error) => {
    const res = await answerTo(error);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'DATABASE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  });

  it('keeps 500 for statements the database refused, even when a parameter reads like a connection error', async () => {
    const res = await answerTo(wrapped(withCode('duplicate key value violates unique constraint', '23505'), ['Connection terminated']));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'INTERNAL' });
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
