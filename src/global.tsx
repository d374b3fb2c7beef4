/**
 * Start-up (umi runs this file before the app renders): offline-app (PWA) handling, per defaultSettings.pwa.
 * Off (the default): service workers and caches left by an earlier build are removed, so they cannot keep
 * serving stale files. On: the user is warned when offline and offered a reload when a new version is ready.
 */
import { t } from '@/locales/zh-CN';
import { Button, message, notification } from 'antd';
import defaultSettings from '../config/defaultSettings';

/** How long a waiting service worker may take to take over before the page reloads anyway. */
const ACTIVATE_TIMEOUT = 3000;

/** Service workers exist only on secure pages: https, or localhost during development. */
export const isSecurePage = ({ protocol, hostname }: Pick<Location, 'protocol' | 'hostname'>): boolean =>
  protocol === 'https:' || hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';

/** Unregisters every service worker of this origin and deletes every cache it left. */
export async function removeServiceWorkers(): Promise<void> {
  if ('serviceWorker' in navigator && navigator.serviceWorker.getRegistrations) {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
  }
  if ('caches' in window) {
    const keys = await window.caches.keys();
    await Promise.all(keys.map((key) => window.caches.delete(key)));
  }
}

/** Asks the waiting worker to take over; settles when it answers, takes control, or after a timeout. */
function activate(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, ACTIVATE_TIMEOUT);
    const channel = new MessageChannel();
    channel.port1.onmessage = done;
    navigator.serviceWorker?.addEventListener('controllerchange', done, { once: true });
    worker.postMessage({ type: 'skip-waiting' }, [channel.port2]);
  });
}

const warnOffline = () => {
  message.warning(t('app.pwa.offline'));
};

/** The update prompt: `sw.updated` carries the registration whose `waiting` worker holds the new version. */
function promptUpdate(event: Event) {
  const waiting = (event as CustomEvent<ServiceWorkerRegistration | undefined>).detail?.waiting;
  const key = `sw-updated-${Date.now()}`;
  const reloadPage = async () => {
    notification.destroy(key);
    if (waiting) await activate(waiting);
    window.location.reload();
  };
  notification.open({
    key,
    message: t('app.pwa.serviceworker.updated'),
    description: t('app.pwa.serviceworker.updated.hint'),
    actions: (
      <Button type="primary" onClick={reloadPage}>
        {t('app.pwa.serviceworker.updated.ok')}
      </Button>
    ),
  });
}

/** Applies the offline-app setting; `location` is the page's (a parameter for tests). */
export function setupServiceWorker(
  pwa: boolean,
  location: Pick<Location, 'protocol' | 'hostname'> = window.location,
): Promise<void> {
  if (pwa) {
    window.addEventListener('sw.offline', warnOffline);
    window.addEventListener('offline', warnOffline);
    window.addEventListener('sw.updated', promptUpdate);
    if (!navigator.onLine) warnOffline();
    return Promise.resolve();
  }
  if (!isSecurePage(location)) return Promise.resolve();
  return removeServiceWorkers().catch((error: unknown) => {
    // Leftover workers only cost freshness; starting the app matters more.
    console.warn('service worker cleanup failed', error);
  });
}

setupServiceWorker(defaultSettings.pwa);
