import { StyleProvider, createCache } from '@ant-design/cssinjs';
import { CSS_FILE_STYLE } from '@ant-design/cssinjs/es/util/cacheMapUtil';
import { render } from '@testing-library/react';
import { Button } from 'antd';
import { createSessionStyleCache, styleSeed, type StyleSeed } from './styleCache';

const tableStyle = ['.ant-table{}', 'token', 'css-1', {}, false, 0];

it('keeps a style nobody uses any more, ready for the next page, and creates nothing on its own', () => {
  const cache = createSessionStyleCache();
  cache.opUpdate('token%ant-table', () => [1, 'the table token']);
  cache.opUpdate('token%ant-table', () => null);
  expect(cache.opGet('token%ant-table')).toEqual([0, 'the table token']);
  cache.opUpdate('token%ant-table', (previous) => [(previous?.[0] ?? 0) + 1, previous?.[1]]);
  expect(cache.opGet('token%ant-table')).toEqual([1, 'the table token']);
  cache.opUpdate('token%ant-tag', () => null);
  expect(cache.opGet('token%ant-tag')).toBeNull();
});

it('answers a style as already written once its first instance has written it', () => {
  const cache = createSessionStyleCache();
  // Built while the first instance renders: the text, for that instance to write.
  cache.opUpdate('style%ant-table', () => [0, tableStyle]);
  expect(cache.opGet('style%ant-table')).toEqual([0, tableStyle]);
  // Counted after it wrote it: later instances skip writing.
  cache.opUpdate('style%ant-table', (previous) => [1, previous?.[1]]);
  expect(cache.opGet('style%ant-table')).toEqual([1, [CSS_FILE_STYLE, ...tableStyle.slice(1)]]);
  // Unmounted and mounted again on another page: still written.
  cache.opUpdate('style%ant-table', () => null);
  cache.opUpdate('style%ant-table', (previous) => [1, previous?.[1]]);
  expect(cache.opGet('style%ant-table')?.[1]).toEqual([CSS_FILE_STYLE, ...tableStyle.slice(1)]);
});

describe('in the page', () => {
  /** How often `draw` reads a <style> element's text back (what antd does to compare before writing again). */
  function styleReadsWhile(draw: () => void): number {
    const innerHTML = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
    let reads = 0;
    const spy = jest.spyOn(Element.prototype, 'innerHTML', 'get').mockImplementation(function read(this: Element) {
      if (this.tagName === 'STYLE') reads += 1;
      return innerHTML.get!.call(this);
    });
    try {
      draw();
    } finally {
      spy.mockRestore();
    }
    return reads;
  }

  const buttons = (cache: ReturnType<typeof createCache>, count: number) => (
    <StyleProvider cache={cache}>
      {Array.from({ length: count }, (_, index) => (
        <Button key={index}>按钮</Button>
      ))}
    </StyleProvider>
  );

  it('writes a style once: the next page mounting the same components reads no style back', () => {
    const cache = createSessionStyleCache();
    const first = render(buttons(cache, 1));
    first.unmount();
    expect(styleReadsWhile(() => render(buttons(cache, 5)))).toBe(0);
    expect(document.querySelectorAll('style[data-css-hash]').length).toBeGreaterThan(0);
  });

  it("antd's own cache would read each instance's style back", () => {
    const cache = createCache();
    render(buttons(cache, 1));
    expect(styleReadsWhile(() => render(buttons(cache, 5)))).toBeGreaterThan(0);
  });
});

describe('starting with the styles built with the app', () => {
  /** The seed of Button's style as antd registers it in this environment, and the style text it writes. */
  const buttons = (cache: ReturnType<typeof createCache>, count: number) => (
    <StyleProvider cache={cache}>
      {Array.from({ length: count }, (_, index) => (
        <Button key={index}>按钮</Button>
      ))}
    </StyleProvider>
  );

  function buttonSeed(): StyleSeed {
    const cache = createCache();
    const drawn = render(buttons(cache, 1));
    const key = [...cache.cache.keys()].find((candidate) => candidate.includes('Button-Button'))!;
    const seed = styleSeed(key, cache.cache.get(key)![1]);
    drawn.unmount();
    return seed;
  }

  const written = (styleId: string) => document.head.querySelector(`style[data-css-hash="${styleId}"]`);

  it("writes no style for a component whose style the app's CSS holds", () => {
    const seed = buttonSeed();
    written(seed[2])?.remove();
    render(buttons(createSessionStyleCache([seed]), 3));
    expect(written(seed[2])).toBeNull();
    expect(document.querySelector('.ant-btn')).toBeInTheDocument();
  });

  it('still writes the styles the CSS does not hold', () => {
    const seed = buttonSeed();
    written(seed[2])?.remove();
    render(buttons(createSessionStyleCache([]), 1));
    expect(written(seed[2])).not.toBeNull();
  });
});
