/**
 * The mock's one store. umi loads each mock file with `delete require.cache[file]; require(file)` (and again on
 * every change), so a table kept in a module's own variable would exist once per importer. Every table lives here
 * instead, on `globalThis`, made once by its name: all mock files read and write the same rows, and a hot reload
 * keeps them. The handlers of every mock file are registered here too, so that the demo seed (mock/_seed.ts) can
 * play its steps through them.
 */
import type { Handler } from './_http';

interface Store {
  values: Map<string, unknown>;
  routes: Map<string, Handler>;
}

const STORE = Symbol.for('shipdesk.mock.store');
const holder = globalThis as typeof globalThis & { [STORE]?: Store };
const store = (holder[STORE] ??= { values: new Map(), routes: new Map() });

/** The store's value of `name`, made by `create` the first time it is asked for. */
export function shared<T>(name: string, create: () => T): T {
  if (!store.values.has(name)) store.values.set(name, create());
  return store.values.get(name) as T;
}

/** Registers a mock file's handlers (`'GET /v1/x/:key'` → handler); a reloaded file's replace its old ones. */
export function registerRoutes(routes: Record<string, Handler>) {
  for (const [key, handler] of Object.entries(routes)) store.routes.set(key, handler);
}

/** The registered handler of `'METHOD /path'`, if a loaded mock file has it. */
export const routeHandler = (key: string): Handler | undefined => store.routes.get(key);

/** Forgets every table and handler (a test's fresh start). */
export function resetStore() {
  store.values.clear();
  store.routes.clear();
}

/** A mock answer that does not match its endpoint's response schema. */
export interface SchemaViolation {
  route: string;
  status: number;
  message: string;
}

const violations = (): SchemaViolation[] => shared('schemaViolations', () => []);

/** Keeps a violation for the tests (mockViolations) and says it in the dev terminal. */
export function reportViolation(violation: SchemaViolation) {
  violations().push(violation);
  console.error(`[mock] ${violation.route} answered ${violation.status} off its schema: ${violation.message}`);
}

/** The schema violations of the mock's answers so far. */
export const mockViolations = (): readonly SchemaViolation[] => violations();

/** The routes that have answered a success, checked against their schema (a file's answer has none to check). */
export const answeredRoutes = (): Set<string> => shared('answeredRoutes', () => new Set<string>());

/**
 * Registers the demo scenario (mock/_seed.ts): `play` answers its run, or undefined when it cannot be played (a
 * handler it needs is not loaded).
 */
export function setDemoPlayer(play: () => Promise<void> | undefined) {
  store.values.set('demoPlayer', play);
}

/**
 * The demo scenario's run while it is under way (the first call starts it): requests wait for it, so a page never
 * sees half of it. Undefined once it has run, or when there is none to play.
 */
export function demoPlayed(): Promise<void> | undefined {
  const state = shared('demoRun', () => ({ run: undefined as Promise<void> | undefined, done: false }));
  if (state.done) return undefined;
  if (!state.run) {
    const play = store.values.get('demoPlayer') as (() => Promise<void> | undefined) | undefined;
    const run = play?.();
    if (!run) {
      state.done = true;
      return undefined;
    }
    state.run = run
      .catch((error: unknown) => console.error('[mock] the demo scenario failed:', error))
      .finally(() => {
        state.done = true;
      });
  }
  return state.run;
}
