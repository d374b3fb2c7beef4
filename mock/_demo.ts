/**
 * The mock server's fixtures and helpers: the demo accounts of demo/accounts.ts (password `shipdesk123`), their
 * notices, and the token → user lookup; kept in the mock's one store.
 */
import type { ErrorBody, PersonRole } from '../contract/shared/common';
import type { Notice } from '../contract/notice/schema';
import type { OwnerNames } from '../contract/shared/owners';
import type { User } from '../contract/user/schema';
import { demoAccounts, type DemoAccount } from '../demo/accounts';
import type { Handler, MockRequest, MockResponse } from './_http';
import { shared } from './_store';

export { DEMO_PASSWORD } from '../demo/accounts';

/** The demo companies, numbered as the server numbers them: each in the order its manager comes. */
const founders = demoAccounts.filter((account) => account.company && 'name' in account.company);
function companyOf(account: DemoAccount): User['company'] {
  const company = account.company;
  if (!company) return null;
  const founder = 'name' in company ? account : demoAccounts.find((other) => other.name === company.colleagueOf);
  const n = founders.indexOf(founder as DemoAccount) + 1;
  const name = founder?.company && 'name' in founder.company ? founder.company.name : '';
  return { key: `CO${String(n).padStart(8, '0')}`, name, shortCode: `C${String(n).padStart(5, '0')}` };
}

const demoUser = (account: DemoAccount, i: number): User => ({
  ...demoFields(account, i),
  company: companyOf(account),
  isManager: !!account.company && 'name' in account.company,
});

const demoFields = ({ name, realName, email, phone, role }: DemoAccount, i: number): Omit<User, 'company' | 'isManager'> => ({
  id: String(i + 1),
  name,
  realName,
  email,
  phone,
  authority: [role],
  status: 'active',
  config: {},
  notifyPreferences: { notification: true, message: true, event: true },
  mailPreferences: { todos: {}, delivery: 'each', digestMinutes: 60 },
  notifyCount: 0,
  unreadCount: 0,
  createdAt: '2025-01-02T08:00:00.000Z',
});

/** Mutable: PATCH /v1/users/{id} changes them for the life of the dev server. */
export const users: User[] = shared('users', () => demoAccounts.map(demoUser));

/** The token the mock issues: `mock-<name>`, so a restart keeps everyone signed in. */
export const tokenOf = (user: User) => `mock-${user.name}`;

export const findUser = (idOrName: string) => users.find((user) => user.id === idOrName || user.name === idOrName);

/** Whether two accounts are of one company (客户公司): colleagues share every record, as on the server. */
export const sameCompany = (a: string, b: string) => {
  const company = findUser(a)?.company?.key;
  return a === b || (!!company && findUser(b)?.company?.key === company);
};
/** 客户 and 客户公司 of a row `owner` owns, as the server names them. */
export const ownerNamesOf = (owner: string): OwnerNames => {
  const user = findUser(owner);
  return { ownerName: user?.realName ?? '', ownerCompanyName: user?.company?.name ?? '' };
};

/** Whether `user` owns a row of `owner`'s: theirs, or a colleague's. */
export const ownsRow = (user: User, owner: string) => sameCompany(user.id, owner);

/** The signed-in user of a request, from `Authorization: Bearer mock-<name>`; none once their account is disabled. */
export function currentUser(req: MockRequest): User | undefined {
  const match = /^Bearer mock-(.+)$/.exec(req.headers.authorization ?? '');
  const user = match ? findUser(match[1]) : undefined;
  return user?.status === 'disabled' ? undefined : user;
}

export function fail(
  res: MockResponse,
  status: number,
  errorCode: string,
  errorMessage: string,
  fields?: Record<string, string>,
) {
  const body: ErrorBody = { success: false, errorCode, errorMessage, ...(fields ? { fields } : {}) };
  res.status(status).json(body);
}

/** Runs `handler` for a signed-in request, answers 401 otherwise. */
export const signedIn =
  (handler: (req: MockRequest, res: MockResponse, user: User) => void): Handler =>
  (req, res) => {
    const user = currentUser(req);
    if (!user) return fail(res, 401, 'UNAUTHORIZED', '未登录或登录已过期');
    return handler(req, res, user);
  };

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60000).toISOString();

const noticesFor = (user: User): Notice[] => {
  const byRole: Record<PersonRole, Notice[]> = {
    user: [
      {
        id: `${user.id}-1`,
        type: 'notification',
        title: '装箱单已通过验针',
        description: 'PO 4500123456 的 120 箱已验针合格，可以拼柜',
        status: '',
        read: false,
        datetime: minutesAgo(30),
        link: '/shipment/packing',
      },
      {
        id: `${user.id}-2`,
        type: 'notification',
        title: '订舱计划已确认',
        description: '计划 OSB-2025-0012 已由单证员确认',
        status: '',
        read: true,
        datetime: minutesAgo(600),
        link: '/osb/plan',
      },
      {
        id: `${user.id}-3`,
        type: 'message',
        title: '王单证 回复了你',
        description: '提单草稿已更新收货人信息，请确认',
        status: '',
        read: false,
        datetime: minutesAgo(90),
        link: '/shipment/multi/bol',
      },
      {
        id: `${user.id}-4`,
        type: 'event',
        title: '确认提单草稿',
        description: '提单 BL-SH-0042 待你确认',
        status: 'urgent',
        read: false,
        datetime: minutesAgo(120),
        link: '/shipment/multi/bol',
      },
      {
        id: `${user.id}-5`,
        type: 'event',
        title: '上传装箱明细',
        description: 'PO 4500123460 出厂前 3 天需上传装箱明细',
        status: 'todo',
        read: false,
        datetime: minutesAgo(1500),
      },
    ],
    documentClerk: [
      {
        id: `${user.id}-1`,
        type: 'notification',
        title: '新的订舱计划待审核',
        description: '陈客户 提交了 OSB-2025-0013（40HQ × 2）',
        status: '',
        read: false,
        datetime: minutesAgo(15),
        link: '/osb/order',
      },
      {
        id: `${user.id}-2`,
        type: 'event',
        title: '报关交接',
        description: 'DEC-2025-0007 资料待核对',
        status: 'doing',
        read: false,
        datetime: minutesAgo(240),
        link: '/osb/declaration',
      },
    ],
    inspector: [
      {
        id: `${user.id}-1`,
        type: 'event',
        title: '待验针批次',
        description: 'PO 4500123461 共 80 箱待验针',
        status: 'todo',
        read: false,
        datetime: minutesAgo(45),
        link: '/shipment/inspection',
      },
    ],
    admin: [],
  };
  return user.authority.flatMap((role) => byRole[role]);
};

const noticesByUser = shared('notices', () => new Map<string, Notice[]>());

/** The user's notices (mutable: marked read, cleared). */
export function noticesOf(user: User): Notice[] {
  if (!noticesByUser.has(user.id)) noticesByUser.set(user.id, noticesFor(user));
  return noticesByUser.get(user.id) as Notice[];
}

export function setNotices(user: User, notices: Notice[]) {
  noticesByUser.set(user.id, notices);
}

/** The user with the notice counts of the moment, as GET /v1/users/current answers. */
export function withCounts(user: User): User {
  const notices = noticesOf(user);
  return { ...user, notifyCount: notices.length, unreadCount: notices.filter((notice) => !notice.read).length };
}
