/**
 * antd's CSS-in-JS cache, kept for the browser session and told which styles are already in the page.
 *
 * - antd forgets a component's style when the last instance of it unmounts, and the next page that mounts one
 *   builds the style again: its tokens, the style serialised, then looked up among all of the page's <style>
 *   elements. Between a home page of cards and a list page of tables that was a third of an in-app page change.
 *   This cache keeps every style built in the session — one per component and theme, a few hundred at most; their
 *   <style> elements stay in the page anyway.
 * - Every instance that mounts asks for its style to be written again: all the page's <style> elements are listed
 *   and the one found is read back whole (`innerHTML`, up to 70 KB for the button) to be compared. A list page of
 *   20 rows mounts a few hundred styled components: ~40 ms and megabytes of strings for the collector on every
 *   visit. Once a style has been written, the cache answers it as antd's "style from a CSS file" mark, which antd
 *   skips; only the first instance writes it.
 * - The styles built with the app (config/antdStyles) are in its CSS from the first paint: the cache starts with
 *   their entries, marked the same way, so their components build and write nothing at all.
 */
import { createCache } from '@ant-design/cssinjs';
import { CSS_FILE_STYLE } from '@ant-design/cssinjs/es/util/cacheMapUtil';

/** The cache keys of component styles (`useStyleRegister`) start so, as against tokens'. */
const STYLE_KEY = 'style%';

/** A style entry's content: the style text first, then its token key, id, effect styles… */
type StyleContent = [styleText: string, ...rest: unknown[]];

const written = (content: StyleContent): StyleContent =>
  content[0] === CSS_FILE_STYLE ? content : [CSS_FILE_STYLE, ...content.slice(1)];

/** A style the app's CSS already holds: its cache key, token key, style id and order (config/antdStyles). */
export type StyleSeed = [key: string, tokenKey: string, styleId: string, order: number];

/** The seed of a style antd's cache holds under `key` (its entry: text, token key, id, effects, client-only, order). */
export const styleSeed = (key: string, content: unknown[]): StyleSeed => [
  key,
  content[1] as string,
  content[2] as string,
  content[5] as number,
];

export function createSessionStyleCache(builtStyles: StyleSeed[] = []): ReturnType<typeof createCache> {
  const cache = createCache();
  // What antd's cache holds for a style read from a CSS file: no instance yet, nothing to write, no effects.
  for (const [key, tokenKey, styleId, order] of builtStyles) {
    cache.opUpdate(key, () => [0, [CSS_FILE_STYLE, tokenKey, styleId, {}, false, order]]);
  }
  const update = cache.opUpdate.bind(cache);
  cache.opUpdate = (key, valueFn) =>
    update(key, (previous) => {
      // The cache deletes an entry when its updater answers null (no instance left); keep it, unused, instead.
      const next = valueFn(previous) ?? (previous ? [0, previous[1]] : null);
      // An entry counts its instances after the first of them has written the style into the page.
      return next && next[0] > 0 && key.startsWith(STYLE_KEY) ? [next[0], written(next[1] as StyleContent)] : next;
    });
  return cache;
}
