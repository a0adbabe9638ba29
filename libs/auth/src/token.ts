import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { JwtService } from '@nestjs/jwt';
import { AppError } from '@portal/contracts';

export interface SessionClaims {
  /** Server-side session id: the token is only as good as this session. */
  sid: string;
  /** User uuid. */
  sub: string;
}

export interface VerifiedClaims extends SessionClaims {
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export const TOKEN_TTL_SECONDS = Number(process.env.TOKEN_TTL_MINUTES ?? 60) * 60;

/**
 * Signs and verifies session tokens (HS256). The key is a prebuilt KeyObject: given a string,
 * jsonwebtoken would re-derive a key on every verify (~40x slower on the hot path).
 */
export class TokenService {
  private readonly jwt: JwtService;

  constructor(key: KeyObject, ttlSeconds = TOKEN_TTL_SECONDS) {
    this.jwt = new JwtService({
      secret: key as unknown as string,
      signOptions: { algorithm: 'HS256', expiresIn: ttlSeconds },
      verifyOptions: { algorithms: ['HS256'] },
    });
  }

  sign(claims: SessionClaims): string {
    return this.jwt.sign({ ...claims });
  }

  /** The claims of a valid, unexpired token; otherwise AppError `tokenDismiss`. */
  verify(token: string): VerifiedClaims {
    try {
      const claims = this.jwt.verify<VerifiedClaims>(token);
      if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string') throw new Error('claims');
      return { sid: claims.sid, sub: claims.sub, exp: claims.exp };
    } catch {
      throw new AppError('tokenDismiss', 'invalid or expired token');
    }
  }
}

/**
 * The signing key: `JWT_SECRET` when set (required when services run apart), else a random key
 * kept in the data folder so all-in-one sessions survive a restart.
 */
export function loadSigningKey(dataDir = path.resolve(process.env.DATA_DIR ?? 'data')): KeyObject {
  if (process.env.JWT_SECRET) return createSecretKey(Buffer.from(process.env.JWT_SECRET, 'utf8'));
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  return createSecretKey(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8'));
}

export const TOKEN_SERVICE = Symbol('TOKEN_SERVICE');
