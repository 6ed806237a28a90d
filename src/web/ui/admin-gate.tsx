import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../lib/auth.ts';

/** An admin page's body for administrators; a 403 message for anyone else (the APIs refuse them too). */
export function AdminGate({ title, children }: { title: string; children: ReactNode }) {
  const { isAdmin } = useAuth();
  if (isAdmin) return <>{children}</>;
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <p role="alert" className="mt-4 rounded-md bg-red-50 p-4 text-red-900">
        403 — you do not have access. This area is for administrators only. <Link to="/home" className="underline underline-offset-2">Back to your home page</Link>
      </p>
    </section>
  );
}
