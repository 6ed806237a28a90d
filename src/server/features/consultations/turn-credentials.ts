import { createHmac } from 'node:crypto';
import type { TIceServer } from '../../../shared/contracts/consultations.ts';

/**
 * Time-limited TURN credentials in the coturn REST scheme ("TURN REST API", coturn's
 * `use-auth-secret` with `static-auth-secret`): the username is `expiry:userId` with the expiry in
 * Unix seconds, and the credential is base64(HMAC-SHA1(secret, username)). The TURN server checks
 * both without asking the app, and refuses the pair once the expiry has passed.
 */
export function turnCredential(secret: string, userId: string, expiresAtMs: number): { username: string; credential: string } {
  const username = `${Math.floor(expiresAtMs / 1000)}:${userId}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

const isTurnUrl = (url: string) => /^turns?:/i.test(url);

/**
 * The configured ICE servers for one person: with a secret, every server that has a turn:/turns:
 * address gets freshly minted credentials (a fixed username/credential in the config is replaced);
 * STUN servers and, without a secret, everything else are passed on as configured.
 */
export function iceServersFor(configured: readonly TIceServer[], secret: string | undefined, userId: string, expiresAtMs: number): TIceServer[] {
  return configured.map((server) => {
    const urls = Array.isArray(server.urls) ? server.urls : [server.urls];
    if (!secret || !urls.some(isTurnUrl)) return { ...server };
    return { urls: server.urls, ...turnCredential(secret, userId, expiresAtMs) };
  });
}
