import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getOperation } from '../../contract';
import { formatIssues } from '../lib/issues';
import type { UpstreamTarget } from './config';
import { buildUpstreamRequest, callUpstream, gatewayFailure } from './upstream';

export interface GatewayDeps {
  upstream: UpstreamTarget;
  mode: 'sandbox' | 'upstream';
  log?: (line: string) => void;
}

/** The `/bff` API: the only door from the browser to the upstream. */
export function createBffApp(deps: GatewayDeps) {
  const app = new Hono();
  const log = deps.log ?? (() => {});

  app.get('/health', (c) => c.json({ ok: true }));
  app.get('/meta', (c) => c.json({ mode: deps.mode, upstream: deps.mode === 'sandbox' ? 'sandbox' : new URL(deps.upstream.baseUrl).host }));

  app.post(
    '/op/:id',
    bodyLimit({
      maxSize: 16 * 1024 * 1024,
      onError: (c) => c.json(gatewayFailure('invalid_input', 'The request is too large (16 MB at most).'), 413),
    }),
    async (c) => {
      const id = c.req.param('id');
      const op = getOperation(id);
      if (!op) return c.json(gatewayFailure('unknown_operation', `There is no operation "${id}".`), 404);

      let raw: unknown;
      const text = await c.req.text();
      try {
        raw = text.trim() === '' ? {} : JSON.parse(text);
      } catch {
        return c.json(gatewayFailure('invalid_input', 'The request body is not valid JSON.'), 400);
      }
      const parsed = op.input.safeParse(raw);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        const path = [...(first?.path ?? []), ...(first?.code === 'unrecognized_keys' ? first.keys.slice(0, 1) : [])];
        return c.json(
          gatewayFailure('invalid_input', `Invalid input: ${formatIssues(parsed.error)}`, {
            field: path.map(String).join('.') || undefined,
          }),
          400,
        );
      }
      const built = buildUpstreamRequest(op, parsed.data as Record<string, unknown>);
      const answer = await callUpstream(deps.upstream, built);
      const code = (answer.envelope as { code?: unknown }).code;
      log(`op ${id} ${built.method} ${built.path} -> ${answer.status} code=${String(code)} ${answer.ms}ms`);
      return c.json(answer.envelope, answer.status as 200);
    },
  );

  app.notFound((c) => c.json(gatewayFailure('unknown_operation', `There is no gateway route ${c.req.method} ${c.req.path}.`), 404));
  app.onError((err, c) => {
    console.error('[gateway] unexpected error', err);
    return c.json(gatewayFailure('internal', 'The gateway failed unexpectedly; the error is in its log.'), 500);
  });
  return app;
}
