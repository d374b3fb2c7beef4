/** A mock handler called in-process, as umi's mock server would call it: the demo seed's calls and the mock's tests. */
import type { Handler, MockRequest } from './_http';

export interface Answer {
  status: number;
  body: any;
  headers: Record<string, string>;
}

/** The answer of `handler` to `req` (headers, query, params and body default to empty). */
export function answerOf(handler: Handler, req: Partial<MockRequest> & Record<string, unknown>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const answer: Answer = { status: 200, body: undefined, headers: {} };
    const done = (body?: unknown) => {
      answer.body = body;
      resolve(answer);
    };
    const res = {
      status(code: number) {
        answer.status = code;
        return res;
      },
      json: done,
      send: done,
      setHeader(name: string, value: string) {
        answer.headers[name.toLowerCase()] = value;
      },
    };
    try {
      const returned = handler({ headers: {}, query: {}, params: {}, body: undefined, ...req } as MockRequest, res) as unknown;
      if (returned instanceof Promise) returned.catch(reject);
    } catch (error) {
      reject(error);
    }
  });
}
