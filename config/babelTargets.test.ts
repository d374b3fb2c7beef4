import { TARGETS, withPresetTargets } from './babelTargets';

// The Babel and the preset umi's babel-loader runs, with the options umi gives them (bundler-webpack's javaScriptRules).
const babel = require('@umijs/bundler-utils/compiled/babel/core');
const umiPreset = require.resolve('@umijs/babel-preset-umi');
const umiOptions = {
  sourceType: 'unambiguous',
  babelrc: false,
  configFile: false,
  browserslistConfigFile: false,
  targets: TARGETS,
  presets: [[umiPreset, { presetEnv: {}, presetReact: {}, presetTypeScript: {}, pluginTransformRuntime: {} }]] as [
    string,
    Record<string, unknown>,
  ][],
};

const source = `export async function save(line, ...more) {
  const next = { ...line, saved: true };
  for (const other of more) await other;
  return next;
}`;

test('the app’s code keeps its async functions, spreads, rest and for…of on the browsers it targets', () => {
  const { code } = babel.transformSync(source, { ...withPresetTargets(umiOptions), filename: 'src/pages/x.ts' });
  expect(code).toContain('export async function save(line, ...more)');
  expect(code).toContain('...line');
  expect(code).toContain('for (const other of more) await other;');
  expect(code).not.toMatch(/regenerator|objectSpread|asyncToGenerator|createForOfIteratorHelper/);
});

test('only the preset-env of umi’s preset is given the targets; other presets and options stay', () => {
  const other: [string, Record<string, unknown>] = ['some-preset', { keep: 1 }];
  const options = { cacheDirectory: false, presets: [[umiPreset, { presetEnv: { debug: false }, presetReact: {} }], other] };
  expect(withPresetTargets(options as never)).toEqual({
    cacheDirectory: false,
    presets: [[umiPreset, { presetEnv: { debug: false, targets: TARGETS }, presetReact: {} }], other],
  });
});
