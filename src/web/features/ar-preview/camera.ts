/**
 * Opening the camera for the AR preview, and plain words for why it could not be opened. The page
 * falls back to a photo in every case: the camera is a convenience, never a requirement.
 */

export type CameraProblem = { reason: 'insecure' | 'unsupported' | 'denied' | 'none' | 'busy' | 'other'; message: string };

const PHOTO_INSTEAD = 'You can still upload a photo of the spot instead.';

/** Why the camera cannot even be asked for (no secure context, no API), or null when it can. */
export function cameraUnavailable(env: { isSecureContext: boolean; hasMediaDevices: boolean }): CameraProblem | null {
  if (!env.isSecureContext) {
    return { reason: 'insecure', message: `Browsers only allow the camera on secure (https) pages, and this page was not opened over https. ${PHOTO_INSTEAD}` };
  }
  if (!env.hasMediaDevices) return { reason: 'unsupported', message: `This browser cannot share a camera with web pages. ${PHOTO_INSTEAD}` };
  return null;
}

/** Words for a getUserMedia failure (the DOMException's name decides). */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return {
        reason: 'denied',
        message: `Camera access was not allowed. To use the camera, allow it for this site in your browser’s settings and try again. ${PHOTO_INSTEAD}`,
      };
    case 'NotFoundError':
    case 'OverconstrainedError':
      return { reason: 'none', message: `No camera was found on this device. ${PHOTO_INSTEAD}` };
    case 'NotReadableError':
    case 'AbortError':
      return { reason: 'busy', message: `The camera is in use by another app or could not be started. Close other apps using it and try again. ${PHOTO_INSTEAD}` };
    default:
      return { reason: 'other', message: `The camera could not be opened. ${PHOTO_INSTEAD}` };
  }
}

/** The rear camera on phones (facingMode environment, preferred not required), no microphone. */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } },
};
