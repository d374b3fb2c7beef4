import type { NotifyPreferences, User } from '@contract/user/schema';
import { List, Switch } from 'antd';
import MailView from './MailView';
import { usePreferenceSave } from './usePreferenceSave';

/** The header's three notice tabs, in their order. */
const kinds: { key: keyof NotifyPreferences; title: string; description: string }[] = [
  { key: 'notification', title: '通知', description: '系统通知将以站内信的形式通知' },
  { key: 'message', title: '消息', description: '其他用户的消息将以站内信的形式通知' },
  { key: 'event', title: '待办', description: '待办任务将以站内信的形式通知' },
];

/** 新消息通知: each switch is saved as soon as it is flipped; a failed save puts it back. Mail below. */
export default function NotificationView({ user }: { user: User }) {
  const { shown, pending, save } = usePreferenceSave(user, 'notifyPreferences');
  const toggle = (key: keyof NotifyPreferences, on: boolean, title: string) =>
    save({ ...shown, [key]: on }, on ? `已开启${title}提醒` : `已关闭${title}提醒`);

  return (
    <>
      <List itemLayout="horizontal">
        {kinds.map(({ key, title, description }) => (
          <List.Item
            key={key}
            actions={[
              <Switch
                key="switch"
                aria-label={title}
                checkedChildren="开"
                unCheckedChildren="关"
                checked={shown[key]}
                loading={Boolean(pending) && pending?.[key] !== user.notifyPreferences[key]}
                disabled={Boolean(pending)}
                onChange={(on) => toggle(key, on, title)}
              />,
            ]}
          >
            <List.Item.Meta title={title} description={description} />
          </List.Item>
        ))}
      </List>
      <MailView user={user} />
    </>
  );
}
