/** Calls the handlers of a mock/ file as umi's mock server would, for the mock's own tests. */
import type { MockRequest } from '../../mock/_demo';

interface FakeResponse {
  status: (code: number) => FakeResponse;
  json: (body: unknown) => void;
  send: (body?: unknown) => void;
  setHeader: (name: string, value: string) => void;
}

export interface Answer {
  status: number;
  body: any;
  headers: Record<string, string>;
}

/** A caller of `routes`' handlers as `userName` (token `mock-<name>`; null: signed out). */
export function mockCaller<R extends Record<string, unknown>>(routes: R) {
  return (route: keyof R, userName: string | null, req: Partial<MockRequest> & { files?: unknown[] } = {}): Promise<Answer> =>
    new Promise((resolve) => {
      const answer: Answer = { status: 200, body: undefined, headers: {} };
      const res: FakeResponse = {
        status(code: number) {
          answer.status = code;
          return res;
        },
        json(body: unknown) {
          answer.body = body;
          resolve(answer);
        },
        send(body?: unknown) {
          answer.body = body;
          resolve(answer);
        },
        setHeader(name: string, value: string) {
          answer.headers[name.toLowerCase()] = value;
        },
      };
      const handler = routes[route] as (req: MockRequest, response: FakeResponse) => void;
      handler(
        {
          headers: userName ? { authorization: `Bearer mock-${userName}` } : {},
          query: {},
          params: {},
          body: undefined,
          ...req,
        } as MockRequest,
        res,
      );
    });
}
