/**
 * The text of a to-do mail: one to-do, or a digest of several. Each names the switch it was sent for and ends
 * with that switch's unsubscribe link (one per kind in a digest).
 */
import { todoMailKinds, type TodoMailKind } from '../../contract/mail/codes';
import type { Mail } from './mailer';

export interface TodoMailItem {
  kind: TodoMailKind;
  title: string;
  description: string;
  /** The app's route of the to-do (`/osb/plan/OP…`); null opens the home page. */
  link: string | null;
}

export interface TodoMailTo {
  email: string;
  realName: string;
  /** The unsubscribe page's address for each kind in the mail. */
  unsubscribe: Partial<Record<TodoMailKind, string>>;
}

const SETTINGS_PATH = '/account/settings?tab=notification';

export function todoMail(to: TodoMailTo, items: readonly TodoMailItem[], publicUrl: string): Mail {
  const open = (item: TodoMailItem) => `${publicUrl}${item.link ?? '/'}`;
  const kinds = [...new Set(items.map((item) => item.kind))];
  const footer = [
    '——',
    `这封邮件因您在「账号设置 → 新消息通知 → 邮件提醒」中开启了${kinds.map((k) => `「${todoMailKinds[k].label}」`).join('、')}而发送。`,
    `更改提醒方式：${publicUrl}${SETTINGS_PATH}`,
    ...kinds.map((kind) => `不再接收「${todoMailKinds[kind].label}」邮件：${to.unsubscribe[kind]}`),
  ];
  const greeting = to.realName ? `${to.realName}，您好：` : '您好：';
  const body =
    items.length === 1
      ? [items[0].title, items[0].description, `打开：${open(items[0])}`].filter(Boolean)
      : [
          `以下 ${items.length} 项待办等待您处理：`,
          '',
          ...items.flatMap((item, i) => [
            `${i + 1}. ${item.title}`,
            ...(item.description ? [`   ${item.description}`] : []),
            `   打开：${open(item)}`,
          ]),
        ];
  const first = to.unsubscribe[kinds[0]];
  return {
    to: to.email,
    subject: items.length === 1 ? `【Shipdesk 待办】${items[0].title}` : `【Shipdesk】${items.length} 项待办`,
    text: [greeting, '', ...body, '', ...footer, ''].join('\n'),
    link: open(items[0]),
    headers: first ? { 'List-Unsubscribe': `<${first}>` } : undefined,
  };
}
