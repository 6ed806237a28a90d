import { describe, expect, it } from 'vitest';
import type { TNotification, TNotificationList } from '../../../shared/contracts/notifications.ts';
import { formatBadgeCount, notificationListUpdates as u } from './use-notifications.ts';

const n = (id: string, read: boolean): TNotification => ({
  id,
  type: 'booking',
  title: `Title ${id}`,
  message: 'Message',
  read,
  createdAt: '2025-01-01T00:00:00Z',
  actionUrl: null,
  actionLabel: null,
});
const list: TNotificationList = { items: [n('a', false), n('b', true), n('c', false)], unreadCount: 2, lastSeq: 7 };

describe('formatBadgeCount', () => {
  it('hides at zero, counts up to 99, then reads 99+', () => {
    expect(formatBadgeCount(0)).toBeNull();
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
    expect(formatBadgeCount(5000)).toBe('99+');
  });
});

describe('optimistic notification updates', () => {
  it('adds a pushed notification on top once, counting it while unread', () => {
    const next = u.add(list, n('d', false));
    expect(next.items.map((x) => x.id)).toEqual(['d', 'a', 'b', 'c']);
    expect(next.unreadCount).toBe(3);
    expect(u.add(next, n('d', false))).toBe(next);
    expect(u.add(list, n('e', true)).unreadCount).toBe(2);
  });
  it('marks one read and lowers the count once', () => {
    const next = u.markRead(list, 'a');
    expect(next.unreadCount).toBe(1);
    expect(next.items.find((x) => x.id === 'a')?.read).toBe(true);
    expect(u.markRead(next, 'a')).toBe(next);
  });
  it('marks all read', () => {
    const next = u.markAllRead(list);
    expect(next.unreadCount).toBe(0);
    expect(next.items.every((x) => x.read)).toBe(true);
  });
  it('removes one, counting it only when unread', () => {
    expect(u.remove(list, 'b').unreadCount).toBe(2);
    expect(u.remove(list, 'c')).toEqual({ items: [n('a', false), n('b', true)], unreadCount: 1, lastSeq: 7 });
  });
  it('clears all', () => {
    expect(u.clear(list)).toEqual({ items: [], unreadCount: 0, lastSeq: 7 });
  });
});
