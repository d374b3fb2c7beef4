/**
 * Demo data: the four demo accounts of the README (password shipdesk123) and a few notices, the lookups
 * (factories, size groups, GBS orders), the demo packing lines (packing.ts) and the 验针 records of their
 * inspection results (inspection.ts), and booking: a quarter of prices and the customers' plans
 * (booking.ts). Seeded on the first start of
 * an empty embedded database, or on request (`npm run admin -- demo:seed`). Idempotent: an account that
 * exists, a lookup row that exists and an account that has lines are left alone. Later features add their
 * demo rows here.
 */
import { eq, inArray } from 'drizzle-orm';
import { DEMO_PASSWORD, demoAccounts } from '../../../demo/accounts';
import type { Db } from '../../db/open';
import { users } from '../../db/schema';
import { seedDemoLines, seedLookups } from './packing';
import { seedDemoPlans, seedDemoPrices } from './booking';
import { seedDemoInspections } from './inspection';
import { notify } from '../notice';
import { createUser } from '../user';

export interface DemoSeeded {
  /** Names of the accounts created. */
  accounts: string[];
  /** Lookup rows and packing lines added. */
  lookups: number;
  lines: number;
  /** 验针 records added for the demo lines' inspection results. */
  inspections: number;
  /** Sailings priced and booking plans made. */
  prices: number;
  plans: number;
}

/**
 * Creates what is missing of the demo data; answers what was added. Without `booking` the plans are left to be
 * played over the API (`npm run docs:examples`, whose requests become the API document's examples).
 */
export async function seedDemo(db: Db, { booking = true } = {}): Promise<DemoSeeded> {
  const accounts = await seedDemoAccounts(db);
  const lookups = await seedLookups(db);
  let lines = 0;
  let inspections = 0;
  for (const account of demoAccounts) {
    lines += await seedDemoLines(db, account.name);
    inspections += await seedDemoInspections(db, account.name);
  }
  const prices = await seedDemoPrices(db);
  const plans = booking ? await seedDemoPlans(db, 'user') : 0;
  return { accounts, lookups, lines, inspections, prices, plans };
}

/** Creates the demo accounts that do not exist yet; answers the names created. */
async function seedDemoAccounts(db: Db): Promise<string[]> {
  const existing = await db
    .select({ name: users.name })
    .from(users)
    .where(
      inArray(
        users.name,
        demoAccounts.map((a) => a.name),
      ),
    );
  const taken = new Set(existing.map((row) => row.name));
  const created: string[] = [];
  for (const account of demoAccounts) {
    if (taken.has(account.name)) continue;
    const company = account.company;
    const [colleague] =
      company && 'colleagueOf' in company
        ? await db.select({ companyKey: users.companyKey }).from(users).where(eq(users.name, company.colleagueOf))
        : [];
    const row = await createUser(
      db,
      {
        name: account.name,
        password: DEMO_PASSWORD,
        roles: [account.role],
        status: 'active',
        realName: account.realName,
        email: account.email,
        phone: account.phone,
        companyKey: colleague?.companyKey ?? undefined,
        companyName: company && 'name' in company ? company.name : undefined,
      },
      'system',
    );
    await notify(db, row.id, {
      type: 'notification',
      title: '欢迎使用 Shipdesk',
      description: '这是演示账号，数据仅供体验。',
      link: '/account/settings',
    });
    await notify(db, row.id, { type: 'message', title: '单证员 王单证', description: '请在出运前核对装箱明细。' });
    created.push(account.name);
  }
  return created;
}
