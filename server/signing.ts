import { createHash, randomUUID } from 'node:crypto';

/**
 * The upstream "new signature" (upstream-api.md §2). The gateway signs with it, the sandbox checks
 * with it, so both sides can never drift apart.
 */
export const SIGN_HEADERS = {
  appKey: 'Api-App-Key',
  timestamp: 'Api-Time-Stamp',
  nonce: 'Api-Nonce',
  sign: 'Api-Sign',
} as const;

export interface SignInput {
  appKey: string;
  appSecret: string;
  /** Unix milliseconds, as a decimal string or number. */
  timestamp: string | number;
  nonce: string;
  /** Business query parameters (GET); `Api-*` keys in here are ignored. */
  query?: Record<string, string | number | boolean | undefined>;
  /** The exact JSON body that is (or was) sent, or '' when there is none. */
  body?: string;
}

/** How whitespace is removed before hashing: the body only (PHP, Go, Python) or the whole string (Java). */
export type WhitespaceMode = 'body' | 'all';

const sha1 = (s: string) => createHash('sha1').update(s, 'utf8').digest('hex');
const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

/** The string that gets hashed (step 1–5 of §2.2). */
export function signingString(input: SignInput, whitespace: WhitespaceMode = 'body'): string {
  const map = new Map<string, string>();
  for (const [k, v] of Object.entries(input.query ?? {})) {
    if (v === undefined || /^api-/i.test(k)) continue;
    map.set(k, String(v));
  }
  map.set(SIGN_HEADERS.appKey, input.appKey);
  map.set(SIGN_HEADERS.nonce, input.nonce);
  map.set(SIGN_HEADERS.timestamp, String(input.timestamp));
  // Plain code-unit order, so the capitalised Api-* keys sort before lowercase business keys.
  const keys = [...map.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const params = keys.map((k) => k + map.get(k)).join('');
  const body = (input.body ?? '').replace(/\s/g, '');
  const whole = params + input.appSecret + body;
  return whitespace === 'all' ? whole.replace(/\s/g, '') : whole;
}

/** Api-Sign: UPPER(MD5(lower-hex SHA1(string))). */
export function computeSign(input: SignInput, whitespace: WhitespaceMode = 'body'): string {
  return md5(sha1(signingString(input, whitespace))).toUpperCase();
}

/** Headers for one upstream call: a fresh nonce and the current time unless given. */
export function signHeaders(
  input: Omit<SignInput, 'timestamp' | 'nonce'> & { timestamp?: number; nonce?: string },
): Record<string, string> {
  const timestamp = String(input.timestamp ?? Date.now());
  const nonce = input.nonce ?? randomUUID().replace(/-/g, '');
  const sign = computeSign({ ...input, timestamp, nonce });
  return {
    [SIGN_HEADERS.appKey]: input.appKey,
    [SIGN_HEADERS.timestamp]: timestamp,
    [SIGN_HEADERS.nonce]: nonce,
    [SIGN_HEADERS.sign]: sign,
  };
}

/**
 * Does `sign` match any of the forms the real SDKs produce? (§2.3: whitespace stripped from the body
 * or from everything; an empty body and `{}` interchangeable.)
 */
export function signMatches(input: SignInput, sign: string): boolean {
  const wanted = sign.trim().toUpperCase();
  const body = input.body ?? '';
  const bodies = new Set([body]);
  const compact = body.replace(/\s/g, '');
  if (compact === '' || compact === '{}') {
    bodies.add('');
    bodies.add('{}');
  }
  for (const b of bodies) {
    for (const mode of ['body', 'all'] as const) {
      if (computeSign({ ...input, body: b }, mode) === wanted) return true;
    }
  }
  return false;
}
