// What ProLayout's PageContainer takes from antd, with its header tabs drawn by the product's light TabRow
// (.umirc.ts points the PageContainer's `antd` here): it shows them at once and has no panes of its own.
export { Affix, Breadcrumb, ConfigProvider, version } from 'antd';
export { default as Tabs } from './pageHeaderTabs';
