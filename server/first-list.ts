import type { Context, Hono } from 'hono';
import { PassThrough, Readable } from 'node:stream';
import { createGzip, Gzip, constants as zlib } from 'node:zlib';
import { BOOT_GOODS_ID, BOOT_PERIOD_ID, CATALOGUE_FIRST_LIST, FIRST_LIST_ID, OVERVIEW_FIRST_ASK } from '../contract/constants';
import { formatFen } from '../contract/money';
import { zoneName } from '../contract/time-zone';
import { escapeHtml, type ShellTexts } from './shell-page';
import type { OpId, Overview } from '../contract';

/**
 * A landing's first data, asked for by the gateway while it sends the page (issue 39). Without it the
 * data leaves only once the browser has the page's script and has run it; on a phone the catalogue's
 * largest paint is its first product's picture, which waited for that list and then for its own
 * request, and the overview's figures (a desktop's largest paint) waited for its page's code. With
 * it, the picture is asked for by the HTML and the data is in the page when the script starts.
 */
type FirstList = (
  | {
      /** An upstream operation's list, asked through `/bff/op/<op>` (its envelope's `data` is handed over). */
      op: OpId;
      /** The input the page sends for this address with nothing after the path (checked by the SPA's tests). */
      input: object;
    }
  | {
      /** A route of the gateway's own, asked with GET and `input` as its query (its whole answer is handed over). */
      route: string;
      input: Record<string, string>;
      /** The feature it needs (contract/permissions.ts), as the route checks. */
      feature: string;
    }
) & {
  /** What the HTML paints of the list before any script has run (a phone's first goods), if anything. */
  paint?: (data: unknown, look: PaintLook) => string;
};

/** The person's language and the page's words from the build (dist/.vite/shell.json). */
export interface PaintLook {
  lang: 'en' | 'zh-CN';
  texts: ShellTexts[string][PaintLook['lang']] | undefined;
  /** Whether the page shows the merchant's strip above the list (feature `strip.read`), whose room the goods leave. */
  strip: boolean;
}

/** Goods the HTML paints on a phone: the first row of the catalogue's cards, its first screen. */
const PAINTED_GOODS = 2;
/** A 1x1 transparent GIF: what a wider screen (where the painted goods are hidden) takes instead of the pictures. */
const NO_PICTURE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

const FIRST_LISTS: Record<string, FirstList> = {
  '/catalogue': { op: 'selection.online', input: CATALOGUE_FIRST_LIST, paint: paintGoods },
  // The manager's landing: its figures, and the line saying which days they are of (a desktop's largest paint).
  '/overview': { route: '/overview', input: OVERVIEW_FIRST_ASK, feature: 'overview.read', paint: paintPeriod },
};

type PaintedRow = { title?: unknown; cover?: unknown; agreement_price?: unknown; guide_price?: unknown };
const isWebAddress = (s: unknown): s is string => typeof s === 'string' && /^(https?:\/\/|\/(?!\/))/.test(s);
const fen = (n: unknown) => (typeof n === 'number' ? n : null);

/**
 * The catalogue's first goods as a phone draws them (src/components/goods-cards.tsx: picture, title,
 * price and guide price), painted by the HTML where React's cards will be (index.html's `.boot-goods`
 * lays them out under a hidden copy of the page's header and the room of the strip and the search
 * row). The first picture, a phone's largest paint, is asked for by the HTML itself. React's list
 * takes them away when it draws its own (src/lib/boot-paint.ts). Wider screens show the table: the
 * block is hidden there, and its pictures are not fetched.
 */
function paintGoods(data: unknown, { lang, texts, strip }: PaintLook): string {
  const rows = ((data as { list?: PaintedRow[] } | null)?.list ?? []).slice(0, PAINTED_GOODS);
  const cards = rows
    .filter((r) => typeof r.title === 'string' && isWebAddress(r.cover))
    .map((r, i) => {
      const guide = texts?.guidePrice
        ? `<span class="bg-caption">${escapeHtml(texts.guidePrice)} ${formatFen(fen(r.guide_price), lang)}</span>`
        : '';
      return (
        `<div class="bg-card"><picture><source media="(min-width: 600px)" srcset="${NO_PICTURE}">` +
        `<img class="bg-img" src="${escapeHtml(r.cover as string)}" alt=""${i === 0 ? ' fetchpriority="high"' : ''}></picture>` +
        `<span class="bg-body"><span class="bg-title">${escapeHtml(r.title as string)}</span>` +
        `<span class="bg-prices"><span class="bg-price">${formatFen(fen(r.agreement_price), lang)}</span>${guide}</span></span></div>`
      );
    });
  if (!cards.length || !texts) return '';
  return (
    `<div class="boot-goods" id="${BOOT_GOODS_ID}" aria-hidden="true">` +
    `<div class="bg-head"><h1>${escapeHtml(texts.title)}</h1><p>${escapeHtml(texts.subtitle)}</p></div>` +
    `<div class="bg-grid${strip ? '' : ' bg-bare'}">${cards.join('')}</div></div>`
  );
}

