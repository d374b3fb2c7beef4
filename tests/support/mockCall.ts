/** Calls the handlers of a mock/ file as umi's mock server would, for the mock's own tests. */
import { answerOf, type Answer } from '../../mock/_call';
import type { Handler, MockRequest } from '../../mock/_http';

export type { Answer };

/** A caller of `routes`' handlers as `userName` (token `mock-<name>`; null: signed out). */
export function mockCaller<R extends Record<string, unknown>>(routes: R) {
  return (route: keyof R, userName: string | null, req: Partial<MockRequest> & { files?: unknown[] } = {}): Promise<Answer> =>
    answerOf(routes[route] as Handler, {
      headers: userName ? { authorization: `Bearer mock-${userName}` } : {},
      ...req,
    });
}
