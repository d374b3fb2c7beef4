/**
 * umi plugin: the route preload of the production build without the catch-all route. umi's preload_helper.js looks
 * an address up among the routes sorted least specific first, so the 404 route (`/*`) answered every address
 * without a route of its own path, a record's page among them (`/osb/order/BO…`): the page preloaded the 404 page
 * and antd's Result (~3 KB gzip) and none of its own chunks, which loaded only once the router asked for them.
 * Left out of the preload map while it is made, a record's page finds its own route; an unknown address loads the
 * 404 page as the router asks for it.
 */
import type { IApi } from 'umi';

const CATCH_ALL = '/*';

type Route = { absPath?: string; file?: string };

export default (api: IApi) => {
  api.describe({ key: 'routePreloadWithoutCatchAll' });
  let file: string | undefined;
  const catchAll = () => Object.values(api.appData.routes as Record<string, Route>).find((route) => route.absPath === CATCH_ALL);
  // Before umi's routePreloadOnLoad makes the map (it skips a route without a file), and given back after it.
  api.onBuildComplete({
    stage: Number.MIN_SAFE_INTEGER,
    fn: () => {
      const route = catchAll();
      if (!route) throw new Error(`config/routes.ts has no ${CATCH_ALL} route: update config/routePreload/plugin.ts`);
      file = route.file;
      delete route.file;
    },
  });
  api.onBuildComplete({
    stage: Number.MAX_SAFE_INTEGER,
    fn: () => {
      const route = catchAll();
      if (route && file) route.file = file;
    },
  });
};
