import type { DrawerProps } from 'antd';
import { Suspense, lazy } from 'react';

// What ProLayout's SiderMenu takes from antd (.umirc.ts points its `antd` here), with the Drawer it draws the menu
// in on a phone-sized screen loaded only there: on the desktop the product is used on, never (~4 KB gzip a page).
export { ConfigProvider } from 'antd';

const AntdDrawer = lazy(() => import('antd/es/drawer'));

export function Drawer(props: DrawerProps) {
  return (
    <Suspense fallback={null}>
      <AntdDrawer {...props} />
    </Suspense>
  );
}
