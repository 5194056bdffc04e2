import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';

/**
 * The exact bytes of a request body, also for GET: Hono's `c.req.text()` returns '' for a GET, but
 * the upstream protocol sends JSON bodies on GET (availableCheck, order list, balance).
 */
export async function readRawBody(c: Context, limitBytes = 16 * 1024 * 1024): Promise<string> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const method = c.req.method;
  if (incoming && (method === 'GET' || method === 'HEAD')) {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of incoming as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limitBytes) throw new BodyTooLargeError(limitBytes);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
  const buf = await c.req.arrayBuffer();
  if (buf.byteLength > limitBytes) throw new BodyTooLargeError(limitBytes);
  return Buffer.from(buf).toString('utf8');
}

export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`request body larger than ${limitBytes} bytes`);
  }
}
