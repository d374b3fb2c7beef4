/** When a call that failed is made again: after a backoff, until a deadline (a webhook's: a day after its event). */

/** Seconds to wait after the `attempt`-th failed try: 30 s doubling, at most an hour (30 s, 1 min, 2 min … 1 h). */
export const retryDelaySeconds = (attempt: number) => Math.min(30 * 2 ** Math.max(0, attempt - 1), 3600);

/** The next try after the `tries`-th failed at `now`, and whether it would come after the deadline (give up). */
export function nextTry(tries: number, now: Date, deadline: number): { at: Date; givenUp: boolean } {
  const at = new Date(now.getTime() + retryDelaySeconds(tries) * 1000);
  return { at, givenUp: at.getTime() > deadline };
}
