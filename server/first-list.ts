import type { Context, Hono } from 'hono';
import { PassThrough, Readable } from 'node:stream';
import { createGzip, Gzip, constants as zlib } from 'node:zlib';
import { CATALOGUE_FIRST_LIST, FIRST_LIST_ID, PHONE_MEDIA } from '../contract/constants';
import type { OpId } from '../contract';

/**
 * A landing's first list, asked for by the gateway while it sends the page (issue 39). Without it the
 * list leaves only once the browser has the first page's script and has run it; on a phone the
 * catalogue's largest paint is its first product's picture, which waited for that list and then for
 * its own request. With it, the picture is asked for by the HTML and the list is in the page when the
 * script starts.
 */
interface FirstList {
  op: OpId;
  /** The input the page sends for this address with nothing after the path (checked by the SPA's tests). */
  input: object;
  /** The picture a phone paints largest, asked for by the HTML before any script: the first product's cover. */
  picture?: (data: unknown) => string | undefined;
}

const FIRST_LISTS: Record<string, FirstList> = {
  '/catalogue': {
    op: 'selection.online',
    input: CATALOGUE_FIRST_LIST,
    picture: (data) => {
      const cover = (data as { list?: Array<{ cover?: unknown }> } | null)?.list?.[0]?.cover;
      return typeof cover === 'string' && /^(https?:\/\/|\/)/.test(cover) ? cover : undefined;
    },
  },
};

/** How long the end of the page waits for the list; slower, the page ends without it and the SPA asks itself. */
export const FIRST_LIST_WAIT_MS = 1_000;

export interface FirstListBlock {
  op: OpId;
  input: object;
  data: unknown;
}

const escapeAttr = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

/**
 * The list for this address, when there is one and the person may read it: asked through the gateway's
 * own route with their cookie (same checks, same answer, same metrics as the SPA's request). Only for
 * the bare path: a filtered view is the SPA's to ask for.
 */
export function firstListFor(bffApp: Pick<Hono, 'request'>, waitMs = FIRST_LIST_WAIT_MS) {
  return (path: string, search: string, cookie: string, ops: readonly string[]): Promise<FirstListBlock | null> | null => {
    const first = FIRST_LISTS[path];
    if (!first || search || !ops.includes(first.op)) return null;
    const answer = Promise.resolve(
      bffApp.request(`/op/${first.op}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(first.input),
      }),
    )
      .then((r) => (r.ok ? (r.json() as Promise<{ code?: number; data?: unknown }>) : null))
      .then((env) => (env?.code === 1 ? { op: first.op, input: first.input, data: env.data } : null))
      .catch(() => null);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, waitMs, null)));
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  };
}

/** What ends the page once the list is in: the picture's preload (phones only) and the list as a JSON data block. */
export function firstListTail(block: FirstListBlock | null, path: string): string {
  if (!block) return '';
  const picture = FIRST_LISTS[path]?.picture?.(block.data);
  const preload = picture
    ? `<link rel="preload" as="image" fetchpriority="high" media="${PHONE_MEDIA}" href="${escapeAttr(picture)}">`
    : '';
  const json = JSON.stringify(block).replace(/</g, '\\u003c');
  return `${preload}<script type="application/json" id="${FIRST_LIST_ID}">${json}</script>`;
}

/**
 * The page in two parts: everything up to `</body>` at once (the browser asks for the scripts, the
 * styles and paints the shell and the page's header), then the rest when `tail` has it. Compressed with
 * gzip when the browser takes it, flushed after the first part so compression does not hold it back.
 * Nothing of the request is written into the page, so compression gives nothing away (BREACH needs both).
 */
export function streamedPage(c: Context, html: string, tail: Promise<string>): Response {
  const at = html.lastIndexOf('</body>');
  const head = at < 0 ? html : html.slice(0, at);
  const end = at < 0 ? '' : html.slice(at);
  const headers = new Headers({ 'content-type': 'text/html; charset=UTF-8', 'cache-control': 'no-store', vary: 'Accept-Encoding' });
  const gzip = (c.req.header('accept-encoding') ?? '').split(',').some((part) => {
    const [coding, ...params] = part.split(';').map((x) => x.trim().toLowerCase());
    return coding === 'gzip' && !params.some((p) => /^q=0(\.0*)?$/.test(p));
  });
  if (gzip) headers.set('content-encoding', 'gzip');
  const out = gzip ? createGzip() : new PassThrough();
  out.write(head);
  if (out instanceof Gzip) out.flush(zlib.Z_SYNC_FLUSH);
  void tail
    .catch(() => '')
    .then((rest) => out.end(rest + end));
  return new Response(Readable.toWeb(out) as ReadableStream, { headers });
}
