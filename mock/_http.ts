/** The request, the answer and the handler of umi's mock server (Express's shapes, as far as the mock uses them). */
export interface MockRequest {
  headers: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  params: Record<string, string>;
  body: any;
}
export interface MockResponse {
  status: (code: number) => MockResponse;
  json: (body: unknown) => void;
  send: (body?: unknown) => void;
}
export type Handler = (req: MockRequest, res: MockResponse) => void;
