import { useId } from 'react';
import { REPORT_FORM_PATH, REPORT_REASON_LABEL, REPORT_REASONS, type TReportReason } from '../../shared/contracts/identity.ts';

const PROFILE_REASONS: TReportReason[] = ['impersonation', 'scam', 'unsafe_practice', 'inappropriate', 'spam', 'other'];
const REASONS: Record<'profile' | 'review' | 'booking', readonly TReportReason[]> = {
  profile: PROFILE_REASONS,
  review: ['harassment', 'inappropriate', 'spam', 'scam', 'other'],
  booking: REPORT_REASONS.filter((r) => r !== 'spam'),
};

/**
 * "Report" for a profile, a review or a booking: a disclosure with a form the browser posts itself
 * (works before hydration); the server answers 303 back to this page with the outcome.
 */
export function ReportForm({ targetType, targetId, label, returnTo }: { targetType: 'profile' | 'review' | 'booking'; targetId: string; label: string; returnTo: string }) {
  const id = useId();
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-stone-700 underline underline-offset-2 hover:text-stone-900">{label}</summary>
      <form method="post" action={REPORT_FORM_PATH} className="mt-2 max-w-md space-y-3 rounded-md border border-stone-300 bg-white p-3 text-left text-stone-900">
        <input type="hidden" name="targetType" value={targetType} />
        <input type="hidden" name="targetId" value={targetId} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <div className="space-y-1">
          <label htmlFor={`${id}-reason`} className="block font-medium">Reason</label>
          <select id={`${id}-reason`} name="reason" required defaultValue="" className="block w-full rounded-md border border-stone-400 bg-white px-2 py-1.5 focus:outline-none focus:ring-2 focus:ring-amber-600">
            <option value="" disabled>Choose a reason</option>
            {REASONS[targetType].map((r) => (
              <option key={r} value={r}>{REPORT_REASON_LABEL[r]}</option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-details`} className="block font-medium">Details (optional)</label>
          <textarea id={`${id}-details`} name="details" rows={3} maxLength={2000} className="block w-full rounded-md border border-stone-400 px-2 py-1.5 focus:outline-none focus:ring-2 focus:ring-amber-600" />
        </div>
        <p className="text-xs text-stone-700">The Inkhaven team reviews every report. The person you report is not told who reported them.</p>
        <button type="submit" className="rounded-md bg-stone-900 px-3 py-1.5 font-medium text-white hover:bg-stone-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">Send report</button>
      </form>
    </details>
  );
}
