import { describe, expect, it } from 'vitest';
import type { OutboxRecord } from './offline-db.ts';
import { compareOutbox, nextToSend } from './outbox.ts';

const record = (id: string, conversationId: string, createdAt: string, error: string | null = null): OutboxRecord => ({
  clientMessageId: id,
  conversationId,
  userId: 'u',
  text: id,
  createdAt,
  error,
});

describe('outbox order', () => {
  it('sends in the order written, ties broken by id', () => {
    const items = [record('b', 'c1', '2026-11-25T10:00:01.000Z'), record('c', 'c1', '2026-11-25T10:00:00.000Z'), record('a', 'c1', '2026-11-25T10:00:01.000Z')];
    expect([...items].sort(compareOutbox).map((r) => r.clientMessageId)).toEqual(['c', 'a', 'b']);
    expect(nextToSend(items)?.clientMessageId).toBe('c');
  });
  it('a refused message holds back the later ones of its conversation, not other conversations', () => {
    const items = [
      record('first', 'c1', '2026-11-25T10:00:00.000Z', 'You blocked this person.'),
      record('second', 'c1', '2026-11-25T10:00:01.000Z'),
      record('elsewhere', 'c2', '2026-11-25T10:00:02.000Z'),
    ];
    expect(nextToSend(items)?.clientMessageId).toBe('elsewhere');
    expect(nextToSend(items.slice(0, 2))).toBeNull();
    expect(nextToSend([])).toBeNull();
  });
});
