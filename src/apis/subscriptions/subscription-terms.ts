import { DateTime } from 'luxon';
import { ValidationError } from '../../platform/errors/domain-errors.js';
import { EPOCH_MS_MAX } from '../../platform/resource/declare.js';
import type { Term } from './subscription.schema.js';

const UNIT: Record<Term['unit'], 'days' | 'weeks' | 'months' | 'years'> = {
  DAY: 'days',
  WEEK: 'weeks',
  MONTH: 'months',
  YEAR: 'years',
};

/**
 * `from` plus `count` terms, in calendar terms and in UTC: a month after 31 January is the last day of February
 * (28 or 29), a year after 29 February is 28 February. Each step counts from `from`, not from the previous step, so
 * month ends do not drift (31 Jan + 2 months = 31 Mar, not 28 Mar).
 */
export function addTerms(from: number, term: Term, count = 1): number {
  const value = Number(term.value) * count;
  const end = DateTime.fromMillis(from, { zone: 'utc' })
    .plus({ [UNIT[term.unit]]: value })
    .toMillis();
  // A 9999-year term is admitted by the schema; its dates could be stored but never shown as date-times.
  if (end > EPOCH_MS_MAX) throw new ValidationError(`model.term ${term.value} ${term.unit} ends after the year 9999`);
  return end;
}

/** Whole days from `from` until `to` (0 once passed). */
export function daysUntil(from: number, to: number): number {
  return Math.max(
    0,
    Math.floor(DateTime.fromMillis(to, { zone: 'utc' }).diff(DateTime.fromMillis(from, { zone: 'utc' }), 'days').days),
  );
}
