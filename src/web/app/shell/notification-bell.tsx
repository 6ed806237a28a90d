import { Bell, BellRing, CalendarDays, Check, CheckCheck, CreditCard, MessageSquare, Star, Trash } from 'lucide-react';
import { Popover, Tooltip } from 'radix-ui';
import { TOOLTIP_DELAY_MS } from '../../../shared/limits.ts';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { TNotification } from '../../../shared/contracts/notifications.ts';
import { isLiveHref } from '../../../shared/live-routes.ts';
import { formatBadgeCount, useNotificationActions, useNotifications } from '../../features/notifications/use-notifications.ts';
import { useAuth } from '../../lib/auth.ts';
import { errorMessage } from '../../lib/errors.ts';
import { tryFormatRelativeTime } from '../../lib/relative-time.ts';

const TYPE_ICONS: Record<TNotification['type'], typeof Bell> = {
  booking: CalendarDays,
  message: MessageSquare,
  review: Star,
  payment: CreditCard,
  reminder: BellRing,
};

const RELATIVE_TIME_TICK_MS = 30_000;

/** Re-render every so often while mounted, so "2 minutes ago" keeps telling the truth. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function IconButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <button
          type="button"
          aria-label={label}
          onClick={onClick}
          disabled={disabled}
          className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-stone-600 hover:bg-stone-200 hover:text-stone-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 disabled:opacity-50"
        >
          {children}
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content sideOffset={4} className="z-[90] rounded bg-stone-900 px-2 py-1 text-xs text-white shadow">
          {label}
          <Tooltip.Arrow className="fill-stone-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

function NotificationItem({ item, now, onNavigate }: { item: TNotification; now: number; onNavigate: () => void }) {
  const { markRead, remove } = useNotificationActions();
  const Icon = TYPE_ICONS[item.type] ?? Bell;
  const when = tryFormatRelativeTime(item.createdAt, now);
  const label = item.actionLabel || 'View';
  const follow = () => {
    if (!item.read) markRead.mutate(item.id);
    onNavigate();
  };
  const linkClass = 'mt-2 inline-flex text-sm font-semibold text-amber-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 rounded';
  return (
    <li className={`flex gap-3 px-4 py-3 ${item.read ? 'bg-white' : 'bg-amber-50'}`} data-unread={item.read ? undefined : 'true'}>
      <div className="relative mt-0.5 shrink-0">
        <span className="flex h-8 w-8 items-center justify-center rounded-full bg-stone-100 text-stone-700">
          <Icon className="h-4 w-4" aria-hidden="true" />
        </span>
        {item.read ? null : <span data-testid="unread-dot" className="absolute -right-0.5 -top-0.5 h-2.5 w-2.5 rounded-full bg-amber-600 ring-2 ring-white" aria-hidden="true" />}
      </div>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-stone-950">
          {item.read ? null : <span className="sr-only">Unread: </span>}
          {item.title}
        </p>
        <p className="mt-0.5 text-sm text-stone-700">{item.message}</p>
        {when ? (
          <p className="mt-1 text-xs text-stone-600">
            <time dateTime={item.createdAt} title={new Date(item.createdAt).toLocaleString()}>{when}</time>
          </p>
        ) : null}
        {/* A notice written before a page was shelved, or by an older server, must not lead to a placeholder. */}
        {item.actionUrl && isLiveHref(item.actionUrl) ? (
          item.actionUrl.startsWith('/') && !item.actionUrl.startsWith('//') ? (
            <Link to={item.actionUrl} onClick={follow} className={linkClass}>{label}</Link>
          ) : (
            <a href={item.actionUrl} onClick={follow} className={linkClass} rel="noopener noreferrer">{label}</a>
          )
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col gap-1">
        {item.read ? null : (
          <IconButton label={`Mark "${item.title}" as read`} onClick={() => markRead.mutate(item.id)}>
            <Check className="h-4 w-4" aria-hidden="true" />
          </IconButton>
        )}
        <IconButton label={`Delete "${item.title}"`} onClick={() => remove.mutate(item.id)}>
          <Trash className="h-4 w-4" aria-hidden="true" />
        </IconButton>
      </div>
    </li>
  );
}

function NotificationPanel({ onNavigate }: { onNavigate: () => void }) {
  const query = useNotifications(true);
  const { markAllRead, clearAll } = useNotificationActions();
  const now = useNow(RELATIVE_TIME_TICK_MS);
  const items = query.data?.items ?? [];
  const unread = query.data?.unreadCount ?? 0;
  const headerButton =
    'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-stone-800 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 disabled:cursor-not-allowed disabled:text-stone-400 disabled:hover:bg-transparent';
  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-stone-200 px-4 py-3">
        <h2 id="notifications-heading" className="text-base font-semibold text-stone-950">
          Notifications
        </h2>
        <div className="flex items-center gap-1">
          <button type="button" className={headerButton} onClick={() => markAllRead.mutate()} disabled={unread === 0 || markAllRead.isPending}>
            <CheckCheck className="h-3.5 w-3.5" aria-hidden="true" />
            Mark all read
          </button>
          <button type="button" className={headerButton} onClick={() => clearAll.mutate()} disabled={items.length === 0 || clearAll.isPending}>
            <Trash className="h-3.5 w-3.5" aria-hidden="true" />
            Clear all
          </button>
        </div>
      </div>
      <div className="max-h-[min(28rem,70vh)] overflow-y-auto">
        {query.isPending ? (
          <p role="status" className="px-4 py-8 text-center text-sm text-stone-600">Loading notifications…</p>
        ) : query.error ? (
          <div role="alert" className="px-4 py-8 text-center text-sm text-red-800">
            <p>Could not load notifications. {errorMessage(query.error)}</p>
            <button type="button" onClick={() => void query.refetch()} className="mt-2 font-semibold underline">Try again</button>
          </div>
        ) : items.length === 0 ? (
          <div className="px-6 py-10 text-center">
            <Bell className="mx-auto h-8 w-8 text-stone-400" aria-hidden="true" />
            <p className="mt-3 font-medium text-stone-950">No notifications yet</p>
            <p className="mt-1 text-sm text-stone-600">You'll see updates about bookings, messages, and more here.</p>
          </div>
        ) : (
          <ul className="divide-y divide-stone-200" aria-labelledby="notifications-heading">
            {items.map((item) => (
              <NotificationItem key={item.id} item={item} now={now} onNavigate={onNavigate} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

/**
 * Spec §2/§4: the bell with its unread badge ("99+" above 99) and the panel. The list is
 * fetched when the bell mounts and again each time the panel opens; live pushes come with the socket.
 */
export function NotificationBell() {
  const { isAuthenticated } = useAuth();
  const [open, setOpen] = useState(false);
  const query = useNotifications(isAuthenticated);
  const badge = formatBadgeCount(query.data?.unreadCount ?? 0);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) void query.refetch();
  };
  const label = badge ? `Notifications, ${query.data?.unreadCount ?? 0} unread` : 'Notifications';
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger
        aria-label={label}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-md text-stone-800 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600"
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {badge ? (
          <span data-testid="notification-badge" aria-hidden="true" className="absolute right-0.5 top-0.5 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-red-700 px-1 text-[0.6875rem] font-bold leading-none text-white">
            {badge}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby="notifications-heading"
          className="z-[80] w-[min(24rem,calc(100vw-1rem))] overflow-hidden rounded-lg border border-stone-200 bg-white shadow-xl focus:outline-none"
        >
          <NotificationPanel onNavigate={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
    </Tooltip.Provider>
  );
}
