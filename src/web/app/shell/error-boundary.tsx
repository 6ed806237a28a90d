import { WarningIcon } from '../../ui/shell-icons.tsx';
import { Component, useEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import type { TErrorReport } from '../../../shared/contracts/analytics.ts';
import { apiRequest, isNetworkError } from '../../lib/api.ts';
import { LazyOfflinePanel } from '../../ui/lazy-offline-panel.tsx';

export const ERROR_BOUNDARY_MESSAGE =
  'We encountered an unexpected error. Please try refreshing the page or contact support if the problem persists.';

const clip = (s: string | null | undefined, max: number) => (s ? s.slice(0, max) : null);

function toError(error: unknown): Error {
  if (error instanceof Error) return error;
  if (isRouteErrorResponse(error)) return new Error(`${error.status}: ${error.statusText || String(error.data ?? '')}`);
  return new Error(typeof error === 'string' ? error : 'Unknown error');
}

/** Spec §7/§8: fire and forget. A failed report is logged, never shown and never rethrown. */
export function reportRenderError(error: unknown, componentStack?: string | null): void {
  if (typeof window === 'undefined') return;
  const err = toError(error);
  const payload: TErrorReport = {
    message: clip(err.message || err.name, 5000) ?? 'Unknown error',
    stack: clip(err.stack, 20_000),
    componentStack: clip(componentStack, 20_000),
    url: clip(window.location.href, 2000),
    userAgent: clip(navigator.userAgent, 1000),
    timestamp: new Date().toISOString(),
    type: 'react_error_boundary',
  };
  apiRequest('POST', '/api/analytics/error', payload).catch((reportError: unknown) => {
    console.error('Could not send the error report', reportError);
  });
}

/** Spec §2 "Fallback error screen". */
export function ErrorFallback({ error, componentStack, onRetry }: { error: unknown; componentStack?: string | null; onRetry: () => void }) {
  const err = toError(error);
  const details = [err.message, err.stack, componentStack].filter(Boolean).join('\n\n');
  return (
    <section role="alert" aria-labelledby="error-boundary-heading" className="mx-auto max-w-2xl px-4 py-16">
      <div className="rounded-xl border border-red-200 bg-white p-8 shadow-sm">
        <WarningIcon className="h-10 w-10 text-red-700" />
        <h1 id="error-boundary-heading" className="mt-4 text-2xl font-bold text-stone-950">Something went wrong</h1>
        <p className="mt-3 text-stone-700">{ERROR_BOUNDARY_MESSAGE}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <button
            type="button"
            onClick={onRetry}
            className="rounded-md bg-stone-900 px-4 py-2 font-medium text-white hover:bg-stone-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:ring-offset-2"
          >
            Try Again
          </button>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-md border border-stone-300 px-4 py-2 font-medium text-stone-900 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600"
          >
            Refresh Page
          </button>
        </div>
        <details className="mt-6 rounded-md bg-stone-50 p-3 text-sm">
          <summary className="cursor-pointer font-medium text-stone-800">Technical details</summary>
          <pre className="mt-3 max-h-80 overflow-auto whitespace-pre-wrap break-words font-mono text-xs text-stone-700">{details}</pre>
        </details>
      </div>
    </section>
  );
}

type BoundaryProps = { children: ReactNode; /** A change (e.g. the path) clears the error. */ resetKey?: string };
type BoundaryState = { error: unknown; componentStack: string | null; hasError: boolean; resetKey: string | undefined };

/** Catches render errors of the page under the shell, so the navigation stays usable. */
export class AppErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, componentStack: null, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, error: null, componentStack: null, hasError: false };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ componentStack: info.componentStack ?? null });
    reportRenderError(error, info.componentStack);
  }

  reset = () => this.setState({ error: null, componentStack: null, hasError: false });

  override render() {
    if (this.state.hasError) return <ErrorFallback error={this.state.error} componentStack={this.state.componentStack} onRetry={this.reset} />;
    return this.props.children;
  }
}

/** The root route's ErrorBoundary: errors in the shell itself, loaders, or a page chunk that failed to load. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (reported.current === error || isNetworkError(error)) return;
    reported.current = error;
    reportRenderError(error);
  }, [error]);
  // Navigating to the same place gives the router a new location, which clears the route error and reloads data.
  const retry = () => void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  if (isNetworkError(error)) {
    // No answer is not a bug: say what is readable offline and load the page once the server answers.
    return (
      <main id="main-content" tabIndex={-1} className="min-h-screen bg-stone-50 outline-none">
        <LazyOfflinePanel title="This page is not saved on this device" onRetry={retry} />
      </main>
    );
  }
  return (
    <main id="main-content" tabIndex={-1} className="min-h-screen bg-stone-50 outline-none">
      <ErrorFallback error={error} onRetry={retry} />
    </main>
  );
}
