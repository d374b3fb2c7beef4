import routes from '../../config/routes';
import {
  BoundedCache,
  CACHE_LIMIT,
  cancelDebounce,
  CHUNK_LOAD_TIMEOUT,
  formatMinute,
  debounce,
  DEBOUNCE_WAIT,
  getAuthorityFromRouter,
  getPageQuery,
  getRouteRegexp,
  getSafeRedirect,
  isUrl,
  LOADING_DELAY,
  matchRoutes,
  MESSAGE_DURATION,
  NOTIFICATION,
  reorder,
} from './utils';

const goTo = (address: string) => window.history.pushState({}, '', address);

afterEach(() => goTo('/'));

test('constants of the specification §9', () => {
  expect(LOADING_DELAY).toBe(200);
  expect(DEBOUNCE_WAIT).toBe(300);
  expect(CACHE_LIMIT).toBe(10000);
  expect(MESSAGE_DURATION).toBe(3);
  expect(NOTIFICATION).toEqual({ duration: 4.5, placement: 'topRight', top: 24 });
  expect(CHUNK_LOAD_TIMEOUT).toBe(120000);
});

describe('getPageQuery', () => {
  test('reads the query of the current address, decoded', () => {
    goTo('/user/login?redirect=http%3A%2F%2Flocalhost%2Fosb%3Fa%3D1&tab=mobile#top');
    expect(getPageQuery()).toEqual({ redirect: 'http://localhost/osb?a=1', tab: 'mobile' });
  });

  test('reads a query inside a hash route', () => {
    goTo('/#/user/login?redirect=%2Fshipment');
    expect(getPageQuery()).toEqual({ redirect: '/shipment' });
  });

  test('is empty without a query', () => {
    goTo('/shipment');
    expect(getPageQuery()).toEqual({});
  });
});

describe('isUrl', () => {
  test.each(['https://example.com', 'http://localhost:8000/user/login?redirect=%2F', 'http://a.b.cn/x#y'])(
    '%s is a URL',
    (value) => expect(isUrl(value)).toBe(true),
  );
  test.each(['/shipment', 'shipment/packing', 'javascript:alert(1)', ''])('%s is not a URL', (value) =>
    expect(isUrl(value)).toBe(false),
  );
});

