import { describe, expect, it } from 'vitest';
import { judgePassword } from './passwords.ts';

const owner = { email: 'mara@example.test', firstName: 'Mara' };

describe('judgePassword on long passwords', () => {
  it('judges a long password by its first 48 characters (scoring all of it could hold the server for seconds)', async () => {
    expect(await judgePassword(`velvet-harbor-2931-quill${'!'.repeat(100)}`, owner)).toEqual({ ok: true });
    expect((await judgePassword('a'.repeat(128), owner)).ok).toBe(false);
    // What lies past the scored prefix cannot rescue a weak start.
    expect((await judgePassword(`${'abc'.repeat(16)}Xq7#vP2!mZ9@`, owner)).ok).toBe(false);
  });
});
