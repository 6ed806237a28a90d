import { LoaderCircle, RefreshCw, Wifi, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CONNECTION_BADGE_HIDE_CONNECTED_MS, CONNECTION_BADGE_HIDE_FALLBACK_MS } from '../../../shared/limits.ts';
import type { ConnectionStatus } from '../../lib/realtime-model.ts';

type Props = {
  /** Unknown (null/undefined) renders nothing: the socket has not reported yet. */
  status: ConnectionStatus | null | undefined;
  /** The reconnect attempt, shown while connecting. */
  attempt?: number;
};

const HIDE_AFTER_MS: Partial<Record<ConnectionStatus, number>> = {
  connected: CONNECTION_BADGE_HIDE_CONNECTED_MS,
  fallback: CONNECTION_BADGE_HIDE_FALLBACK_MS,
};

export function connectionLabel(status: ConnectionStatus, attempt?: number): string {
  switch (status) {
    case 'connected':
      return 'Connected';
    case 'connecting':
      return attempt && attempt > 0 ? `Connecting (attempt ${attempt})` : 'Connecting';
    case 'error':
      return 'Connection error';
    case 'disconnected':
      return 'Disconnected';
    case 'fallback':
      return 'Polling mode';
  }
}

const STYLE: Record<ConnectionStatus, string> = {
  connected: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  connecting: 'border-amber-300 bg-amber-50 text-amber-900',
  error: 'border-red-300 bg-red-50 text-red-900',
  disconnected: 'border-stone-300 bg-stone-100 text-stone-800',
  fallback: 'border-sky-300 bg-sky-50 text-sky-900',
};

function Badge({ status, attempt }: { status: ConnectionStatus; attempt?: number }) {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    const delay = HIDE_AFTER_MS[status];
    if (delay === undefined) return;
    const timer = setTimeout(() => setHidden(true), delay);
    return () => clearTimeout(timer);
  }, [status]);
  if (hidden) return null;
  const Icon = status === 'connected' ? Wifi : status === 'connecting' ? LoaderCircle : status === 'fallback' ? RefreshCw : WifiOff;
  return (
    <div
      role="status"
      aria-live="polite"
      data-status={status}
      className={`fixed bottom-4 left-4 z-[90] inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-xs font-medium shadow ${STYLE[status]}`}
    >
      <Icon className={`h-3.5 w-3.5 ${status === 'connecting' ? 'animate-spin' : ''}`} aria-hidden="true" />
      {connectionLabel(status, attempt)}
    </div>
  );
}

/**
 * Shows the socket's state; hides itself 2 s after connecting and 3 s after falling back to
 * polling. Each new status (or attempt) remounts the badge, which restarts its timer.
 */
export function ConnectionBadge({ status, attempt }: Props) {
  if (!status) return null;
  return <Badge key={`${status}:${attempt ?? 0}`} status={status} {...(attempt !== undefined ? { attempt } : {})} />;
}
