/**
 * The demo seed: the accounts, lines and prices, and the booking scenario unless it is left to the API
 * (DEMO_BOOKING=off, which `npm run docs:examples` plays over HTTP instead); a second seed adds nothing.
 */
import { count } from 'drizzle-orm';
import { configFromEnv } from '../../config';
import { osbPlans } from '../../db/schema';
import { freshDatabase, type TestDatabase } from '../../testing/databases';
import { seedDemo } from './seed';

let test: TestDatabase;
beforeAll(async () => {
  test = await freshDatabase();
});
afterAll(() => test.dispose());

const plans = async () => (await test.database.db.select({ n: count() }).from(osbPlans))[0].n;

it('seeds without the booking when asked, and with it on the next seed', async () => {
  const first = await seedDemo(test.database.db, { booking: false });
  expect(first.accounts.length).toBeGreaterThan(0);
  expect(first.prices).toBeGreaterThan(0);
  expect(first.plans).toBe(0);
  expect(await plans()).toBe(0);

  const second = await seedDemo(test.database.db);
  expect(second.accounts).toEqual([]);
  expect(second.plans).toBeGreaterThan(0);
  expect(await plans()).toBe(second.plans);
});

it('reads DEMO_BOOKING as on (the default) or off, and refuses anything else', () => {
  expect(configFromEnv({}).demoBooking).toBe(true);
  expect(configFromEnv({ DEMO_BOOKING: 'on' }).demoBooking).toBe(true);
  expect(configFromEnv({ DEMO_BOOKING: 'off' }).demoBooking).toBe(false);
  expect(() => configFromEnv({ DEMO_BOOKING: 'no' })).toThrow('DEMO_BOOKING must be on or off, not no');
});
