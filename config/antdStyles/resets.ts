/**
 * antd repeats one reset for every component it styles: `box-sizing: border-box` on each element whose class starts
 * with (or contains) the component's prefix, on its ::before and ::after, and on such elements inside it. That is
 * ~100 rules whose selectors are class-attribute substrings, which the browser tries on every element with a class
 * at each style recalculation: ~50 ms of a 20-row list's first draw on a 2-core machine. In the CSS built with the
 * app they become one rule a theme: `border-box` on antd's elements at or under its hash class, first in the CSS,
 * so that a component's own `box-sizing` still wins. The component roots' font reset stays as antd wrote it.
 */

/** One of antd's reset selectors, for any component prefix: the hash class (none when unhashed) is the first group. */
const RESET_SELECTOR =
  /^(?::where\(\.(css-[\w-]+)\))?(?:\.ant-[\w-]+ )?\[class[\^*]=" ?ant-[\w-]+"\](?: \[class[\^*]=" ?ant-[\w-]+"\])?(?:::before|::after)?$/;
/** A rule that only sets `box-sizing: border-box` (after another rule or at the start, not first in an @media). */
const BORDER_BOX_RULE = /(?<=^|[;}])([^{};@]+)\{box-sizing:border-box;?\}/g;

/** The hash class of a rule whose every selector is a reset ('' unhashed), else undefined. */
function resetHash(selectors: string): string | undefined {
  const matches = selectors.split(',').map((selector) => RESET_SELECTOR.exec(selector.trim()));
  const hashes = new Set(matches.map((match) => (match ? (match[1] ?? '') : undefined)));
  const [hash] = hashes;
  return hashes.size === 1 ? hash : undefined;
}

const mergedRule = (hash: string) => {
  const scope = hash && `:where(.${hash})`;
  const own = [`${scope}[class^="ant-"]`, `${scope}[class*=" ant-"]`];
  const elements = scope ? [...own, `${scope} [class^="ant-"]`, `${scope} [class*=" ant-"]`] : own;
  return `${elements.flatMap((element) => [element, `${element}::before`, `${element}::after`]).join(',')}{box-sizing:border-box;}`;
};

/** The CSS with antd's per-component box-sizing resets replaced by one rule for each hash class. */
export function mergeResets(css: string): string {
  const hashes = new Set<string>();
  const rest = css.replace(BORDER_BOX_RULE, (rule, selectors: string) => {
    const hash = resetHash(selectors);
    if (hash === undefined) return rule;
    hashes.add(hash);
    return '';
  });
  return hashes.size ? `${[...hashes].map(mergedRule).join('\n')}\n${rest}` : css;
}
