/**
 * A page's reads, sent as the app navigates to it rather than once the page has mounted — 50–100 ms later on a list
 * page, whose table is built first. The reads a page made in the first moment of its last visit in this tab are
 * remembered by its path; the next navigation to that path fetches them at once (synchronously, before React draws
 * the page), and the page's own request to the same address takes the answer (request.ts). An answer nobody takes
 * within a few seconds is dropped, so a page never shows older data than a request of its own would.
 */
import { authorization } from './authority';

/** How long after a navigation a page's reads count as its own. */
const LEARN_MS = 1000;
/** At most this many reads a page, sent ahead. */
const MOST = 4;
/** An answer sent ahead is taken within this time, or dropped. */
const KEEP_MS = 5000;

const readsOf = new Map<string, string[]>();
type Ahead = { at: number; answer: Promise<Response> };
const sent = new Map<string, Ahead>();
let visit: { path: string; at: number; reads: string[] } | undefined;

/** One spelling of an address, whatever the order and encoding of its query. */
const addressKey = (url: string) => {
  const address = new URL(url, window.location.origin);
  address.searchParams.sort();
  return address.href;
};

/** Lets go of an answer nobody took: its unread body would keep the request open in the browser. */
function drop(key: string, ahead: Ahead): void {
  if (sent.get(key) !== ahead) return;
  sent.delete(key);
  ahead.answer.then(
    (response) => response.body?.cancel(),
    () => undefined,
  );
}

/** On a navigation to `path`: fetches the reads of its last visit, and starts remembering this visit's. */
export function navigatedTo(path: string): void {
  for (const [key, ahead] of sent) drop(key, ahead);
  const previous = readsOf.get(path);
  visit = { path, at: Date.now(), reads: [] };
  for (const url of previous ?? []) sendNow(url);
}

/**
 * Sends the read of `url` now, for the call about to ask for it (request.ts's `readNow`): a page drawing its table
 * asks for its rows in the middle of drawing, and the request leaves then, not once the page is drawn.
 */
export function sendNow(url: string): void {
  const key = addressKey(url);
  const signedIn = authorization();
  if (!signedIn || sent.has(key)) return;
  const headers = { Accept: 'application/json', Authorization: signedIn };
  const ahead = { at: Date.now(), answer: fetch(url, { credentials: 'include', headers }) };
  sent.set(key, ahead);
  window.setTimeout(() => drop(key, ahead), KEEP_MS);
}

/** A read the app is about to send: remembered for its page, and answered from one sent ahead when there is one. */
export function takeSentAhead(url: string): Promise<Response> | undefined {
  if (visit && Date.now() - visit.at < LEARN_MS && visit.reads.length < MOST && !visit.reads.includes(url)) {
    visit.reads.push(url);
    readsOf.set(visit.path, visit.reads);
  }
  const key = addressKey(url);
  const ahead = sent.get(key);
  if (ahead && Date.now() - ahead.at < KEEP_MS) {
    sent.delete(key);
    return ahead.answer;
  }
  if (ahead) drop(key, ahead);
  return undefined;
}
