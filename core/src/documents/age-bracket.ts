import { AGE_GATES } from '@idgate/protos';
import { ageOn, dateTurning, startOfUtcDay, type CalendarDate } from '../sessions/age.ts';

/** The brackets a service ID may hold (spec §1: the thresholds of the on-device classifiers). */
export const AGE_BRACKETS = AGE_GATES;
export type AgeBracket = (typeof AGE_BRACKETS)[number];

export interface BracketState {
  /** The highest bracket met; null below 12. */
  bracket: AgeBracket | null;
  /** Midnight UTC of the day the next bracket is met; null once 25 is. */
  nextChangeAt: Date | null;
}

/**
 * What a service ID keeps of a birth date (spec §1 privacy rules): the highest bracket met on
 * `on` and when it next changes. The birth date itself is dropped by the caller.
 */
export function bracketOn(birth: CalendarDate, on: CalendarDate): BracketState {
  const age = ageOn(birth, on);
  const met = AGE_BRACKETS.filter((b) => b <= age);
  const next = AGE_BRACKETS.find((b) => b > age);
  return {
    bracket: met.length ? met[met.length - 1] : null,
    nextChangeAt: next === undefined ? null : startOfUtcDay(dateTurning(birth, next)),
  };
}
