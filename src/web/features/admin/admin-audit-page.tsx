import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { TAdminAuditPage } from '../../../shared/contracts/admin.ts';
import { getJson } from '../../lib/query-client.ts';
import { Button } from '../../ui/button.tsx';
import { AdminGate } from './admin-gate.tsx';
import { AdminPageHeader, ShowSelect, fmtAdminTime } from './admin-parts.tsx';
import { AdminTableSection } from './admin-table-section.tsx';

const FILTERS: Array<[string, string]> = [
  ['', 'Everything'],
  ['user.', 'People'],
  ['licence.', 'Licences'],
  ['report.', 'Reports'],
  ['error_group.', 'Errors'],
];

/** /admin/audit: what administrators did, newest first. Admins only. */
export default function AdminAuditPage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const action = FILTERS.some(([f]) => f === params.get('action')) ? (params.get('action') ?? '') : '';
  const base = `/api/admin/audit${action ? `?action=${encodeURIComponent(action)}` : ''}`;
  const pages = useInfiniteQuery({
    queryKey: [base, 'pages'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getJson<TAdminAuditPage>(queryClient, pageParam ? `${base}${action ? '&' : '?'}cursor=${encodeURIComponent(pageParam)}` : base, signal),
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <AdminGate title="Audit log">
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <AdminPageHeader title="Audit log" lead="Every admin action, written in the same transaction as the change it records." />
        <AdminTableSection
          id="audit-heading"
          title="Admin actions"
          actions={<ShowSelect id="audit-action" value={action} options={FILTERS} onChange={(v) => setParams(v ? new URLSearchParams({ action: v }) : new URLSearchParams(), { replace: true })} />}
          state={pages}
          what="audit log"
          empty={items.length === 0}
          emptyText="No admin actions yet."
          caption="Admin actions, newest first"
          columns={['Time', 'Admin', 'Action', 'Target', 'Note']}
          footer={
            pages.hasNextPage ? (
              <Button variant="secondary" className="mt-4" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
                {pages.isFetchingNextPage ? 'Loading…' : 'Older actions'}
              </Button>
            ) : null
          }
        >
          {items.map((a) => (
            <tr key={a.id}>
              <td className="py-2 pr-3 text-stone-700"><time dateTime={a.createdAt}>{fmtAdminTime(a.createdAt)}</time></td>
              <td className="py-2 pr-3 text-stone-900">{a.admin?.name ?? 'Deleted user'}</td>
              <td className="py-2 pr-3 font-mono text-xs text-stone-900">{a.action}</td>
              <td className="py-2 pr-3 text-xs text-stone-900">{a.targetType}<span className="block break-all font-mono text-stone-700">{a.targetId}</span></td>
              <td className="py-2 pr-3 text-stone-900">{a.note ?? '—'}</td>
            </tr>
          ))}
        </AdminTableSection>
      </div>
    </AdminGate>
  );
}