describe('keyed debounce', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('runs after 300 ms by default; a new call with the same key replaces the pending one', () => {
    const first = jest.fn();
    const second = jest.fn();
    debounce('search', first);
    jest.advanceTimersByTime(299);
    debounce('search', second);
    jest.advanceTimersByTime(299);
    expect(first).not.toHaveBeenCalled();
    expect(second).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
  });

  test('different keys do not affect each other', () => {
    const a = jest.fn();
    const b = jest.fn();
    debounce('a', a);
    debounce('b', b, 100);
    jest.advanceTimersByTime(100);
    expect(b).toHaveBeenCalledTimes(1);
    expect(a).not.toHaveBeenCalled();
    jest.advanceTimersByTime(200);
    expect(a).toHaveBeenCalledTimes(1);
  });

  test('cancelDebounce drops the pending call', () => {
    const fn = jest.fn();
    debounce('save', fn, 50);
    cancelDebounce('save');
    cancelDebounce('never-set');
    jest.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });

  test('a key can be used again after it ran', () => {
    const fn = jest.fn();
    debounce('k', fn);
    jest.advanceTimersByTime(300);
    debounce('k', fn);
    jest.advanceTimersByTime(300);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

describe('reorder', () => {
  const list = [{ key: 'a' }, { key: 'b' }, { key: 'c' }, { key: 'd' }];

  test('moves an item and numbers every item by position, in a new list', () => {
    const result = reorder(list, 0, 2);
    expect(result).toEqual([
      { key: 'b', index: 0 },
      { key: 'c', index: 1 },
      { key: 'a', index: 2 },
      { key: 'd', index: 3 },
    ]);
    expect(list).toEqual([{ key: 'a' }, { key: 'b' }, { key: 'c' }, { key: 'd' }]);
    expect(result[0]).not.toBe(list[1]);
  });

  test('moves towards the start and replaces stale indexes', () => {
    expect(
      reorder(
        [
          { key: 'a', index: 9 },
          { key: 'b', index: 8 },
        ],
        1,
        0,
      ),
    ).toEqual([
      { key: 'b', index: 0 },
      { key: 'a', index: 1 },
    ]);
  });
});

describe('BoundedCache', () => {
  test('holds at most 10 000 entries; the oldest goes first', () => {
    const cache = new BoundedCache<number, string>();
    for (let i = 0; i <= CACHE_LIMIT; i += 1) cache.set(i, `v${i}`);
    expect(cache.size).toBe(10000);
    expect(cache.has(0)).toBe(false);
    expect(cache.get(1)).toBe('v1');
    expect(cache.get(CACHE_LIMIT)).toBe(`v${CACHE_LIMIT}`);
  });

  test('a read keeps an entry from being the oldest', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1).set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.has('a')).toBe(true);
    expect(cache.has('b')).toBe(false);
    expect(cache.size).toBe(2);
  });

  test('overwriting does not grow it; delete and clear', () => {
    const cache = new BoundedCache<string, number>(3);
    cache.set('a', 1).set('a', 2);
    expect(cache.size).toBe(1);
    expect(cache.get('a')).toBe(2);
    expect(cache.delete('a')).toBe(true);
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', 1);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});

describe('getRouteRegexp', () => {
  test('matches parameters and an optional trailing slash', () => {
    const regexp = getRouteRegexp('/shipment/packing/:id');
    expect(regexp.test('/shipment/packing/PK-001')).toBe(true);
    expect(regexp.test('/shipment/packing/PK-001/')).toBe(true);
    expect(regexp.test('/shipment/packing')).toBe(false);
    expect(regexp.test('/shipment/packing/a/b')).toBe(false);
  });

  test('a route path with a trailing slash matches with and without it', () => {
    expect(getRouteRegexp('/shipment/multi/').test('/shipment/multi')).toBe(true);
    expect(getRouteRegexp('/shipment/multi/').test('/shipment/multi/')).toBe(true);
  });

  test('prefix matching stops at segment boundaries', () => {
    const regexp = getRouteRegexp('/osb', false);
    expect(regexp.test('/osb/plan')).toBe(true);
    expect(regexp.test('/osbx')).toBe(false);
  });

  test("'/*' and '*' match everything", () => {
    expect(getRouteRegexp('/*').test('/no/such/page')).toBe(true);
    expect(getRouteRegexp('*').test('/x')).toBe(true);
  });

  test('is cached', () => {
    expect(getRouteRegexp('/osb/plan/:id')).toBe(getRouteRegexp('/osb/plan/:id'));
    expect(getRouteRegexp('/osb/plan/:id', false)).not.toBe(getRouteRegexp('/osb/plan/:id'));
  });
});

describe('getAuthorityFromRouter on config/routes.ts', () => {
  test.each<[string, string[] | undefined]>([
    ['/shipment', ['user', 'documentClerk', 'inspector']],
    ['/shipment/packing', ['user']],
    ['/shipment/packing/PK-7', ['user']],
    ['/shipment/multi', ['user']],
    ['/shipment/multi/', ['user']],
    ['/shipment/multi/container', ['user']],
    ['/shipment/multi/bol', ['user', 'documentClerk', 'inspector']],
    ['/shipment/single', ['user', 'documentClerk']],
    ['/shipment/single/handover', ['user', 'documentClerk', 'inspector']],
    ['/shipment/inspection', ['inspector', 'user']],
    ['/shipment/shippingBulk', ['documentClerk']],
    ['/osb/plan', ['user']],
    ['/osb/plan/42', ['user']],
    ['/osb/order/SO-1', ['documentClerk']],
    ['/osb/settings', ['documentClerk']],
    ['/account/booking', ['user']],
    ['/tools/colorStickers', ['user', 'documentClerk', 'inspector']],
    ['/admin', ['admin']],
    ['/admin/accounts', ['admin']],
  ])('%s demands %j', (pathname, authority) => {
    expect(getAuthorityFromRouter(routes, pathname)).toEqual(authority);
  });

  test('a child without authority inherits its parent’s', () => {
    expect(getAuthorityFromRouter(routes, '/shipment/multi/bol/BL-1')).toEqual(['user', 'documentClerk', 'inspector']);
    expect(getAuthorityFromRouter(routes, '/osb/calendar')).toEqual(['user', 'documentClerk']);
  });

  test.each(['/', '/account/settings', '/user/login', '/maintain', '/no/such/page'])('%s demands nothing', (pathname) =>
    expect(getAuthorityFromRouter(routes, pathname)).toBeUndefined(),
  );

  test('matchRoutes gives the chain down to the deepest route, ending at the catch-all for unknown paths', () => {
    const chain = matchRoutes(routes, '/osb/order/SO-1');
    expect(chain.map((route) => route.path)).toEqual(['/', '/', '/osb', '/osb/order/:id']);
    expect(matchRoutes(routes, '/nowhere').at(-1)?.path).toBe('/*');
  });

  test('umi-style relative children and a string authority', () => {
    const table = [{ path: '/a', authority: 'user', children: [{ path: 'b' }, { path: 'c', authority: ['x'] }] }];
    expect(getAuthorityFromRouter(table, '/a/b')).toEqual(['user']);
    expect(getAuthorityFromRouter(table, '/a/c')).toEqual(['x']);
    expect(getAuthorityFromRouter(table, '/z')).toBeUndefined();
  });
});

describe('getSafeRedirect (origin http://localhost)', () => {
  const origin = 'http://localhost';

  test.each<[string, string]>([
    ['http://localhost/osb/plan?current=2#x', '/osb/plan?current=2#x'],
    ['/shipment/packing/PK-1?tab=2', '/shipment/packing/PK-1?tab=2'],
    ['#/shipment', '/shipment'],
    ['http://localhost/#/osb/calendar', '/osb/calendar'],
    ['/#/osb/calendar?week=3', '/osb/calendar?week=3'],
    ['  /shipment  ', '/shipment'],
    ['HTTP://LOCALHOST/shipment', '/shipment'],
  ])('follows the same origin: %s → %s', (redirect, expected) => {
    expect(getSafeRedirect(redirect, origin)).toBe(expected);
  });

  test.each([
    'https://evil.example/shipment',
    'https://localhost/shipment',
    'http://localhost:8000/shipment',
    'http://localhost.evil.example/',
    '//evil.example/shipment',
    '///evil.example',
    '#//evil.example',
    '/#//evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    '/\\evil.example',
    '\\\\evil.example',
    'http:\\\\evil.example',
    'data:text/html,<script>alert(1)</script>',
    'shipment',
    '?redirect=x',
    '',
  ])('refuses %j → /', (redirect) => {
    expect(getSafeRedirect(redirect, origin)).toBe('/');
  });

  test('nothing → /', () => {
    expect(getSafeRedirect(null, origin)).toBe('/');
    expect(getSafeRedirect(undefined, origin)).toBe('/');
  });

  test("defaults to the page's own origin", () => {
    expect(getSafeRedirect(`${window.location.origin}/osb`)).toBe('/osb');
    expect(getSafeRedirect('https://evil.example/osb')).toBe('/');
  });
});

describe('formatMinute', () => {
  it('writes an ISO time to the minute in China time, whatever the browser’s zone', () => {
    expect(formatMinute('2026-11-24T11:30:45.000Z')).toBe('2026-11-24 19:30');
    expect(formatMinute('2026-11-28T16:00:00.000Z')).toBe('2026-11-29 00:00');
  });
});
