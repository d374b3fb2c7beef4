/**
 * umi plugin: antd's styles built with the app (collect.tsx). When umi generates its files (build, dev,
 * `umi setup`) it writes `@@/plugin-antdStyles/antdStyles.css`, imported ahead of the app's own CSS (where antd's
 * run-time styles stand), and `@@/plugin-antdStyles/index.ts`, the entries the style cache starts with.
 */
import { execFileSync } from 'child_process';
import path from 'path';
import type { IApi } from 'umi';
import type { StyleSeed } from '../../src/utils/styleCache';

/** Drawn once a process: the styles depend on antd, the theme and the samples, not on the pages' code. */
let built: { css: string; seeds: StyleSeed[] } | undefined;

function buildStyles() {
  const out = execFileSync(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, 'main.tsx')], {
    // The same build of React and antd as the bundle's: production styles carry production class names.
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' },
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return JSON.parse(out.toString('utf8'));
}

export default (api: IApi) => {
  api.describe({ key: 'antdStyles' });
  api.onGenerateFiles(() => {
    built ??= buildStyles();
    api.writeTmpFile({ path: 'antdStyles.css', content: built!.css });
    api.writeTmpFile({
      path: 'index.ts',
      content: `import type { StyleSeed } from '@/utils/styleCache';\n\nexport const builtStyles: StyleSeed[] = ${JSON.stringify(built!.seeds)};`,
    });
  });
  api.addEntryImportsAhead(() => [{ source: '@@/plugin-antdStyles/antdStyles.css' }]);
};
