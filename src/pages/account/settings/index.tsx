import type { UserModelState } from '@/models/user';
import { PageContainer } from '@ant-design/pro-components';
import { Card, Menu, Spin, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useSearchParams, useSelector } from 'umi';
import BaseView from './components/BaseView';
import BindingView from './components/BindingView';
import SecurityView from './components/SecurityView';
import { tokenAccess } from '@contract/token/codes';

/** Its mail settings bring a select and more: loaded when the section is opened. */
const NotificationView = lazy(() => import('./components/NotificationView'));
/** A table and dialogs: loaded when the section is opened. */
const TokenView = lazy(() => import('./components/TokenView'));
const WebhookView = lazy(() => import('./components/WebhookView'));
const MemberView = lazy(() => import('./components/MemberView'));

const sections = [
  { key: 'basic', label: '基本设置' },
  { key: 'security', label: '安全设置' },
  { key: 'binding', label: '账号绑定' },
  { key: 'notification', label: '新消息通知' },
  { key: 'tokens', label: 'API 令牌' },
  { key: 'webhooks', label: 'Webhook 订阅' },
  { key: 'members', label: '公司成员' },
] as const;

export type SettingsSection = (typeof sections)[number]['key'];

/** The section named by `?tab=`; 基本设置 for a missing or unknown one. */
export function sectionOf(tab: string | null): SettingsSection {
  return sections.find((section) => section.key === tab)?.key ?? 'basic';
}

/** 个人设置: a menu of sections; the open one is kept in `?tab=` so that a reload stays on it. */
export default function AccountSettings() {
  const [searchParams, setSearchParams] = useSearchParams();
  const currentUser = useSelector((state: { user: UserModelState }) => state.user.currentUser);
  const section = sectionOf(searchParams.get('tab'));
  // The inspector works at the bench, not through a system of their own (contract/token's and webhook's access).
  const makesTokens = !!currentUser?.authority.some((role) => tokenAccess.write.includes(role));
  const open = (key: SettingsSection) => setSearchParams({ tab: key });

  const pane = () => {
    // SecurityLayout loads the user before pages render; this covers the moment after a logout.
    if (!currentUser) return <Spin />;
    switch (section) {
      case 'security':
        return <SecurityView user={currentUser} openBinding={() => open('binding')} />;
      case 'binding':
        return <BindingView user={currentUser} />;
      case 'tokens':
        return !makesTokens ? null : (
          <Suspense fallback={<Spin />}>
            <TokenView />
          </Suspense>
        );
      case 'webhooks':
        return !makesTokens ? null : (
          <Suspense fallback={<Spin />}>
            <WebhookView />
          </Suspense>
        );
      case 'members':
        return !currentUser.company ? null : (
          <Suspense fallback={<Spin />}>
            <MemberView user={currentUser} />
          </Suspense>
        );
      case 'notification':
        return (
          <Suspense fallback={<Spin />}>
            <NotificationView user={currentUser} />
          </Suspense>
        );
      default:
        return <BaseView key={currentUser.id} user={currentUser} />;
    }
  };

  return (
    <PageContainer title="个人设置">
      <Card styles={{ body: { display: 'flex', padding: '16px 0' } }}>
        <Menu
          mode="inline"
          style={{ width: 224, flexShrink: 0 }}
          selectedKeys={[section]}
          items={sections
            .filter(({ key }) => (key !== 'tokens' && key !== 'webhooks') || makesTokens)
            .filter(({ key }) => key !== 'members' || !!currentUser?.company)
            .map(({ key, label }) => ({ key, label }))}
          onClick={({ key }) => open(key as SettingsSection)}
        />
        <div style={{ flex: 1, minWidth: 0, padding: '8px 40px' }}>
          <Typography.Title level={4} style={{ marginBottom: 12 }}>
            {sections.find(({ key }) => key === section)?.label}
          </Typography.Title>
          {pane()}
        </div>
      </Card>
    </PageContainer>
  );
}
