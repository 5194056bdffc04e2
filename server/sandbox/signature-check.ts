import type { DB } from '../lib/db';
import { SIGN_HEADERS, signMatches } from '../signing';

export interface SignatureCheckInput {
  headers: (name: string) => string | undefined;
  query: Record<string, string>;
  body: string;
}

/**
 * Checks a request's signature as the real service does: every header present, the right app key,
 * a timestamp inside the window, the sign matching one of the SDK forms, and a nonce not seen inside
 * the window. Returns the msg of the refusal, or null when the request may pass.
 */
export function checkSignature(
  db: DB,
  opts: { appKey: string; appSecret: string; windowMs: number; nowMs: number },
  req: SignatureCheckInput,
): string | null {
  for (const h of [SIGN_HEADERS.appKey, SIGN_HEADERS.timestamp, SIGN_HEADERS.nonce, SIGN_HEADERS.sign]) {
    if (!req.headers(h)?.trim()) return `必须传递 ${h}`;
  }
  const appKey = req.headers(SIGN_HEADERS.appKey)!.trim();
  const ts = req.headers(SIGN_HEADERS.timestamp)!.trim();
  const nonce = req.headers(SIGN_HEADERS.nonce)!.trim();
  const sign = req.headers(SIGN_HEADERS.sign)!.trim();
  if (!/^\d{13}$/.test(ts)) return `必须传递 合法的 ${SIGN_HEADERS.timestamp}（13 位毫秒时间戳）`;
  if (appKey !== opts.appKey) return `${SIGN_HEADERS.appKey} 无效：应用不存在`;
  if (Math.abs(opts.nowMs - Number(ts)) > opts.windowMs) return '签名过期或时间还未到（Api-Time-Stamp 与服务器时间相差超过 10 分钟）';
  const ok = signMatches({ appKey, appSecret: opts.appSecret, timestamp: ts, nonce, query: req.query, body: req.body }, sign);
  if (!ok) return `${SIGN_HEADERS.sign} 签名错误`;
  db.prepare('DELETE FROM nonces WHERE seen_at < ?').run(opts.nowMs - opts.windowMs);
  const fresh = db.prepare('INSERT OR IGNORE INTO nonces (nonce, seen_at) VALUES (?, ?)').run(nonce, opts.nowMs);
  if (fresh.changes === 0) return `${SIGN_HEADERS.nonce} 重复：同一随机串不能在 10 分钟内重复使用`;
  return null;
}
