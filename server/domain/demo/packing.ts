/**
 * Demo and benchmark data of bulk lines: the lookups of demo/lookups, the lines of demo/bulkLines, and a generator of synthetic lines (`npm run admin -- demo:generate --lines N [--owner user]`).
 */
import { count, eq, sql } from 'drizzle-orm';
import type { BulkLine } from '../../../contract/packing/schema';
import { computeBulkTotals } from '../../../contract/packing/rules';
import type { GbsOrder } from '../../../contract/lookup/schema';
import { audit, auditAll } from '../../db/audit';
import type { Db } from '../../db/open';
import { bulkLines, factories, gbsOrders, sizeGroups, users } from '../../db/schema';
import { lineEntry, toBulkLine } from '../packing/lines';
import { demoFactories, demoGbsOrders, demoSizeGroups } from '../../../demo/lookups';
import { demoAccountsWithLines, demoLineValues, shoe, tee } from '../../../demo/bulkLines';

/** Adds the lookups that are missing; answers how many rows were added. */
export async function seedLookups(db: Db): Promise<number> {
  const added = await Promise.all([
    db.insert(factories).values(demoFactories).onConflictDoNothing().returning({ code: factories.code }),
    db.insert(sizeGroups).values(demoSizeGroups).onConflictDoNothing().returning({ code: sizeGroups.code }),
    db.insert(gbsOrders).values(demoGbsOrders).onConflictDoNothing().returning({ id: gbsOrders.id }),
  ]);
  return added.reduce((sum, rows) => sum + rows.length, 0);
}

// ——— demo lines ———

/**
 * The demo lines of an account that has none yet (idempotent: an account with lines is left alone), created
 * an hour apart, newest last, each with its audit row. Answers how many lines were added.
 */
export async function seedDemoLines(db: Db, accountName: string): Promise<number> {
  if (!demoAccountsWithLines.includes(accountName)) return 0;
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.name, accountName));
    if (!owner) return 0;
    const [{ n }] = await tx.select({ n: count() }).from(bulkLines).where(eq(bulkLines.owner, owner.id));
    if (n > 0) return 0;
    const values = demoLineValues(accountName, owner.id);
    const rows = await tx
      .insert(bulkLines)
      .values(
        values.map((line, i) => {
          const at = sql`now() - make_interval(hours => ${values.length - i})`;
          return { ...line, createdAt: at, updatedAt: at };
        }),
      )
      .returning();
    await auditAll(
      tx,
      rows.map((row) => {
        const line: BulkLine = toBulkLine(row);
        return { ...lineEntry('system', 'create', line.key, null, line), at: line.createdAt };
      }),
    );
    return rows.length;
  });
}

// ——— benchmark lines ———

/** One kind of synthetic line: the figures of a real order, its totals from the contract's rules. */
const generatorTemplates = [
  { order: 'G1001', factoryCode: 'F01', sizeBreakdown: { S: 4, M: 8, L: 8, XL: 4 }, packType: 'SCAS', carton: tee },
  { order: 'G1002', factoryCode: 'F01', sizeBreakdown: { M: 24 }, packType: 'SCSS', carton: tee },
  { order: 'G1003', factoryCode: 'F02', sizeBreakdown: { '40': 2, '41': 3, '42': 3, '43': 2 }, packType: 'SCAS', carton: shoe },
  {
    order: 'G1004',
    factoryCode: 'F04',
    sizeBreakdown: { '165/84A': 6, '170/88A': 12, '175/92A': 6 },
    packType: 'SCAS',
    carton: { nwPerCtn: 9, gwPerCtn: 9.8, ctnL: 62, ctnW: 42, ctnH: 36 },
  },
  {
    order: 'G1005',
    factoryCode: 'F03',
    sizeBreakdown: { '100': 3, '110': 3, '120': 3, '130': 3 },
    packType: 'ACAS',
    carton: { nwPerCtn: 6.125, gwPerCtn: 6.9, ctnL: 58.5, ctnW: 38.5, ctnH: 30.5 },
  },
  {
    order: 'G1006',
    factoryCode: 'F01',
    sizeBreakdown: { M: 6, L: 6 },
    packType: 'SCAS',
    carton: { nwPerCtn: 11.5, gwPerCtn: 12.4, ctnL: 70, ctnW: 50, ctnH: 40 },
  },
  {
    order: 'G1007',
    factoryCode: 'F04',
    sizeBreakdown: { S: 2, M: 4, L: 4, XL: 2 },
    packType: 'SCAS',
    carton: { nwPerCtn: 10.2, gwPerCtn: 11, ctnL: 60, ctnW: 45, ctnH: 40 },
  },
  { order: 'G1008', factoryCode: 'F02', sizeBreakdown: { '42': 12 }, packType: 'SCSS', carton: shoe },
] as const;

/** Lines per synthetic PO and cartons per line: PO ranges 1–1000, consecutive, never overlapping. */
const LINES_PER_PO = 50;
const CARTONS_PER_LINE = 20;
/** Lines per INSERT … SELECT (and per transaction). */
const GENERATE_CHUNK = 50_000;

export interface GenerateOptions {
  lines: number;
  /** The owning account's name. */
  owner: string;
  /** Called after each committed chunk with the lines written so far. */
  progress?: (written: number) => void;
}

