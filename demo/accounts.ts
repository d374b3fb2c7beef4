/** The demo accounts (password `shipdesk123`), one or two per role: the server seeds them, the umi mock signs them in. */
import type { PersonRole as Role } from '../contract/shared/common';

export const DEMO_PASSWORD = 'shipdesk123';

export interface DemoAccount {
  name: string;
  role: Role;
  realName: string;
  email: string;
  phone: string;
  /** A customer's company (客户公司), which they manage; or the account whose company they are a member of. */
  company?: { name: string } | { colleagueOf: string };
}

export const demoAccounts: DemoAccount[] = [
  {
    name: 'user',
    role: 'user',
    realName: '陈客户',
    email: 'user@shipdesk.local',
    phone: '13800000001',
    company: { name: '华东服饰有限公司' },
  },
  {
    name: 'user2',
    role: 'user',
    realName: '林客户',
    email: 'user2@shipdesk.local',
    phone: '13800000002',
    company: { name: '林氏鞋业有限公司' },
  },
  { name: 'clerk', role: 'documentClerk', realName: '王单证', email: 'clerk@shipdesk.local', phone: '13800000003' },
  { name: 'inspector', role: 'inspector', realName: '赵验针', email: 'inspector@shipdesk.local', phone: '13800000004' },
  {
    name: 'user-b',
    role: 'user',
    realName: '周同事',
    email: 'user-b@shipdesk.local',
    phone: '13800000005',
    company: { colleagueOf: 'user' },
  },
  { name: 'admin', role: 'admin', realName: '钱管理', email: 'admin@shipdesk.local', phone: '13800000006' },
];
