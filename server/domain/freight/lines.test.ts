/**
 * The database's split (lineFreightSql) against the contract's (containerFreight, looseFreight): for random lines of
 * a container and of a loose-cargo booking, every line's CNY is the same to the fen, and the parts add up.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { looseFreight } from '../../../contract/freight/loose';
import { emptyHandoverChecklist } from '../../../contract/loose/codes';
import { settingDefaults } from '../../../contract/setting/schema';
import type { SessionUser } from '../../auth/sessionUser';
import { bulkLines, looseBookings, osbContainers } from '../../db/schema';
import { seedLookups } from '../demo/packing';
import { confirmedPlan, putPrice } from '../../testing/booking';
import { createLine } from '../../testing/bulk';
import { createTestApp, type TestApp } from '../../testing/harness';
import { containerFreightOf, freightLines } from './container';
import { lineFreights } from './lines';

let t: TestApp;
let containerKey: string;
let lineKeys: string[];
let clerk: SessionUser;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app.db);
  const owner = await t.addUser('fluser', ['user']);
  await t.addUser('flclerk', ['documentClerk']);
  const [user, clerkToken] = await Promise.all([t.login('fluser'), t.login('flclerk')]);
  clerk = { id: owner, name: 'flclerk', roles: ['documentClerk'], tokenHash: '' };
  const { plan } = await confirmedPlan(t, user, clerkToken, await putPrice(t, clerkToken, { containerType: '40HQ' }), 1);
  containerKey = (await t.call('POST', `/v1/osbplan/${plan.key}/container`, { token: user, body: {} })).json().key;
  const lines = [];
  for (let i = 0; i < 12; i += 1) lines.push(await createLine(t, user, { poNo: `PO-FL${i}`, cartonTo: 1 + (i % 4) }));
  lineKeys = lines.map((line) => line.key);
});
afterAll(() => t.close());

const drawnLines = fc.array(
  fc.record({
    cbm: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 30_000 })),
    gw: fc.integer({ min: 0, max: 9_000_000 }),
    qty: fc.integer({ min: 0, max: 4000 }),
    second: fc.integer({ min: 0, max: 3 }),
  }),
  { minLength: 1, maxLength: 12 },
);

/** Puts the first drawn.length lines in `place` with the drawn figures, the others nowhere. */
async function place(drawn: { cbm: number; gw: number; qty: number; second: number }[], where: 'container' | string) {
  await t.app.db.update(bulkLines).set({ containerKey: null, planKey: null }).where(inArray(bulkLines.key, lineKeys));
  for (const [i, line] of drawn.entries()) {
    await t.app.db
      .update(bulkLines)
      .set({
        containerKey: where === 'container' ? containerKey : null,
        planKey: where === 'container' ? null : where,
        cbm: line.cbm / 1000,
        totalGw: line.gw / 1000,
        totalQty: line.qty,
        updatedAt: sql`timestamptz '2026-11-01T00:00:00Z' + make_interval(secs => ${line.second})`,
      })
      .where(eq(bulkLines.key, lineKeys[i]));
  }
}

it('splits a container’s freight in the database as the container page does, by CBM and by weight', async () => {
  await fc.assert(
    fc.asyncProperty(drawnLines, fc.constantFrom('cbm' as const, 'gw' as const), async (drawn, basis) => {
      await place(drawn, 'container');
      await t.app.db.update(osbContainers).set({ freightBasis: basis }).where(eq(osbContainers.key, containerKey));
      const page = await containerFreightOf(t.app.db, clerk, containerKey);
      const report = await lineFreights(t.app.db, lineKeys.slice(0, drawn.length));
      expect(page.lines.map((line) => [line.key, line.cny, line.cnyPerPiece])).toEqual(
        page.lines.map((line) => [line.key, report.get(line.key)?.cny, report.get(line.key)?.cnyPerPiece]),
      );
      expect(report.size).toBe(drawn.length);
    }),
    { numRuns: 25 },
  );
});

it('splits a loose-cargo booking’s rate × CBM, at least its minimum, as the contract does', async () => {
  const [booking] = await t.app.db
    .insert(looseBookings)
    .values({
      destination: 'Los Angeles',
      forwarder: '中外运',
      cfsCutOff: '2026-12-05',
      lineCount: 1,
      cartonCount: 1,
      totalQty: 1,
      totalGw: 1,
      cbm: 0,
      status: 'CONFIRMED',
      documents: emptyHandoverChecklist(),
      owner: clerk.id,
    })
    .returning({ key: looseBookings.key });
  await fc.assert(
    fc.asyncProperty(drawnLines, async (drawn) => {
      await place(drawn, booking.key);
      const cbm = Math.round(drawn.reduce((sum, line) => sum + line.cbm, 0)) / 1000;
      await t.app.db.update(looseBookings).set({ cbm }).where(eq(looseBookings.key, booking.key));
      const keys = lineKeys.slice(0, drawn.length);
      const rows = await freightLines(t.app.db, inArray(bulkLines.key, keys));
      const freight = looseFreight({
        booking: { forwarder: '中外运', destination: 'Los Angeles', cfsCutOff: '2026-12-05', cbm },
        looseRates: settingDefaults.looseRates,
        rates: settingDefaults.exchangeRates,
        lines: rows,
      });
      const report = await lineFreights(t.app.db, keys);
      expect(freight?.lines.map((line) => [line.key, line.cny])).toEqual(rows.map((row) => [row.key, report.get(row.key)?.cny]));
      const total = freight!.lines.reduce((sum, line) => sum + Math.round(line.amounts[0].amount * 100), 0);
      expect(total).toBe(Math.round(freight!.totals[0].amount * 100));
    }),
    { numRuns: 25 },
  );
});
