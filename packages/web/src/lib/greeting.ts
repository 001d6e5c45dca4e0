import type { TranslationKey } from '../i18n/t.ts';

export type GreetingPeriod = 'night' | 'morning' | 'afternoon' | 'evening';

/** Greeting periods (doc 3 §1): before 5 late night, before 12 morning, before 17 afternoon. */
export function greetingPeriod(date: Date): GreetingPeriod {
  const hour = date.getHours();
  if (hour < 5) return 'night';
  if (hour < 12) return 'morning';
  if (hour < 17) return 'afternoon';
  return 'evening';
}

/** The dictionary key for the landing greeting, with the weekend morning variant. */
export function greetingKey(date: Date, hasName: boolean): TranslationKey {
  const period = greetingPeriod(date);
  const day = date.getDay();
  const weekend = day === 0 || day === 6;
  const base =
    period === 'morning' && weekend ? 'com_landing_weekend_morning' : (`com_landing_${period}` as const);
  return (hasName ? base : `${base}_anon`) as TranslationKey;
}
