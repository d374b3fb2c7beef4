import { useSyncExternalStore } from 'react';

/** localStorage keys of the signed-in user (specification §3). */
export const AUTHORITY_KEY = 'authority';
export const TOKEN_KEY = 'token';

/** The Authorization header of the signed-in session; undefined signed out. */
export function authorization(): string | undefined {
  const token = localStorage.getItem(TOKEN_KEY);
  return token ? `Bearer ${token}` : undefined;
}

/**
 * Reads the user's authority: from `str` when given, otherwise from localStorage `authority`. The entry is
 * JSON; a JSON string or a bare (non-JSON) word becomes a one-item list, a list passes through (its string
 * items only); anything empty, of another kind, or broken JSON (a truncated '["user"') gives no authority.
 */
export function getAuthority(str?: unknown): string[] {
  const raw = str === undefined ? readStorage(AUTHORITY_KEY) : str;
  if (raw === null || raw === undefined || raw === '') return [];
  if (Array.isArray(raw)) return raw.filter((item): item is string => typeof item === 'string' && item !== '');
  if (typeof raw !== 'string') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    const word = raw.trim();
    return word && !/^["[{]/.test(word) ? [word] : [];
  }
  if (typeof parsed === 'string') return parsed === '' ? [] : [parsed];
  if (Array.isArray(parsed)) return getAuthority(parsed);
  return [];
}

/** Saves the authority and re-evaluates every guard, without a page reload. */
export function setAuthority(authority: string | string[]): void {
  const list = typeof authority === 'string' ? [authority] : authority;
  localStorage.setItem(AUTHORITY_KEY, JSON.stringify(list));
  reloadAuthorized();
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be blocked (privacy mode, sandboxed frame): treat it as signed out.
    return null;
  }
}

/*
 * The current-authority store. It lives here rather than in utils/Authorized.ts so that the guards in
 * components/Authorized and utils/Authorized.ts (which re-exports it) import it without an import cycle.
 */
type Listener = () => void;

let current: string[] | undefined;
const listeners = new Set<Listener>();

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/** The authority guards check against. The same array is returned until it changes (a stable snapshot). */
export function getCurrentAuthority(): string[] {
  if (current === undefined) current = getAuthority();
  return current;
}

/** Re-reads the stored authority and notifies the subscribed guards when it changed. */
export function reloadAuthorized(): void {
  const next = getAuthority();
  if (current !== undefined && sameList(current, next)) return;
  current = next;
  listeners.forEach((listener) => listener());
}

/** Calls `listener` whenever the current authority changes; returns the unsubscribe function. */
export function subscribeAuthority(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current authority; the calling component re-renders when it changes. */
export function useCurrentAuthority(): string[] {
  return useSyncExternalStore(subscribeAuthority, getCurrentAuthority, getCurrentAuthority);
}

// Another tab signing in or out changes the same storage: follow it (`key` is null when storage was cleared).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === AUTHORITY_KEY) reloadAuthorized();
  });
}
