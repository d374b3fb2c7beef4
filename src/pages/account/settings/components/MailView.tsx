import { digestMinuteChoices, todoMailKinds, todoMailKindsOf, type DigestMinutes, type TodoMailKind } from '@contract/mail/codes';
import type { User } from '@contract/user/schema';
import { Alert, List, Select, Switch, Typography } from 'antd';
import { usePreferenceSave } from './usePreferenceSave';

const every = (minutes: number) => (minutes < 60 ? `${minutes} 分钟` : `${minutes / 60} 小时`);
const deliveryOptions = [
  { value: 'each', label: '每项待办一封' },
  ...digestMinuteChoices.map((minutes) => ({ value: minutes, label: `每 ${every(minutes)}汇总一封` })),
];

/**
 * 邮件提醒: which of the caller's to-dos also arrive by mail, one mail each or a digest. Each change is saved at
 * once, as the notice switches above; a failed save puts it back.
 */
export default function MailView({ user }: { user: User }) {
  const { shown, pending, save } = usePreferenceSave(user, 'mailPreferences');
  const toggle = (kind: TodoMailKind, on: boolean) =>
    save({ ...shown, todos: { ...shown.todos, [kind]: on } }, `${on ? '已开启' : '已关闭'}「${todoMailKinds[kind].label}」邮件`);
  const deliver = (value: 'each' | DigestMinutes) =>
    save(
      value === 'each' ? { ...shown, delivery: 'each' } : { ...shown, delivery: 'digest', digestMinutes: value },
      value === 'each' ? '每项待办将单独发送一封邮件' : `待办将每 ${every(value)}汇总为一封邮件`,
    );

  return (
    <section aria-label="邮件提醒" style={{ marginTop: 24 }}>
      <Typography.Title level={5}>邮件提醒</Typography.Title>
      {user.email ? (
        <Typography.Paragraph type="secondary">
          开启的待办在站内信之外，也会发送到 {user.email}。每封邮件都带有打开页面的链接和退订链接。
        </Typography.Paragraph>
      ) : (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="您还没有填写邮箱，邮件提醒不会发出。请先在「基本设置」中填写邮箱。"
        />
      )}
      <List itemLayout="horizontal">
        {todoMailKindsOf(user.authority).map((kind) => (
          <List.Item
            key={kind}
            actions={[
              <Switch
                key="switch"
                aria-label={`${todoMailKinds[kind].label}邮件`}
                checkedChildren="开"
                unCheckedChildren="关"
                checked={shown.todos[kind] === true}
                disabled={Boolean(pending)}
                onChange={(on) => toggle(kind, on)}
              />,
            ]}
          >
            <List.Item.Meta title={todoMailKinds[kind].label} />
          </List.Item>
        ))}
        <List.Item
          actions={[
            <Select
              key="delivery"
              aria-label="邮件发送方式"
              style={{ width: 200 }}
              disabled={Boolean(pending)}
              value={shown.delivery === 'each' ? 'each' : shown.digestMinutes}
              options={deliveryOptions}
              onChange={deliver}
            />,
          ]}
        >
          <List.Item.Meta title="发送方式" description="单独发送，或把一段时间内的待办汇总为一封" />
        </List.Item>
      </List>
    </section>
  );
}
