import { Exception403 } from '@/components/Authorized';
import ErrorBoundary from '@/components/ErrorBoundary';
import RightContent from '@/components/GlobalHeader/RightContent';
import Authorized, { useCurrentAuthority } from '@/utils/Authorized';
import { navigatedTo } from '@/utils/callsAhead';
// Sets the Chinese locale of antd's date pickers before any signed-in page shows one.
import '@/utils/pickerLocale';
import { getAuthorityFromRouter } from '@/utils/utils';
import { CalendarOutlined, ContainerOutlined, TeamOutlined, ToolOutlined, UserOutlined } from '@ant-design/icons';
import { ProLayout, type MenuDataItem } from '@ant-design/pro-components';
import { Button, ConfigProvider } from 'antd';
import React, { useEffect, useMemo } from 'react';
import { history, Link, Outlet, useDispatch, useLocation, useSelector } from 'umi';
import defaultSettings, { theme } from '../../config/defaultSettings';
import routes from '../../config/routes';
import type { GlobalModelState } from '@/models/global';
import { basicLayoutRoutes, buildMenu, matchMenuKeys, routeName, type MenuItem } from './menu';
import { menuPaths, usePrefetchPages } from './prefetch';

/** The `icon` names of config/routes.ts. */
const icons: Record<string, React.ReactNode> = {
  container: <ContainerOutlined />,
  calendar: <CalendarOutlined />,
  tool: <ToolOutlined />,
  team: <TeamOutlined />,
  user: <UserOutlined />,
};

const toMenuData = (items: MenuItem[]): MenuDataItem[] =>
  items.map((item) => ({
    key: item.key,
    path: item.path,
    name: item.name,
    icon: item.icon ? icons[item.icon] : undefined,
    children: item.children ? toMenuData(item.children) : undefined,
  }));

const pages = basicLayoutRoutes(routes);
// `pwa` is read at start-up (global.tsx), not by the layout.
const { pwa, title, ...layoutSettings } = defaultSettings;

const HOME_PATHS = ['/', '/shipment'];

/** What a page shows to a user whose roles it does not admit. */
const forbidden = (
  <Exception403
    extra={
      <Link to="/">
        <Button type="primary">返回首页</Button>
      </Link>
    }
  />
);

/** The signed-in frame: side menu of the pages the user may open, header, and the page guarded by its roles. */
const BasicLayout: React.FC = () => {
  const location = useLocation();
  const dispatch = useDispatch();
  const authority = useCurrentAuthority();
  const collapsed = useSelector((state: { global: GlobalModelState }) => state.global.collapsed);

  const menu = useMemo(() => buildMenu(pages, authority), [authority]);
  const menuData = useMemo(() => toMenuData(menu), [menu]);
  const { selected } = useMemo(() => matchMenuKeys(menu, location.pathname), [menu, location.pathname]);
  const paths = useMemo(() => menuPaths(menu), [menu]);
  usePrefetchPages(paths);
  // The booking pages' dictionaries come with the frame: a first visit to one of them draws once, not again when
  // they arrive, and 运价日历 asks for its month at once instead of after them.
  const bookingPages = paths.some((path) => path.startsWith('/osb/'));
  useEffect(() => {
    if (bookingPages) dispatch({ type: 'lookups/fetchOsbDict' });
  }, [bookingPages, dispatch]);
  // A page's reads start as the app navigates to it, before the page is drawn (callsAhead.ts).
  useEffect(() => history.listen(({ location: to }) => navigatedTo(to.pathname)), []);

  // The home (/, /shipment) is the business's: one whose roles it does not admit (the administrator) starts at
  // the first page of their own menu instead of a 403.
  const guard = getAuthorityFromRouter(routes, location.pathname);
  const homeRefused = HOME_PATHS.includes(location.pathname) && !!guard && !guard.some((role) => authority.includes(role));
  useEffect(() => {
    if (homeRefused && paths[0]) history.replace(paths[0]);
  }, [homeRefused, paths]);

  useEffect(() => {
    const name = routeName(pages, location.pathname);
    document.title = name ? `${name} - ${title}` : title;
  }, [location.pathname]);

  return (
    <ConfigProvider theme={theme}>
      <ProLayout
        {...layoutSettings}
        title={title}
        logo="/logo.svg"
        location={location}
        route={{ path: '/', children: menuData }}
        selectedKeys={selected}
        collapsed={collapsed}
        onCollapse={(value) => dispatch({ type: 'global/changeLayoutCollapsed', payload: value })}
        headerTitleRender={(logo, heading) => (
          <Link to="/">
            {logo}
            {heading}
          </Link>
        )}
        menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{dom}</Link> : dom)}
        rightContentRender={() => <RightContent />}
      >
        <ErrorBoundary>
          {homeRefused ? null : (
            <Authorized authority={guard} noMatch={forbidden}>
              <Outlet />
            </Authorized>
          )}
        </ErrorBoundary>
      </ProLayout>
    </ConfigProvider>
  );
};

export default BasicLayout;
