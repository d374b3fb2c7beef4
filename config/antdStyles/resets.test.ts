import { mergeResets } from './resets';

const scope = ':where(.css-abc)';
const reset = (prefix: string) =>
  `${scope}[class^="${prefix}"],${scope}[class*=" ${prefix}"]{box-sizing:border-box;}` +
  `${scope}[class^="${prefix}"]::before,${scope}[class*=" ${prefix}"]::after{box-sizing:border-box;}` +
  `${scope}.${prefix} [class^="${prefix}"],${scope}.${prefix} [class*=" ${prefix}"]{box-sizing:border-box;}` +
  `${scope}[class^="${prefix}"] [class*=" ${prefix}"]{box-sizing:border-box;}`;

it('replaces every component’s box-sizing reset with one rule for its hash class, first', () => {
  const own = `${scope}.ant-btn{box-sizing:content-box;}`;
  const merged = mergeResets(`${reset('ant-btn')}${own}${reset('ant-table')}`);
  expect(merged).not.toContain('"ant-btn"');
  expect(merged).not.toContain('"ant-table"');
  expect(merged.startsWith(`${scope}[class^="ant-"],${scope}[class^="ant-"]::before,`)).toBe(true);
  expect(merged).toContain(`${scope} [class*=" ant-"]::after{box-sizing:border-box;}`);
  // A component's own box-sizing comes after, and wins.
  expect(merged.indexOf(own)).toBeGreaterThan(merged.indexOf('{box-sizing:border-box;}'));
});

it('leaves rules that do more than the reset, or select otherwise, as they are', () => {
  const font = `${scope}[class^="ant-table"],${scope}[class*=" ant-table"]{font-size:14px;box-sizing:border-box;}`;
  const other = `${scope}.ant-form .ant-col:not([class*=" ant-col-xs"]){box-sizing:border-box;}`;
  const inMedia = `@media (max-width:575px){${scope}.ant-col{box-sizing:border-box;}}`;
  expect(mergeResets(font + other + inMedia)).toBe(font + other + inMedia);
});

it('keeps one rule a theme when antd writes several hash classes', () => {
  const merged = mergeResets(reset('ant-menu') + reset('ant-menu').replace(/css-abc/g, 'css-dark'));
  expect(merged.match(/\{box-sizing:border-box;\}/g)).toHaveLength(2);
  expect(merged).toContain(':where(.css-dark) [class^="ant-"]');
});

it('merges unhashed resets too', () => {
  const merged = mergeResets(reset('ant-tag').replace(/:where\(\.css-abc\)/g, ''));
  expect(merged).toBe(
    '[class^="ant-"],[class^="ant-"]::before,[class^="ant-"]::after,[class*=" ant-"],[class*=" ant-"]::before,[class*=" ant-"]::after{box-sizing:border-box;}\n',
  );
});