/** An i18next text with its `{{name}}` places filled (the app's texts use no formats there; escaped by the caller). */
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/**
 * The overview's line of days (src/features/overview/routes/overview-page.tsx: "2026-11-21 – 2026-11-27
 * (China Standard Time), against …"), painted by the HTML on a wide screen where React draws it with
 * the figures (index.html's `.boot-period`, under the header and the bar of periods). React's start-up
 * takes a desktop's main thread until ~700 ms: the person sees which days the figures are of at the
 * first paint, and the page's largest paint is this one, not React's same line drawn later (issue 39).
 * React takes it away when it draws its own (src/lib/boot-paint.ts). Narrower screens wrap the
 * header's actions above the bar, so the line's place is known only at 1200 px and up.
 */
function paintPeriod(data: unknown, { lang, texts }: PaintLook): string {
  const o = data as Partial<Pick<Overview, 'current' | 'previous' | 'comparison' | 'timeZone'>> | null;
  const comparison = o?.comparison ? texts?.comparison?.[o.comparison] : undefined;
  if (!o?.current || !o.previous || typeof o.timeZone !== 'string' || !texts?.showing || !comparison) return '';
  const line = fill(texts.showing, {
    from: o.current.from,
    to: o.current.to,
    zone: zoneName(o.timeZone, lang),
    comparison: fill(comparison, { prevFrom: o.previous.from, prevTo: o.previous.to }),
  });
  return `<p class="boot-period" id="${BOOT_PERIOD_ID}" aria-hidden="true">${escapeHtml(line)}</p>`;
}

/** How long the end of the page waits for the list; slower, the page ends without it and the SPA asks itself. */
const FIRST_LIST_WAIT_MS = 1_000;

/** What the page carries: the operation or route asked, its input, and the answer's data. */
export type FirstListBlock = ({ op: OpId } | { route: string }) & { input: object; data: unknown };

/**
 * The list for this address, when there is one and the person may read it: asked through the gateway's
 * own route with their cookie (same checks, same answer, same metrics as the SPA's request). Only for
 * the bare path: a filtered view is the SPA's to ask for.
 */
export function firstListFor(bffApp: Pick<Hono, 'request'>, waitMs = FIRST_LIST_WAIT_MS) {
  return (
    path: string,
    search: string,
    cookie: string,
    permissions: { ops: readonly string[]; features: readonly string[] },
  ): Promise<FirstListBlock | null> | null => {
    const first = FIRST_LISTS[path];
    if (!first || search) return null;
    if ('op' in first ? !permissions.ops.includes(first.op) : !permissions.features.includes(first.feature)) return null;
    const asked =
      'op' in first
        ? Promise.resolve(
            bffApp.request(`/op/${first.op}`, {
              method: 'POST',
              headers: { cookie, 'content-type': 'application/json' },
              body: JSON.stringify(first.input),
            }),
          )
            .then((r) => (r.ok ? (r.json() as Promise<{ code?: number; data?: unknown }>) : null))
            .then((env) => (env?.code === 1 ? { op: first.op, input: first.input, data: env.data } : null))
        : Promise.resolve(bffApp.request(`${first.route}?${new URLSearchParams(first.input)}`, { headers: { cookie } }))
            .then((r) => (r.ok ? (r.json() as Promise<unknown>) : null))
            .then((data) => (data ? { route: first.route, input: first.input, data } : null));
    const answer = asked.catch(() => null);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, waitMs, null)));
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  };
}

/** What ends the page once the list is in: what the HTML paints of it, and the list as a JSON data block for the SPA. */
export function firstListTail(block: FirstListBlock | null, path: string, look: PaintLook): string {
  if (!block) return '';
  const painted = FIRST_LISTS[path]?.paint?.(block.data, look) ?? '';
  const json = JSON.stringify(block).replace(/</g, '\\u003c');
  return `${painted}<script type="application/json" id="${FIRST_LIST_ID}">${json}</script>`;
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
  // A proxy in front (nginx) would hold the first part until the whole page is in: told not to.
  const headers = new Headers({
    'content-type': 'text/html; charset=UTF-8',
    'cache-control': 'no-store',
    vary: 'Accept-Encoding',
    'x-accel-buffering': 'no',
  });
  const gzip = (c.req.header('accept-encoding') ?? '').split(',').some((part) => {
    const [coding, ...params] = part.split(';').map((x) => x.trim().toLowerCase());
    return coding === 'gzip' && !params.some((p) => /^q=0(\.0*)?$/.test(p));
  });
  if (gzip) headers.set('content-encoding', 'gzip');
  const out = gzip ? createGzip() : new PassThrough();
  out.write(head);
  if (out instanceof Gzip) out.flush(zlib.Z_SYNC_FLUSH);
  void tail.catch(() => '').then((rest) => out.end(rest + end));
  return new Response(Readable.toWeb(out) as ReadableStream, { headers });
}
