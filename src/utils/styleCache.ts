/**
 * antd's CSS-in-JS cache forgets a component's style when the last instance of it unmounts, and the next page that
 * mounts one builds the style again: its tokens, the style serialised, then looked up among all of the page's
 * <style> elements. Between a home page of cards and a list page of tables that was a third of an in-app page
 * change. This cache keeps every style built in the session — one per component and theme, a few hundred at most;
 * their <style> elements stay in the page anyway — so that a page change only mounts components.
 */
import { createCache } from '@ant-design/cssinjs';

export function createSessionStyleCache(): ReturnType<typeof createCache> {
  const cache = createCache();
  const update = cache.opUpdate.bind(cache);
  // The cache deletes an entry when its updater answers null (no instance left); keep it, unused, instead.
  cache.opUpdate = (key, valueFn) => update(key, (previous) => valueFn(previous) ?? (previous ? [0, previous[1]] : null));
  return cache;
}
