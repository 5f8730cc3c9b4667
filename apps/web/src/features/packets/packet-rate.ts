import type { TPacketStats } from '@netguard/contracts';

/** A capture file's rate: its packets over its duration (a single instant counts as one second). */
export function averageRate(stats: Pick<TPacketStats, 'packets' | 'first_time' | 'last_time'>) {
  if (stats.packets === 0 || stats.first_time === null || stats.last_time === null) return 0;
  return stats.packets / Math.max(1, stats.last_time - stats.first_time);
}

/** A chart point: the start second of its bucket and the average packets per second in it. */
export type TRatePoint = { second: number; rate: number };

/**
 * The per-second series cut to at most `maxPoints` bars, each the average rate of its bucket, so a
 * day-long capture draws as quickly as a minute; the bucket width in seconds is returned too.
 */
export function rateSeries(perSecond: TPacketStats['per_second'], maxPoints = 120) {
  const last = perSecond.at(-1)?.second ?? -1;
  const width = Math.max(1, Math.ceil((last + 1) / maxPoints));
  const buckets = new Map<number, number>();
  for (const point of perSecond) {
    const start = Math.floor(point.second / width) * width;
    buckets.set(start, (buckets.get(start) ?? 0) + point.packets);
  }
  const points: TRatePoint[] = [];
  for (let start = 0; start <= last; start += width) {
    points.push({
      second: start,
      rate: (buckets.get(start) ?? 0) / Math.min(width, last + 1 - start),
    });
  }
  return { points, width };
}