/**
 * Inserts `lines` synthetic lines for one account, by INSERT … SELECT over generate_series in chunks of
 * 50 000 (a million lines take a minute or two on PostgreSQL): POs of this run's own prefix (GEN<time>-000001…),
 * 50 lines of 20 cartons each, statuses mixed (about 5 % shipped, 10 % allocated, 25 % awaiting consolidation,
 * the rest awaiting inspection), a quarter of them loose cargo, one second apart (newest last). Each chunk
 * writes one audit row (entity `bulkLineGenerate`) in its transaction rather than one per line. Ends with
 * VACUUM ANALYZE, so that the planner's statistics and the visibility map describe the new table.
 */
export async function generateBulkLines(db: Db, options: GenerateOptions): Promise<{ poPrefix: string; lines: number }> {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.name, options.owner));
  if (!owner) throw new Error(`no account named ${options.owner}`);
  await seedLookups(db);
  const poPrefix = `GEN${Date.now().toString(36).toUpperCase()}`;
  const orders = new Map(demoGbsOrders.map((order) => [order.id, order]));
  const templates = sql.join(
    generatorTemplates.map((template, i) => {
      const order = orders.get(template.order) as GbsOrder;
      const figures = { sizeBreakdown: template.sizeBreakdown, ...template.carton, cartonFrom: 1, cartonTo: CARTONS_PER_LINE };
      const totals = computeBulkTotals(figures);
      return sql`(${i}::int, ${order.odgItemNo}::text, ${order.styleNo}::text, ${order.colour}::text, ${template.factoryCode}::text,
        ${order.sizeGroup}::text, ${JSON.stringify(template.sizeBreakdown)}::jsonb, ${template.packType}::text,
        ${totals.qtyPerCarton}::int, ${totals.totalQty}::int, ${template.carton.nwPerCtn}::float8, ${template.carton.gwPerCtn}::float8,
        ${totals.totalNw}::float8, ${totals.totalGw}::float8, ${template.carton.ctnL}::float8, ${template.carton.ctnW}::float8,
        ${template.carton.ctnH}::float8, ${totals.cbm}::float8, ${order.destination}::text)`;
    }),
    sql`, `,
  );
  const startedAt = new Date();
  for (let from = 0; from < options.lines; from += GENERATE_CHUNK) {
    const to = Math.min(from + GENERATE_CHUNK, options.lines) - 1;
    await db.transaction(async (tx) => {
      // Flushed at commit even where commits are asynchronous (test servers): VACUUM can mark a page all-visible
      // only once its inserter's commit is on disk, and the benchmarks' deep pages want index-only scans.
      await tx.execute(sql`set local synchronous_commit = on`);
      await tx.execute(sql`
        insert into ${bulkLines} (type, odg_item_no, po_no, style_no, colour, factory_code, size_group, size_breakdown, pack_type,
          carton_from, carton_to, carton_count, qty_per_carton, total_qty, nw_per_ctn, gw_per_ctn, total_nw, total_gw,
          ctn_l, ctn_w, ctn_h, cbm, destination, ex_factory_date, status, inspection_result, owner, created_at, updated_at)
        select
          case when g % 4 = 0 then 'single' else 'multi' end,
          t.odg_item_no, ${poPrefix} || '-' || lpad((g / ${LINES_PER_PO} + 1)::text, 6, '0'), t.style_no, t.colour,
          t.factory_code, t.size_group, t.size_breakdown, t.pack_type,
          (g % ${LINES_PER_PO}) * ${CARTONS_PER_LINE} + 1, (g % ${LINES_PER_PO} + 1) * ${CARTONS_PER_LINE}, ${CARTONS_PER_LINE},
          t.qty_per_carton, t.total_qty, t.nw_per_ctn, t.gw_per_ctn, t.total_nw, t.total_gw, t.ctn_l, t.ctn_w, t.ctn_h, t.cbm,
          t.destination, date '2026-01-05' + (g / ${LINES_PER_PO}) % 365,
          case when g % 20 = 0 then 'shipped' when g % 20 < 3 then 'allocated' when g % 20 < 8 then 'pendingConsolidation' else 'pendingInspection' end,
          case when g % 20 < 8 then 'pass' end,
          ${owner.id}::uuid,
          ${startedAt.toISOString()}::timestamptz - make_interval(secs => ${options.lines} - g),
          ${startedAt.toISOString()}::timestamptz - make_interval(secs => ${options.lines} - g)
        from generate_series(${from}::int, ${to}::int) as g
        join (values ${templates}) as t(i, odg_item_no, style_no, colour, factory_code, size_group, size_breakdown, pack_type,
          qty_per_carton, total_qty, nw_per_ctn, gw_per_ctn, total_nw, total_gw, ctn_l, ctn_w, ctn_h, cbm, destination)
          on t.i = (g / ${LINES_PER_PO}) % ${generatorTemplates.length}`);
      await audit(tx, {
        actor: 'cli',
        entity: 'bulkLineGenerate',
        entityKey: `${poPrefix}:${from}`,
        after: { owner: options.owner, poPrefix, lines: to - from + 1, first: from, last: to },
      });
    });
    options.progress?.(to + 1);
  }
  await db.execute(sql`vacuum analyze ${bulkLines}`);
  return { poPrefix, lines: options.lines };
}
