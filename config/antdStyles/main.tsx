/**
 * `tsx config/antdStyles/main.tsx`: prints the styles built with the app as JSON (collect.tsx), drawn in a jsdom
 * window as wide as a desktop browser's (1440 px: the layout's side menu, not its mobile drawer). It runs in a
 * process of its own, so that the umi build around it never sees a `window`.
 */
import { JSDOM } from 'jsdom';
import { emptyComputedStyle, mediaQueryList } from './jsdomStubs';

const WIDTH = 1440;
const { window } = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
  pretendToBeVisual: true,
  url: 'http://localhost/',
});
const inWidth = (query: string) =>
  [...query.matchAll(/\((min|max)-width:\s*(\d+)px\)/g)].every(([, side, px]) =>
    side === 'min' ? WIDTH >= Number(px) : WIDTH <= Number(px),
  );
Object.defineProperty(window, 'innerWidth', { value: WIDTH });
window.matchMedia = (query: string) => mediaQueryList(query, inWidth(query));
window.getComputedStyle = emptyComputedStyle;
// The libraries read the browser's globals (window, document, HTMLElement, getComputedStyle…) from the global scope.
for (const name of Object.getOwnPropertyNames(window)) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { configurable: true, get: () => window[name as never] });
}
Object.defineProperty(globalThis, 'window', { value: window });

// Loaded once the globals are in place: antd's style library asks at load whether it runs in a browser.
// It exits once written: antd's and jsdom's timers would keep it alive.
import('./collect').then(({ collectStyles }) => process.stdout.write(JSON.stringify(collectStyles()), () => process.exit(0)));
