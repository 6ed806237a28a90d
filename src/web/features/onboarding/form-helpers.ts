import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { fieldId, splitServerMessage, type Errors, type WizardData } from './wizard-model.ts';

/** Which error paths a change to a form field makes out of date. */
const ROOT_OF: Partial<Record<keyof WizardData, string>> = {
  kind: 'kind',
  displayName: 'displayName',
  slug: 'slug',
  bio: 'bio',
  styles: 'styles',
  instagram: 'instagram',
  studioMode: 'studio',
  studioId: 'studio',
  studioName: 'studio',
  studioAddress: 'studio',
  cityId: 'cityId',
  services: 'services',
  hours: 'workingHours',
  noticeHours: 'noticeHours',
};

export function clearErrorsFor(errors: Errors, patch: Partial<WizardData>): Errors {
  const roots = new Set(Object.keys(patch).map((k) => ROOT_OF[k as keyof WizardData]).filter(Boolean));
  if (!roots.size) return errors;
  const next = Object.fromEntries(Object.entries(errors).filter(([k]) => !roots.has(k.split('.')[0]!)));
  return Object.keys(next).length === Object.keys(errors).length ? errors : next;
}

/** Move focus to the control of an error path, or to the nearest enclosing control that exists. */
export function focusField(path: string): void {
  // After React has drawn the messages.
  setTimeout(() => {
    const parts = path.split('.');
    while (parts.length) {
      const el = document.getElementById(fieldId(parts.join('.')));
      if (el) {
        el.focus();
        el.scrollIntoView?.({ block: 'center' });
        return;
      }
      parts.pop();
    }
  }, 0);
}

/** A failed save as a field error when the server names the field, else as words for an alert. */
export function serverProblem(error: unknown): { path: string; message: string } | { path: null; message: string } {
  if (error instanceof ApiError) {
    const message = error.body?.message ?? error.message;
    if (error.status === 409 && /profile address/i.test(message)) return { path: 'slug', message };
    const split = error.status === 400 ? splitServerMessage(message) : null;
    if (split) return split;
    return { path: null, message };
  }
  return { path: null, message: errorMessage(error) };
}
