import { act, render, screen } from '@testing-library/react';
import { createMemoryHistory } from 'history';
import React, { lazy, Suspense, useLayoutEffect, useState } from 'react';
import type { History } from 'umi';
import { HOLD_MS, holdUntilCodeLoaded, startRouteCode } from './routeCode';

jest.mock('umi', () => ({ matchRoutes: jest.requireActual('react-router-dom').matchRoutes }));

/** A page whose code arrives when the test says so, as a route umi builds (React.lazy over an import). */
function lazyPage(text: string) {
  let arrive: () => void = () => undefined;
  let fail: () => void = () => undefined;
  const code = new Promise<{ default: React.ComponentType }>((resolve, reject) => {
    arrive = () => resolve({ default: () => <p>{text}</p> });
    fail = () => reject(new Error('Loading chunk failed.'));
  });
  return { component: lazy(() => code), arrive, fail };
}

const clientRoutes = [
  {
    id: 'layout',
    path: '/',
    children: [
      { id: 'a', path: '/a' },
      { id: 'b', path: '/b' },
    ],
  },
];

describe('startRouteCode', () => {
  test('answers a promise while a page of the path is loading, nothing once it is in', async () => {
    const a = lazyPage('A');
    const components = { layout: undefined, a: a.component };
    const loading = startRouteCode(clientRoutes, components, '/a');
    expect(loading).toBeInstanceOf(Promise);
    a.arrive();
    await loading;
    expect(startRouteCode(clientRoutes, components, '/a')).toBeUndefined();
    expect(startRouteCode(clientRoutes, components, '/nowhere')).toBeUndefined();
  });

  test('a failed load settles too: the visit shows the error', async () => {
    const b = lazyPage('B');
    const loading = startRouteCode(clientRoutes, { b: b.component }, '/b');
    b.fail();
    await expect(loading).resolves.toBeUndefined();
  });
});

describe('holdUntilCodeLoaded', () => {
  const setUp = (codeOf: (path: string) => Promise<void> | undefined) => {
    const history = createMemoryHistory({ initialEntries: ['/'] }) as unknown as History;
    const held = holdUntilCodeLoaded(history, codeOf);
    const seen: string[] = [];
    const stop = held.listen(({ location }) => seen.push(location.pathname));
    return { history, held, seen, stop };
  };

  test('a page whose code is in is reached at once', () => {
    const { held, seen } = setUp(() => undefined);
    held.push('/a');
    expect(seen).toEqual(['/a']);
  });

  test('a page is reached when its code is in; its address moves at once', async () => {
    let arrive: () => void = () => undefined;
    const { held, history, seen } = setUp(() => new Promise<void>((resolve) => (arrive = resolve)));
    held.push('/a');
    expect(held.location.pathname).toBe('/a');
    expect(history.location.pathname).toBe('/a');
    expect(seen).toEqual([]);
    await act(async () => arrive());
    expect(seen).toEqual(['/a']);
  });

  test('of changes made while code loads, only the latest is delivered', async () => {
    const arrivals: Record<string, () => void> = {};
    const { held, seen } = setUp((path) => new Promise<void>((resolve) => (arrivals[path] = resolve)));
    held.push('/a');
    held.push('/b');
    await act(async () => arrivals['/b']());
    await act(async () => arrivals['/a']());
    expect(seen).toEqual(['/b']);
  });

  test('slow code: the page (and its loading fallback) comes after HOLD_MS, once', async () => {
    jest.useFakeTimers();
    let arrive: () => void = () => undefined;
    const { held, seen } = setUp(() => new Promise<void>((resolve) => (arrive = resolve)));
    held.push('/a');
    act(() => jest.advanceTimersByTime(HOLD_MS - 1));
    expect(seen).toEqual([]);
    act(() => jest.advanceTimersByTime(1));
    expect(seen).toEqual(['/a']);
    await act(async () => arrive());
    expect(seen).toEqual(['/a']);
    jest.useRealTimers();
  });

  test('a listener that stopped hears nothing', () => {
    const { held, seen, stop } = setUp(() => undefined);
    stop();
    held.push('/a');
    expect(seen).toEqual([]);
  });
});

test('a router on the held history draws the new page once, with no loading fallback between', async () => {
  const a = lazyPage('页面 A');
  const components: Record<string, unknown> = { a: a.component };
  const history = createMemoryHistory({ initialEntries: ['/'] }) as unknown as History;
  const held = holdUntilCodeLoaded(history, (path) => startRouteCode(clientRoutes, components, path));
  const fallbacks: string[] = [];
  const Fallback = () => {
    fallbacks.push(held.location.pathname);
    return null;
  };
  // What umi's BrowserRoutes does: the location the router draws follows history.listen.
  const Routes = () => {
    const [pathname, setPathname] = useState(held.location.pathname);
    useLayoutEffect(() => held.listen(({ location }) => setPathname(location.pathname)), []);
    const Page = pathname === '/a' ? a.component : () => <p>首页</p>;
    return (
      <Suspense fallback={<Fallback />}>
        <Page />
      </Suspense>
    );
  };
  render(<Routes />);
  act(() => held.push('/a'));
  expect(screen.getByText('首页')).toBeInTheDocument();
  await act(async () => a.arrive());
  expect(screen.getByText('页面 A')).toBeInTheDocument();
  expect(fallbacks).toEqual([]);
});
