import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { decodeCreatedAtCursor, encodeCreatedAtCursor } from './keyset-cursor.ts';

const ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('created_at cursors', () => {
  it('round-trip created_at as PostgreSQL prints it', () => {
    for (const t of ['2026-11-24 15:48:12.123456+00', '2026-11-24 15:48:12+00', '2026-03-08 02:30:00.5-08', '2026-11-24 15:48:12+05:30']) {
      expect(decodeCreatedAtCursor(encodeCreatedAtCursor({ t, id: ID }), 'retry')).toEqual({ t, id: ID });
    }
  });

  it('refuse anything that would not cast, with INVALID_CURSOR', () => {
    const bad = [
      b64({ t: '0000-00-00 00:00:00+00', id: ID }),
      b64({ t: '9999-99-99 99:99:99+99', id: ID }),
      b64({ t: '2026-02-30 10:00:00+00', id: ID }),
      b64({ t: '0001-01-01 00:00:00+00', id: ID }),
      b64({ t: '2026-11-24 15:48:12+00', id: '------------------------------------' }),
      b64({ t: '2026-11-24 15:48:12+00' }),
      b64(null),
      'not base64 json',
    ];
    for (const raw of bad) {
      let thrown: unknown;
      try {
        decodeCreatedAtCursor(raw, 'reload the list');
      } catch (error) {
        thrown = error;
      }
      expect(thrown, raw).toBeInstanceOf(AppError);
      expect((thrown as AppError).code).toBe('INVALID_CURSOR');
      expect((thrown as AppError).message).toBe('cursor: this page link is not valid any more; reload the list.');
    }
  });
});
