import fs from 'fs';
import path from 'path';
import { defineConfig } from 'umi';
import { TARGETS, withPresetTargets } from './config/babelTargets';
import routes from './config/routes';
import defaultSettings from './config/defaultSettings';
import proxy from './config/proxy';
import { CHUNK_LOAD_TIMEOUT } from './src/utils/constants';

const { UMI_ENV, USE_API, ANALYZE } = process.env;
// umi's polyfill feature imports regenerator-runtime on every page even with no core-js imports (~2.4 KB gzip),
// a third copy beside @babel/runtime's: the targets run async functions and generators natively, and the
// libraries that still call a regenerator take @babel/runtime's. `none` is the feature's own off switch.
// The production build only: umi dev's pre-built dependencies (MFSU) keep the stock ones.
const building = process.env.NODE_ENV === 'production';
if (building) process.env.BABEL_POLYFILL = 'none';

export default defineConfig({
  title: defaultSettings.title,
  favicons: ['/logo.svg'],
  routes,
  plugins: ['@umijs/plugins/dist/dva', './config/antdStyles/plugin.ts', './config/routePreload/plugin.ts'],
  dva: {},
  hash: true,
  history: { type: 'browser' },
  alias: {
    '@contract': path.resolve(__dirname, 'contract'),
    // Lean stand-ins for two dependencies of umi-request (see the files for why).
    qs: path.resolve(__dirname, 'src/utils/browser/qs.ts'),
    'isomorphic-fetch': path.resolve(__dirname, 'src/utils/browser/fetch.ts'),
    // dva-core asks for the CommonJS regenerator, whose helpers are a second copy of the ES ones umi's client
    // already loads: the same runtime from the ES helpers. Before the next entry, which would take it first.
    ...(building ? { '@babel/runtime/regenerator$': path.resolve(__dirname, 'src/utils/browser/regenerator.ts') } : {}),
    // umi and its react renderer each bring their own @babel/runtime 7.23 beside the project's 7.29, which has
    // every helper they use: one copy of the helpers for every page (~3 KB gzip).
    '@babel/runtime': path.resolve(__dirname, 'node_modules/@babel/runtime'),
  },
  define: { 'process.env.UMI_ENV': UMI_ENV || '' },
  proxy: USE_API ? proxy.api : undefined,
  // mock/_*.ts are the mock's helpers, not route files.
  mock: USE_API ? false : { exclude: ['mock/**/_*.[jt]s'] },
  fastRefresh: true,
  // An internal desktop system on current browsers: no legacy transpilation and no core-js polyfills
  // (umi's default ships all of core-js, ~40 KB gzip, on every first load; BABEL_POLYFILL above turns it off).
  targets: TARGETS,
  // Document titles are set by BasicLayout/UserLayout from the route table; react-helmet is not used.
  helmet: false,
  jsMinifier: 'terser',
  // `ANALYZE=1 umi build` writes what each chunk holds to dist-analyze.json (used by tests/bench/bundle).
  analyze: ANALYZE ? { analyzerMode: 'json', reportFilename: path.resolve(__dirname, 'dist-analyze.json') } : {},
  codeSplitting: { jsStrategy: 'granularChunks' },
  // A page's code is loaded ahead: every umi Link on hover, and the menu's pages after sign-in (layouts/prefetch.ts).
  routePrefetch: { defaultPrefetch: 'intent' },
  chainWebpack(memo, { webpack }) {
    // Outside a terminal (a service's log, CI, `npm start > log`) webpackbar prints only its start and end: a line
    // per tenth of the build says it is alive and how far it got.
    if (!process.stdout.isTTY) {
      let shown = 0;
      memo.plugin('progress-lines').use(webpack.ProgressPlugin, [
        (fraction: number, message: string) => {
          const tenth = Math.floor(fraction * 10);
          if (tenth <= shown || tenth >= 10) return;
          shown = tenth;
          console.log(`[build] ${tenth * 10} % ${message}`);
        },
      ]);
    }
    // A slow network gets 120 s for a script chunk before the ErrorBoundary shows its reload page.
    memo.output.chunkLoadTimeout(CHUNK_LOAD_TIMEOUT);
    // pro-provider's locales other than zh_CN become an empty text map (see the file for why).
    memo
      .plugin('pro-provider-zh-CN-only')
      .use(webpack.NormalModuleReplacementPlugin, [
        /[\\/]@ant-design[\\/]pro-provider[\\/]es[\\/]locale[\\/](?!zh_CN\.js$)\w+\.js$/,
        path.resolve(__dirname, 'src/utils/browser/proProviderLocale.ts'),
      ]);
    // antd's fallback locales (en_US: Modal.confirm outside the app's ConfigProvider, the default of every locale
    // context, the pickers' and the pagination's defaults) are their zh_CN siblings: one locale on every page
    // instead of two (~2 KB gzip), and Chinese wherever antd falls back. Replaced as the request is made, not once
    // resolved, so that it is the very zh_CN module and not a copy of it.
    memo.plugin('antd-zh-CN-only').use(webpack.NormalModuleReplacementPlugin, [
      /(^|[\\/])en_US(\.js)?$/,
      (resource: { context?: string; request?: string }) => {
        const { context, request } = resource;
        if (!context || !request) return;
        const from = request.startsWith('.') ? context : path.resolve(__dirname, 'node_modules');
        const english = path.resolve(from, request).replace(/(\.js)?$/, '.js');
        const chinese = english.replace(/en_US\.js$/, 'zh_CN.js');
        if (/[\\/]node_modules[\\/](antd|rc-[\w-]+)[\\/]es[\\/]/.test(english) && fs.existsSync(chinese)) {
          resource.request = chinese;
        }
      },
    ]);
    // pro-layout imports two icons by their CommonJS entry ('@ant-design/icons/ArrowLeftOutlined'), which brings
    // the CommonJS copy of the icon base, rc-util and the Babel helpers beside the ES ones (~5 KB gzip a page).
    memo.plugin('antd-icons-es-only').use(webpack.NormalModuleReplacementPlugin, [
      /^@ant-design[\\/]icons[\\/][A-Z]\w+$/,
      (resource: { request: string }) => {
        resource.request = resource.request.replace(/^@ant-design[\\/]icons[\\/]/, '@ant-design/icons/es/icons/');
      },
    ]);
    // ProLayout's content error boundary is the product's own (see the file for why), in the production build:
    // umi dev pre-builds pro-utils apart from the app (MFSU), where the app's own component cannot stand.
    if (building) {
      // antd's Card draws Tabs only when given tabs, antd's Form labels a Tooltip only for a field given one: loaded
      // then (components/LazyTabs, components/LazyTooltip). ProLayout's PageContainer draws its header tabs with
      // the product's TabRow (utils/browser/pageContainerAntd.ts), its SiderMenu loads its phone-screen Drawer.
      const lazyParts = [
        { issuer: /[\\/]antd[\\/]es[\\/]card[\\/]/, request: '../tabs', to: 'src/components/LazyTabs/index.tsx' },
        { issuer: /[\\/]antd[\\/]es[\\/]form[\\/]/, request: '../tooltip', to: 'src/components/LazyTooltip/index.tsx' },
        {
          issuer: /[\\/]@ant-design[\\/]pro-layout[\\/]es[\\/]components[\\/]PageContainer[\\/]index\.js$/,
          request: 'antd',
          to: 'src/utils/browser/pageContainerAntd.ts',
        },
        {
          issuer: /[\\/]@ant-design[\\/]pro-layout[\\/]es[\\/]components[\\/]SiderMenu[\\/]index\.js$/,
          request: 'antd',
          to: 'src/utils/browser/siderMenuAntd.tsx',
        },
      ];
      // The plugin asks about the requests the table names, and no other.
      const requested = [...new Set(lazyParts.map((one) => one.request.replace(/\./g, '\\$&')))];
      memo.plugin('lazy-parts').use(webpack.NormalModuleReplacementPlugin, [
        new RegExp(`^(${requested.join('|')})$`),
        (resource: { request?: string; contextInfo?: { issuer?: string } }) => {
          const issuer = resource.contextInfo?.issuer ?? '';
          const found = lazyParts.find((one) => one.request === resource.request && one.issuer.test(issuer));
          if (found) resource.request = path.resolve(__dirname, found.to);
        },
      ]);
      memo
        .plugin('pro-layout-error-boundary')
        .use(webpack.NormalModuleReplacementPlugin, [
          /[\\/]@ant-design[\\/]pro-utils[\\/]es[\\/]components[\\/]ErrorBoundary[\\/]index\.js$/,
          path.resolve(__dirname, 'src/utils/browser/proErrorBoundary.ts'),
        ]);
    }
    // ProLayout's own texts (its unused setting drawer's) in zh-CN only, whatever the browser's language.
    memo
      .plugin('pro-layout-zh-CN-only')
      .use(webpack.NormalModuleReplacementPlugin, [
        /[\\/]@ant-design[\\/]pro-layout[\\/]es[\\/]locales[\\/](en-US|it-IT|ko-KR|zh-TW)[\\/]settingDrawer\.js$/,
        path.resolve(__dirname, 'node_modules/@ant-design/pro-layout/es/locales/zh-CN/settingDrawer.js'),
      ]);
    // The app's own code compiled for TARGETS (see the file for why). Should umi rename these rules, the build
    // stops here rather than quietly compiling for old browsers again.
    const babelRules = ['src', 'jsx-ts-tsx', 'extra-src'].filter(
      (name) => memo.module.rules.has(name) && memo.module.rule(name).uses.has('babel-loader'),
    );
    if (!babelRules.includes('src')) throw new Error(`umi's babel-loader rule 'src' is gone: update .umirc.ts's chainWebpack`);
    for (const name of babelRules) memo.module.rule(name).use('babel-loader').tap(withPresetTargets);
    // rc-field-form declares no `sideEffects`, so antd's Drawer, Tooltip and Menu, which only read its form
    // context, bring the whole form engine and async-validator into pages without a form (~15 KB gzip). Its
    // modules only define things when imported; saying so lets webpack keep just the context for those pages.
    memo.module
      .rule('rc-field-form-side-effects')
      .test(/[\\/]node_modules[\\/]rc-field-form[\\/]/)
      .sideEffects(false);
    // codeSplitting's `shared` group moves any module two pages share into a chunk of its own. For the shared list
    // table (ResourceTable and its column settings, ~4 KB gzip) that request costs ~1 KB more than it saves, which
    // the 500 KB page budget cannot spare: each page keeps its copy.
    // umi writes `splitChunks` after this function runs, so the group is adjusted when the compiler starts.
    memo.plugin('shared-chunks-keep-resource-table').use(
      class {
        apply(compiler: any) {
          compiler.hooks.environment.tap('shared-chunks-keep-resource-table', () => {
            const shared = compiler.options.optimization.splitChunks?.cacheGroups?.shared;
            if (shared) {
              shared.test = (module: { resource?: string }) =>
                !/[\\/]src[\\/]components[\\/](ResourceTable|ColumnSettings|ExportButton)[\\/]/.test(module.resource ?? '');
              // A shared chunk of a few KB costs its request and its own compression more than it saves: under
              // ~40 KB of source (~5 KB gzip) the pages keep their copies (measured: packing 500.3 → 494.1 KB,
              // /user/login 243.1 → 239.1 KB, every page smaller, 10–20 fewer files a page).
              shared.minSize = 40_000;
              // Spin (the signed-in layout's loading, every table's) and Skeleton (ProLayout's menu, antd's Card)
              // are each in a layout and in the pages' chunks: under that size, each page loaded them twice.
              const cacheGroups = compiler.options.optimization.splitChunks.cacheGroups;
              cacheGroups.frameParts = {
                test: /[\\/]node_modules[\\/]antd[\\/]es[\\/](spin|skeleton)[\\/]/,
                name: 'frame-parts',
                chunks: 'async',
                minChunks: 2,
                minSize: 0,
                priority: (shared.priority ?? 0) + 1,
                enforce: true,
              };
            }
          });
        }
      },
    );
    return memo;
  },
});
