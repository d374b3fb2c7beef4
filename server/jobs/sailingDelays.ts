/**
 * 船期延误: a planned departure more than a day past with no actual one is a to-do (server/domain/tnt/delays.ts).
 * A late arrival is said when its estimate arrives; this job finds what no event announces.
 */
import type { Db } from '../db/open';
import { followDelays, plansWithOverdueDeparture } from '../domain/tnt/delays';
import type { Job } from './schedule';

export const sailingDelays: Job = {
  name: 'sailingDelays',
  everySeconds: 300,
  async run(tx: Db, now: Date) {
    await followDelays(tx, await plansWithOverdueDeparture(tx, now), now);
  },
};
