import type { TFunction } from 'i18next';

/**
 * How long a case has been one, in words: hours under a day, days and hours under three days, then
 * days ("5 hours", "1 day 5 hours", "4 days"; "5 小时", "1 天 5 小时", "4 天"). `t`: the exceptions namespace.
 */
export function ageWords(t: TFunction, hours: number): string {
  if (hours < 1) return t('age.underHour');
  if (hours < 24) return t('age.hours', { count: hours });
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  if (days >= 3 || rest === 0) return t('age.days', { count: days });
  return t('age.daysHours', { days: t('age.days', { count: days }), hours: t('age.hours', { count: rest }) });
}
