import { defineConfig } from 'umi';
import routes from './config/routes';
import defaultSettings from './config/defaultSettings';
import proxy from './config/proxy';
import { CHUNK_LOAD_TIMEOUT } from './src/utils/constants';

const { UMI_ENV, USE_API } = process.env;

export default defineConfig({
  title: defaultSettings.title,
  routes,
  plugins: ['@umijs/plugins/dist/dva'],
  dva: {},
  hash: true,
  history: { type: 'browser' },
  // Only the zh-cn locale of moment reaches the bundle.
  ignoreMomentLocale: true,
  alias: { '@contract': require('path').resolve(__dirname, 'contract') },
  define: { 'process.env.UMI_ENV': UMI_ENV || '' },
  proxy: USE_API ? proxy.api : undefined,
  mock: USE_API ? false : {},
  fastRefresh: true,
  codeSplitting: { jsStrategy: 'granularChunks' },
  // A slow network gets 120 s for a script chunk before the ErrorBoundary shows its reload page.
  chainWebpack(memo) {
    memo.output.chunkLoadTimeout(CHUNK_LOAD_TIMEOUT);
    return memo;
  },
});
