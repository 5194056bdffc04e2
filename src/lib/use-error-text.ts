import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { OpError, type FailureKind } from './bff';
import { shownNow } from './clock';
import { formatMillis, formatSeconds } from './time';

/**
 * The name of a refused field in words: the last named segment of its path (`address.phone` → phone,
 * `spu.0.number` → number), from `app:fields`, or the page's own words for it (`labels`).
 */
function fieldName(t: TFunction, field: string | undefined, labels?: Record<string, string>): string {
  const last = field
    ?.split('.')
    .filter((p) => !/^\d+$/.test(p))
    .pop();
  const words = last ? (labels?.[last] ?? labels?.[field!] ?? t(`app:fields.${last}`, { defaultValue: '' })) : '';
  return words ? t('app:rules.quoted', { name: words }) : t('app:rules.someField');
}

/** A refused input in the person's language, from its field and rule (never the gateway's English). */
export function ruleText(
  t: TFunction,
  detail: { field?: string; rule?: string; limit?: number },
  labels?: Record<string, string>,
): string | undefined {
  const { rule } = detail;
  if (!rule) return undefined;
  const last = detail.field?.split('.').pop();
  const specific = `app:rules.${rule}_${last}`;
  const field = fieldName(t, detail.field, labels);
  const limit = rule === 'too_large' && detail.limit ? Math.round(detail.limit / 1024) : detail.limit;
  if (last && t(specific, { defaultValue: '' })) return t(specific, { field, limit });
  const text = t(`app:rules.${rule}`, { field, limit, defaultValue: '' });
  return text || t('app:rules.invalid', { field });
}

/** Failures that trying again can fix: the server or supplier away, slow or failing (5xx). */
const TRANSIENT = new Set<FailureKind>([
  'network',
  'timeout',
  'unreachable',
  'internal',
  'bad_status',
  'bad_response',
  'supplier_down',
  'not_done',
]);

/** "14:05" on the shown clock's day, else the date too ("2026/11/27 14:05"), in the person's language. */
function sinceText(since: number | undefined, lang: string): string {
  if (since === undefined) return '—';
  const at = formatMillis(since, lang);
  const sameDay =
    formatSeconds(Math.floor(since / 1000), lang, undefined, false) ===
    formatSeconds(Math.floor(shownNow() / 1000), lang, undefined, false);
  return sameDay ? (/\d{2}:\d{2}$/.exec(at)?.[0] ?? at) : at;
}

/** Whether a "retry" button can help: never for a refusal (400/403/404/409), an ended session or a limit. */
export function canRetry(error: unknown): boolean {
  if (!(error instanceof OpError)) return true;
  if (TRANSIENT.has(error.kind)) return true;
  const status = error.detail.httpStatus;
  return error.kind !== 'upstream' && status !== undefined && status >= 500;
}

/**
 * Any failure as a sentence in the person's language (texts live in the `app` namespace). `labels`
 * names the page's fields in its own words (`{ search_words: t('search') }`).
 */
export function errorText(t: TFunction, error: unknown, labels?: Record<string, string>, lang = 'zh-CN'): string {
  if (error instanceof OpError) {
    switch (error.kind) {
      case 'supplier_down':
        return t('app:errors.supplier_down', { time: sinceText(error.detail.since, lang) });
      case 'upstream':
        // The supplier's own sentence (Chinese, from the supplier); the gateway adds nothing English.
        return error.message ? t('app:errors.upstream', { msg: error.message }) : t('app:errors.upstreamNoMsg');
      case 'invalid_input':
        return ruleText(t, { field: error.field, rule: error.rule, limit: error.detail.limit }, labels) ?? t('app:errors.invalid_input');
      case 'bad_status':
        return error.detail.status ? t('app:errors.bad_status', { status: error.detail.status }) : t('app:errors.bad_status_plain');
      case 'rate_limited':
        return error.retryAfter
          ? t('app:errors.rate_limited_wait', { count: Math.ceil(error.retryAfter / 60) })
          : t('app:errors.rate_limited');
      default:
        return t(`app:errors.${error.kind}`, { defaultValue: t('app:common.unknownError') });
    }
  }
  return t('app:common.unknownError');
}

export function useErrorText(labels?: Record<string, string>) {
  const { t, i18n } = useTranslation('app');
  return (error: unknown) => errorText(t, error, labels, i18n.language);
}
