import type { EnumModule, Lang } from '../../contract/enums';

/**
 * An option the upstream names in Chinese (after-sale service, reason, pick-up, package, return), in
 * the person's language (issue 49): in Chinese, the name as the upstream answered it (else the known
 * code's name); in English, the known code's English name, or the English name of a known Chinese
 * name; a name we do not know stays as it was answered; with neither, "unknown (code)".
 */
export function upstreamName(
  known: EnumModule<string>,
  code: string | number | null | undefined,
  answered: string | null | undefined,
  lang: Lang,
): string {
  const name = answered?.trim() || undefined;
  if (lang === 'zh-CN' && name) return name;
  if (code !== null && code !== undefined && code !== '' && known.has(String(code))) return known.label(String(code), lang);
  if (name) {
    const byName = known.values.find((v) => known.labels[v]?.['zh-CN'] === name);
    return byName === undefined ? name : known.label(byName, lang);
  }
  return code === null || code === undefined || code === '' ? '—' : known.label(String(code), lang);
}
