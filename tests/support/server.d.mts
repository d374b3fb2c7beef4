/** Types of server.mjs for the TypeScript tests that start servers of their own. */
export const projectRoot: string;
/** The arguments `npm start` gives node (its Node flags, then its script), from the checkout's or a release's package.json. */
export function startArguments(root?: string): string[];
export const DEMO_PASSWORD: string;
export interface LoginAnswer {
  token: string;
  currentAuthority: string[];
}
export function signInDemo(url: string, userName?: string): Promise<LoginAnswer>;
export function bearerHeaders(session: LoginAnswer): Record<string, string>;
export function freePort(): Promise<number>;
export interface Shipdesk {
  url: string;
  port: number;
  dataDir: string;
  outboxDir: string;
  logFile: string;
  pid: number;
  stop(): Promise<void>;
}
export function startShipdesk(options?: {
  logFile?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  dataDir?: string;
  port?: number;
  /** An unpacked release (npm run release) to run instead of the checkout. */
  root?: string;
}): Promise<Shipdesk>;
