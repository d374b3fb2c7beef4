import type { ProLayoutProps } from '@ant-design/pro-components';

/** The shell's look (specification §9): light nav, #1890ff, mix layout, fluid, fixed header and sidebar. */
const defaultSettings: ProLayoutProps & { pwa: boolean; title: string; iconfontUrl: string } = {
  navTheme: 'light',
  colorPrimary: '#1890ff',
  layout: 'mix',
  contentWidth: 'Fluid',
  fixedHeader: true,
  fixSiderbar: true,
  colorWeak: false,
  menu: { locale: false },
  title: '事业部出货订舱信息系统',
  pwa: false,
  iconfontUrl: '',
};

/** antd's theme: the app's root (src/app.tsx), the layout (BasicLayout) and the styles built ahead (config/antdStyles). */
export const theme = { token: { colorPrimary: defaultSettings.colorPrimary } };

export default defaultSettings;
