import type { TLicenceStatus } from '../../shared/contracts/identity.ts';

export const LICENCE_STATUS_LABEL: Record<TLicenceStatus, string> = { pending: 'Waiting for review', approved: 'Approved', rejected: 'Rejected', expired: 'Expired' };
export const LICENCE_STATUS_STYLE: Record<TLicenceStatus, string> = {
  pending: 'bg-amber-50 text-amber-900',
  approved: 'bg-emerald-50 text-emerald-900',
  rejected: 'bg-red-50 text-red-900',
  expired: 'bg-stone-100 text-stone-900',
};

/** A calendar day (YYYY-MM-DD) as "Mar 1, 2027", the same everywhere (no time zone shifts it). */
export const formatDay = (day: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
