import { useMemo } from 'react';
import { formatPerZone } from '../../../shared/date-format';
import { getPublicConfig } from '../../lib/public-config';
import { formatAttemptDateAndTime } from './format';

const secondsFormat = formatPerZone((timeZone) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }));

export interface AttemptWhen {
  date: string;
  time: string;
}

/**
 * The date and time each attempt's link says it opens, in a list of attempts (`isos`, the list's
 * order): "21 Nov 2026" and "14:05" as the list shows them; "14:05:32" where another attempt of the
 * list has the same minute; then "#2", "#3" after a time that still repeats (the same second). Two
 * attempts saved in one minute otherwise gave two links one name, read twice alike in a screen
 * reader's list of links. The list on screen keeps its minutes.
 */
export function distinctAttemptTimes(isos: readonly string[], timeZone = getPublicConfig().schoolTimezone): AttemptWhen[] {
  const key = ({ date, time }: AttemptWhen) => `${date} ${time}`;
  const minutes = isos.map((iso) => formatAttemptDateAndTime(iso, timeZone));
  const perMinute = new Map<string, number>();
  for (const when of minutes) perMinute.set(key(when), (perMinute.get(key(when)) ?? 0) + 1);
  const seen = new Map<string, number>();
  return minutes.map((when, i) => {
    const precise = (perMinute.get(key(when)) ?? 0) > 1 ? { date: when.date, time: secondsFormat(timeZone).format(new Date(isos[i] ?? '')) } : when;
    const count = (seen.get(key(precise)) ?? 0) + 1;
    seen.set(key(precise), count);
    return count === 1 ? precise : { date: precise.date, time: `${precise.time} #${count}` };
  });
}

/** The teacher's lists: each attempt's time as its Review link says it, by id (distinctAttemptTimes over the page's rows). */
export function useSpokenTimes(attempts: readonly { id: string; createdAt: string }[] | undefined): ReadonlyMap<string, AttemptWhen> {
  return useMemo(() => {
    const list = attempts ?? [];
    const whens = distinctAttemptTimes(list.map((attempt) => attempt.createdAt));
    return new Map(list.flatMap((attempt, i) => (whens[i] ? [[attempt.id, whens[i]] as const] : [])));
  }, [attempts]);
}
