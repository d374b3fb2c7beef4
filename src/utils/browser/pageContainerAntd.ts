// What ProLayout's PageContainer takes from antd, with Tabs loaded when a page shows tabs (.umirc.ts points the
// PageContainer's `antd` here; see components/LazyTabs).
export { Affix, Breadcrumb, ConfigProvider, version } from 'antd';
export { default as Tabs } from '@/components/LazyTabs';
