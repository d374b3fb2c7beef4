/**
 * 邮件提醒 (zod-free and light, for the settings page): which to-dos also arrive by mail, one mail each or a digest,
 * and the signed-out unsubscribe link that turns one of them off.
 */
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';
import type { Role } from '../shared/formats';

export const mailRoutes = {
  unsubscribeInfo: { method: 'GET', path: '/v1/mail/unsubscribe' },
  unsubscribe: { method: 'POST', path: '/v1/mail/unsubscribe' },
} as const satisfies Record<string, Route>;

/** The to-dos that can arrive by mail, with what the settings page calls them and the roles they are given to. */
export const todoMailKinds = {
  planToBook: { label: '订舱计划待订舱', roles: ['documentClerk'] },
  changeToDecide: { label: '订舱计划变更待审核', roles: ['documentClerk'] },
  bolToAmend: { label: '提单待修改', roles: ['documentClerk'] },
  looseToConfirm: { label: '散货订舱待确认', roles: ['documentClerk'] },
  declarationDocuments: { label: '报关交接待收齐单证', roles: ['documentClerk'] },
  bolToConfirm: { label: '提单草稿待确认', roles: ['user'] },
  cutOff: { label: '截单、截关、VGM 截止提醒', roles: ['user', 'documentClerk'] },
  sailingDelay: { label: '船期延误提醒', roles: ['user', 'documentClerk'] },
  lotToReinspect: { label: 'PO 待复验', roles: ['inspector'] },
} as const satisfies Record<string, { label: string; roles: readonly Role[] }>;
export type TodoMailKind = keyof typeof todoMailKinds;
export const todoMailKindNames = Object.keys(todoMailKinds) as TodoMailKind[];

/** The to-dos a holder of `roles` can be given, in the settings page's order. */
export const todoMailKindsOf = (roles: readonly Role[]): TodoMailKind[] =>
  todoMailKindNames.filter((kind) => todoMailKinds[kind].roles.some((role) => roles.includes(role)));

export const mailDeliveries = { each: '每项待办一封', digest: '定时汇总' } as const;
export type MailDelivery = keyof typeof mailDeliveries;
/** How often a digest may come, in minutes. */
export const digestMinuteChoices = [15, 30, 60, 120, 240, 480] as const;
export type DigestMinutes = (typeof digestMinuteChoices)[number];

export interface MailPreferences {
  /** The to-dos that also arrive by mail; a kind not listed is off. */
  todos: Partial<Record<TodoMailKind, boolean>>;
  delivery: MailDelivery;
  digestMinutes: DigestMinutes;
}

/** Nothing by mail until the user asks for it. */
export const defaultMailPreferences: MailPreferences = { todos: {}, delivery: 'each', digestMinutes: 60 };

/** What an unsubscribe link turns off, shown before the reader confirms. */
export interface UnsubscribeInfo {
  kind: TodoMailKind;
  label: string;
  /** The account's name, partly hidden: the link may be forwarded. */
  account: string;
  subscribed: boolean;
}

/**
 * The calls are public (each endpoint says so): the link itself is the permission to turn that one switch off,
 * signed in or not. The policy is the resource's formal one and admits nobody else to anything.
 */
export const mailAccess: AccessPolicy = { read: 'signedIn', write: 'signedIn', readAll: [], changeAll: [] };
