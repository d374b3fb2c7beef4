import { fireEvent, render, screen } from '@testing-library/react';
import { message, notification } from 'antd';
import type React from 'react';
import { isSecurePage, setupServiceWorker } from './global';
import { messages, t } from './locales/zh-CN';

const warning = jest.spyOn(message, 'warning').mockImplementation(() => undefined as never);
const open = jest.spyOn(notification, 'open').mockImplementation(() => undefined);
const destroy = jest.spyOn(notification, 'destroy').mockImplementation(() => undefined);

function installServiceWorkers() {
  const registrations = [{ unregister: jest.fn(async () => true) }, { unregister: jest.fn(async () => true) }];
  const serviceWorker = { getRegistrations: jest.fn(async () => registrations), addEventListener: jest.fn() };
  const caches = { keys: jest.fn(async () => ['workbox-precache', 'api']), delete: jest.fn(async () => true) };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  Object.defineProperty(window, 'caches', { configurable: true, value: caches });
  return { registrations, serviceWorker, caches };
}

/** jsdom has no MessageChannel: a pair of ports where a message on port2 reaches port1. */
class FakeMessageChannel {
  port1: { onmessage: ((event: { data: unknown }) => void) | null } = { onmessage: null };
  port2 = { postMessage: (data: unknown) => this.port1.onmessage?.({ data }) };
}
(globalThis as unknown as { MessageChannel: unknown }).MessageChannel = FakeMessageChannel;

afterEach(() => {
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
  delete (window as unknown as Record<string, unknown>).caches;
  warning.mockClear();
  open.mockClear();
});

test('secure pages are https or localhost', () => {
  expect(isSecurePage({ protocol: 'https:', hostname: 'shipdesk.example' })).toBe(true);
  expect(isSecurePage({ protocol: 'http:', hostname: 'localhost' })).toBe(true);
  expect(isSecurePage({ protocol: 'http:', hostname: '127.0.0.1' })).toBe(true);
  expect(isSecurePage({ protocol: 'http:', hostname: '10.1.2.3' })).toBe(false);
});

describe('PWA off (the default)', () => {
  test('on a secure page every service worker is unregistered and every cache deleted', async () => {
    const { registrations, caches } = installServiceWorkers();
    await setupServiceWorker(false, { protocol: 'https:', hostname: 'shipdesk.example' });
    registrations.forEach((registration) => expect(registration.unregister).toHaveBeenCalledTimes(1));
    expect(caches.delete).toHaveBeenCalledWith('workbox-precache');
    expect(caches.delete).toHaveBeenCalledWith('api');
  });

  test('on an insecure page nothing is touched', async () => {
    const { serviceWorker, caches } = installServiceWorkers();
    await setupServiceWorker(false, { protocol: 'http:', hostname: '10.1.2.3' });
    expect(serviceWorker.getRegistrations).not.toHaveBeenCalled();
    expect(caches.keys).not.toHaveBeenCalled();
  });

  test('a browser without service workers or caches starts all the same', async () => {
    await expect(setupServiceWorker(false, { protocol: 'https:', hostname: 'x' })).resolves.toBeUndefined();
  });

  test('a failing cleanup does not stop the start', async () => {
    const { serviceWorker } = installServiceWorkers();
    serviceWorker.getRegistrations.mockRejectedValueOnce(new Error('denied'));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(setupServiceWorker(false, { protocol: 'https:', hostname: 'x' })).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  test('offline events are not announced', async () => {
    await setupServiceWorker(false, { protocol: 'http:', hostname: '10.1.2.3' });
    window.dispatchEvent(new Event('sw.offline'));
    expect(warning).not.toHaveBeenCalled();
  });
});

describe('PWA on', () => {
  test('keeps service workers, warns when offline', async () => {
    const { serviceWorker } = installServiceWorkers();
    await setupServiceWorker(true, { protocol: 'https:', hostname: 'x' });
    expect(serviceWorker.getRegistrations).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('sw.offline'));
    expect(warning).toHaveBeenCalledTimes(2);
    expect(warning).toHaveBeenCalledWith('当前处于离线状态');
  });

  test('offers a reload when a new version is waiting, and activates it first', async () => {
    installServiceWorkers();
    const reload = jest.fn();
    const { location } = window;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...location, reload } });
    const waiting = {
      postMessage: jest.fn((_: unknown, [port]: FakeMessageChannel['port2'][]) => port.postMessage({ ok: true })),
    };
    await setupServiceWorker(true, { protocol: 'https:', hostname: 'x' });
    window.dispatchEvent(new CustomEvent('sw.updated', { detail: { waiting } }));

    expect(open).toHaveBeenCalledTimes(1);
    const args = open.mock.calls[0][0];
    expect(args.message).toBe('有新内容');
    expect(args.description).toBe('请点击"刷新"按钮或者手动刷新页面');
    render(args.actions as React.ReactElement);
    fireEvent.click(screen.getByRole('button', { name: /刷\s*新/ }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'skip-waiting' }, expect.any(Array));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(destroy).toHaveBeenCalledWith(args.key);
    Object.defineProperty(window, 'location', { configurable: true, value: location });
  });
});

test('the locale holds the PWA texts', () => {
  expect(t('app.pwa.offline')).toBe('当前处于离线状态');
  expect(t('app.pwa.serviceworker.updated.ok')).toBe('刷新');
  expect(Object.keys(messages)).toEqual([
    'app.pwa.offline',
    'app.pwa.serviceworker.updated',
    'app.pwa.serviceworker.updated.hint',
    'app.pwa.serviceworker.updated.ok',
  ]);
});
