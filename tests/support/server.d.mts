/** Types of server.mjs for the TypeScript tests that start servers of their own. */
export const projectRoot: string;
/** The arguments `npm start` gives node (its Node flags, then `server/launch.mjs start`), from package.json. */
export function startArguments(): string[];
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
}): Promise<Shipdesk>;
