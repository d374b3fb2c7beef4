import { TabRow, type Section } from '@/components/SectionTabs';

/** PageContainer's `tabList` as a TabRow: PageContainer hands it antd Tabs' props with items but no panes. */
export default function PageHeaderTabs({
  items = [],
  activeKey,
  onChange,
}: {
  items?: Section[];
  activeKey?: string;
  onChange?: (key: string) => void;
}) {
  return <TabRow items={items} activeKey={activeKey ?? items[0]?.key} onChange={(key) => onChange?.(key)} />;
}
