/**
 * antd's styles built once, with the app, instead of in every browser on every full load.
 *
 * antd 5 builds a component's CSS in the browser the first time it mounts (its tokens, the style object,
 * serialised, hashed, written into a <style>): after a reload that is ~50 ms of a list's first draw, and more for
 * the frame. Here the frame and the pages' components (samples.tsx) are drawn into a DOM with the app's providers
 * and theme, as the browser draws them, and the <style> elements antd writes are read back in their order: the
 * order decides between rules of equal weight (the frame's page header over the page container's, the side menu's
 * theme over the page's). The browser loads that CSS with the app's own, and its style cache starts with the
 * entries that name those styles (src/utils/styleCache.ts): such a component builds and writes nothing. A
 * component without a sample still works; its style is built in the browser, as before.
 *
 * The settings page's Menu has no sample: the side menu's items also carry the page's theme class, and a page
 * Menu's rules in the CSS would colour them as the page's menu.
 */
import { StyleProvider, createCache } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/lib/locale/zh_CN';
import React from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { styleSeed, type StyleSeed } from '../../src/utils/styleCache';
import { theme } from '../defaultSettings';
import { mergeResets } from './resets';
import { Frame, PageParts } from './samples';

/** The attribute antd marks its <style> elements with (their style id). */
const STYLE_ID = 'data-css-hash';

export function collectStyles(): { css: string; seeds: StyleSeed[] } {
  const cache = createCache();
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  const seeds = new Map<string, StyleSeed>();
  const draw = (node: React.ReactNode) => {
    flushSync(() =>
      root.render(
        <StyleProvider cache={cache}>
          <ConfigProvider locale={zhCN} theme={theme}>
            <ConfigProvider theme={theme}>{node}</ConfigProvider>
          </ConfigProvider>
        </StyleProvider>,
      ),
    );
    for (const [key, [, content]] of cache.cache) {
      if (key.startsWith('style%')) seeds.set(key, styleSeed(key, content));
    }
  };
  // As the browser does after sign-in: the frame (its side menu a skeleton on the first draw), then a page in it.
  draw(<Frame menuLoading />);
  draw(<Frame />);
  draw(
    <Frame>
      <PageParts />
    </Frame>,
  );
  const styles = [...document.head.querySelectorAll(`style[${STYLE_ID}]`)];
  const written = new Set(styles.map((style) => style.getAttribute(STYLE_ID)));
  root.unmount();
  container.remove();
  return {
    css: mergeResets(styles.map((style) => style.innerHTML).join('\n')),
    seeds: [...seeds.values()].filter(([, , styleId]) => written.has(styleId)),
  };
}
