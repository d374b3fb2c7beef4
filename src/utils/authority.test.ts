import {
  AUTHORITY_KEY,
  getAuthority,
  getCurrentAuthority,
  reloadAuthorized,
  setAuthority,
  subscribeAuthority,
} from './authority';
import * as AuthorizedModule from './Authorized';

beforeEach(() => {
  localStorage.clear();
  reloadAuthorized();
});

describe('getAuthority reads localStorage `authority`', () => {
  test.each([
    ['a JSON list', '["user","inspector"]', ['user', 'inspector']],
    ['a JSON string', '"documentClerk"', ['documentClerk']],
    ['a bare string', 'inspector', ['inspector']],
    ['a bare string with spaces around it', ' user ', ['user']],
    ['broken JSON (a truncated list)', '["user"', []],
    ['broken JSON (a truncated string)', '"user', []],
    ['a JSON object', '{"role":"user"}', []],
    ['a JSON number', '42', []],
    ['JSON null', 'null', []],
    ['an empty JSON string', '""', []],
    ['an empty entry', '', []],
    ['only spaces', '   ', []],
  ])('%s', (_, stored, expected) => {
    localStorage.setItem(AUTHORITY_KEY, stored);
    expect(getAuthority()).toEqual(expected);
  });

  test('a missing entry gives no authority', () => {
    expect(getAuthority()).toEqual([]);
  });

  test('a given value is parsed instead of the storage', () => {
    localStorage.setItem(AUTHORITY_KEY, '["user"]');
    expect(getAuthority('["inspector"]')).toEqual(['inspector']);
    expect(getAuthority('documentClerk')).toEqual(['documentClerk']);
    expect(getAuthority(['user', 'inspector'])).toEqual(['user', 'inspector']);
    expect(getAuthority(null)).toEqual([]);
    expect(getAuthority(7)).toEqual([]);
    expect(getAuthority(['user', 3, ''])).toEqual(['user']);
  });
});

describe('setAuthority', () => {
  test('stores JSON for a string and for a list', () => {
    setAuthority('user');
    expect(localStorage.getItem(AUTHORITY_KEY)).toBe('["user"]');
    setAuthority(['documentClerk', 'inspector']);
    expect(localStorage.getItem(AUTHORITY_KEY)).toBe('["documentClerk","inspector"]');
  });

  test('updates the current authority and notifies subscribers once per change', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeAuthority(listener);
    expect(getCurrentAuthority()).toEqual([]);

    setAuthority(['inspector']);
    expect(getCurrentAuthority()).toEqual(['inspector']);
    expect(listener).toHaveBeenCalledTimes(1);

    setAuthority('inspector');
    expect(listener).toHaveBeenCalledTimes(1);

    unsubscribe();
    setAuthority('user');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getCurrentAuthority()).toEqual(['user']);
  });
});

describe('the current-authority store', () => {
  test('returns the same array until the authority changes (a stable snapshot)', () => {
    setAuthority('user');
    const first = getCurrentAuthority();
    reloadAuthorized();
    expect(getCurrentAuthority()).toBe(first);
    setAuthority('inspector');
    expect(getCurrentAuthority()).not.toBe(first);
  });

  test('reloadAuthorized picks up a direct storage change', () => {
    setAuthority('user');
    localStorage.setItem(AUTHORITY_KEY, '"documentClerk"');
    expect(getCurrentAuthority()).toEqual(['user']);
    reloadAuthorized();
    expect(getCurrentAuthority()).toEqual(['documentClerk']);
  });

  test('follows another tab through the storage event', () => {
    setAuthority('user');
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(getCurrentAuthority()).toEqual([]);
  });

  test('utils/Authorized exposes the same store', () => {
    setAuthority('inspector');
    expect(AuthorizedModule.getCurrentAuthority()).toEqual(['inspector']);
    expect(AuthorizedModule.reloadAuthorized).toBe(reloadAuthorized);
    expect(AuthorizedModule.subscribeAuthority).toBe(subscribeAuthority);
  });
});
