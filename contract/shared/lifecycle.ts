/**
 * A resource's lifecycle: which state may follow which, and the 409s that name the current state — for a move
 * the lifecycle does not have, and for a change to a row whose state no longer takes one. zod-free.
 */
import { RuleError } from './ruleError';

export function lifecycle<S extends string>(noun: string, labels: Record<S, string>, moves: Record<S, readonly S[]>) {
  const current = (key: string, status: S) => `${noun} ${key} 当前为「${labels[status]}」`;
  return {
    /** The states a row may move to from `status` (a page's buttons). */
    movesFrom: (status: S): readonly S[] => moves[status],
    /** 409 ILLEGAL_TRANSITION when `from` cannot move to `to`. */
    assertMove(key: string, from: S, to: S): void {
      if (!moves[from].includes(to)) {
        throw new RuleError(409, 'ILLEGAL_TRANSITION', `${current(key, from)}，不能改为「${labels[to]}」`);
      }
    },
    /** 409 ILLEGAL_TRANSITION when a row in `status` may no longer have its `what` (资料, 单证) changed. */
    assertChangeable(key: string, status: S, changeable: readonly S[], what: string): void {
      if (!changeable.includes(status))
        throw new RuleError(409, 'ILLEGAL_TRANSITION', `${current(key, status)}，${what}不能再改`);
    },
  };
}
