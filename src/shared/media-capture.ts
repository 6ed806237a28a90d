/**
 * Pages that may use the camera or the microphone: the video call (`/consultation`, reached from
 * `/consultations` and a booking's thread) and the AR preview (`/ar-test`). Every other document is
 * served with a Permissions-Policy that switches both off, so a script injected into any other page
 * cannot open them.
 *
 * A Permissions-Policy belongs to the document that was loaded, not to the route the single-page app
 * shows later: links into these pages must load a new document (`<Link reloadDocument>`), or the
 * camera stays blocked by the policy of the page the visit started on.
 */
const MEDIA_CAPTURE_PATH = /^\/(consultation|consultations|ar-test)(\/|$)/;

export function usesMediaCapture(pathname: string): boolean {
  return MEDIA_CAPTURE_PATH.test(pathname);
}
