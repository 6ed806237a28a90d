import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth.ts';
import { errorMessage } from '../../lib/errors.ts';

type ErrorReport = {
  id: string;
  type: string;
  message: string;
  stack: string | null;
  componentStack: string | null;
  url: string | null;
  userAgent: string | null;
  occurredAt: string | null;
  createdAt: string;
};

export default function TelemetryPage() {
  const { isAdmin } = useAuth();
  const reports = useQuery<{ items: ErrorReport[] }>({ queryKey: ['/api/admin/error-reports'], enabled: isAdmin, staleTime: 0 });
  if (!isAdmin) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-2xl font-bold text-stone-900">Error telemetry</h1>
        <p role="alert" className="mt-4 text-stone-700">This area is for administrators only.</p>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-2xl font-bold text-stone-900">Error telemetry</h1>
      <p className="mt-1 text-stone-700">Errors caught by the app's error boundary, newest first.</p>
      {reports.isLoading ? <p role="status" className="mt-6 text-stone-600">Loading reports…</p> : null}
      {reports.error ? <p role="alert" className="mt-6 text-red-800">{errorMessage(reports.error)}</p> : null}
      {reports.data && reports.data.items.length === 0 ? <p className="mt-6 text-stone-700">No errors reported. All quiet.</p> : null}
      <ol className="mt-6 space-y-4">
        {reports.data?.items.map((r) => (
          <li key={r.id} className="rounded-lg border border-stone-200 p-4">
            <p className="font-mono text-sm font-semibold text-red-800">{r.message}</p>
            <p className="mt-1 text-xs text-stone-600">
              <time dateTime={r.createdAt}>{new Date(r.createdAt).toLocaleString()}</time> · {r.url ?? 'unknown page'}
            </p>
            {r.stack ? (
              <details className="mt-2">
                <summary className="cursor-pointer text-sm text-stone-800">Stack trace</summary>
                <pre className="mt-2 overflow-x-auto whitespace-pre-wrap text-xs text-stone-700">{r.stack}</pre>
                {r.componentStack ? <pre className="mt-2 overflow-x-auto whitespace-pre-wrap text-xs text-stone-700">{r.componentStack}</pre> : null}
              </details>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
