import { SignJWT, jwtVerify } from 'jose';

export const SESSION_HOURS = 12;

export interface SessionClaims {
  userId: number;
  tokenVersion: number;
}

export function sessionKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** HS256 with sub, iat and exp 12 hours later; `tv` ties the token to the user's token version. */
export async function signSession(key: Uint8Array, claims: SessionClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ tv: claims.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + SESSION_HOURS * 3600)
    .sign(key);
}

/** The claims of a valid token, or null for anything expired, tampered, unsigned or malformed. */
export async function verifySession(key: Uint8Array, token: string, now: Date): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['sub', 'iat', 'exp'],
    });
    const userId = Number(payload.sub);
    const tokenVersion = payload.tv;
    if (!Number.isSafeInteger(userId) || typeof tokenVersion !== 'number') return null;
    return { userId, tokenVersion };
  } catch {
    return null;
  }
}
