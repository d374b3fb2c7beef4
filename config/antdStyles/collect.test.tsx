import { collectStyles } from './collect';
import { emptyComputedStyle } from './jsdomStubs';

// As main.tsx does: nothing is laid out here either.
beforeAll(() => {
  jest.spyOn(window, 'getComputedStyle').mockImplementation(emptyComputedStyle);
});

let built: ReturnType<typeof collectStyles>;
beforeAll(() => {
  built = collectStyles();
}, 60_000);

it("holds the frame's styles and those of a list page's components", () => {
  for (const rule of [
    '.ant-pro-layout',
    '.ant-pro-page-container',
    '.ant-layout-sider',
    '.ant-menu',
    '.ant-table',
    '.ant-pagination',
    '.ant-form',
    '.ant-select',
    '.ant-picker',
    '.ant-tag-blue',
    '.ant-popconfirm',
    '.ant-modal',
    // The milestones' corrections fold away.
    '.ant-collapse',
  ]) {
    expect(built.css).toContain(rule);
  }
});

it('names each style it holds once, under its theme', () => {
  const components = built.seeds.map(([key]) => key.split('%')[2]);
  expect(components).toEqual(expect.arrayContaining(['ProLayout', 'Table-Table', 'Form-Form', 'Pagination-Pagination']));
  expect(new Set(built.seeds.map(([key]) => key)).size).toBe(built.seeds.length);
  for (const [key, tokenKey] of built.seeds) expect(key.startsWith(`style%${tokenKey}%`)).toBe(true);
});

it('keeps the order the browser writes them in: the page container sets its header after the header itself', () => {
  expect(built.css.indexOf('.ant-page-header{')).toBeGreaterThan(-1);
  expect(built.css.indexOf('.ant-page-header{')).toBeLessThan(built.css.indexOf('-warp-page-header{'));
});

it("writes antd's box-sizing resets as one rule a theme, and keeps the component roots' font reset", () => {
  const resets = built.css.match(/\[class\^="ant-[\w-]+"\]/g) ?? [];
  expect(resets.length).toBeLessThan(40);
  // Unhashed under jest; in the build each rule is scoped to antd's hash class.
  expect(built.css).toMatch(/^\[class\^="ant-"\],/);
  expect(built.css).toMatch(/\[class\^="ant-table"\],\[class\*=" ant-table"\]\{font-family:/);
});
