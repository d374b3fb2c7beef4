/**
 * @ant-design/pro-provider (under ProLayout and PageContainer) imports the texts of all its 33 locales to pick
 * one by antd's locale: ~9 KB gzip on every signed-in page. This app speaks zh-CN only (antd's zh_CN locale in
 * app.tsx), and pro-provider looks up any text a locale lacks in zh_CN's, so `.umirc.ts` maps every locale
 * file but zh_CN here, an empty text map.
 */
export default {};
