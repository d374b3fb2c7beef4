/**
 * 箱码: a carton found by the SSCC on its sticker. The serial inside the SSCC names the carton (carton_labels: owner,
 * PO, carton number, given on the first print); the line is the owner's line of that PO whose carton range holds
 * it. A customer finds only their own cartons: another's answers as a missing one does.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { readsAll } from '../../../contract/shared/access';
import { cartonAccess, cartonOf, serialOfSscc, serialReadings, type Carton } from '../../../contract/carton/schema';
import { settingDefaults } from '../../../contract/setting/schema';
import { RuleError } from '../../../contract/shared/ruleError';
import type { SessionUser } from '../../auth/sessionUser';
import { genericPlanned, type Db } from '../../db/open';
import { runPrepared } from '../../db/statements';
import { billsOfLading, bulkLines, cartonLabels, settings, sizeGroups } from '../../db/schema';
import type { SettingValue } from '../setting';

/** A carton as a scan names it: the answer, the serial that keys its scans, and its line's carton range. */
export type FoundCarton = Carton & {
  serial: number;
  line: { key: string; poNo: string; cartonFrom: number; cartonTo: number; cartonCount: number };
};

/** The four serials an SSCC can hold (serialReadings), as the prepared lookup's values. */
const SERIALS = ['s0', 's1', 's2', 's3'] as const;

/** The labels of the serials asked, each with its line, the line's sizes, the plan's first B/L and the `gs1` setting. */
function labelsWithLines(db: Db, scope: 'company' | 'own' | 'all') {
  return db
    .select({
      label: { poNo: cartonLabels.poNo, cartonNo: cartonLabels.cartonNo, serial: cartonLabels.serial },
      line: {
        ...{ key: bulkLines.key, type: bulkLines.type, status: bulkLines.status, poNo: bulkLines.poNo },
        ...{ styleNo: bulkLines.styleNo, colour: bulkLines.colour, sizeBreakdown: bulkLines.sizeBreakdown },
        ...{ planKey: bulkLines.planKey, containerKey: bulkLines.containerKey, cartonCount: bulkLines.cartonCount },
        ...{ cartonFrom: bulkLines.cartonFrom, cartonTo: bulkLines.cartonTo },
      },
      sizeOrder: sizeGroups.sizes,
      // The plan's first B/L, on its (plan, key) index: one entry however many B/Ls the plan has.
      bolKey: sql<
        string | null
      >`(select min(${billsOfLading.key}) from ${billsOfLading} where ${billsOfLading.planKey} = ${bulkLines.planKey})`,
      gs1: sql<SettingValue<'gs1'> | null>`(select ${settings.value} from ${settings} where ${settings.key} = 'gs1')`,
    })
    .from(cartonLabels)
    .innerJoin(
      bulkLines,
      and(
        eq(bulkLines.owner, cartonLabels.owner),
        eq(bulkLines.poNo, cartonLabels.poNo),
        lte(bulkLines.cartonFrom, cartonLabels.cartonNo),
        gte(bulkLines.cartonTo, cartonLabels.cartonNo),
      ),
    )
    .innerJoin(sizeGroups, eq(sizeGroups.code, bulkLines.sizeGroup))
    .where(
      and(
        inArray(
          cartonLabels.serial,
          SERIALS.map((name) => sql.placeholder(name)),
        ),
        scope === 'company'
          ? eq(bulkLines.ownerCompany, sql.placeholder('owner'))
          : scope === 'own'
            ? eq(cartonLabels.owner, sql.placeholder('owner'))
            : undefined,
      ),
    );
}

/**
 * The carton of `sscc` (one of the rows `scope` owns when given: their company's), or a 404 naming the code. One query: the labels of every serial
 * the code can hold (serialReadings) with the `gs1` setting beside them, which picks the one printed here. Scanners
 * send it a second: a statement prepared once, on one generic plan (planning it cost ten times running it).
 */
export async function cartonOfSscc(db: Db, sscc: string, scope?: SessionUser): Promise<FoundCarton> {
  const planned = genericPlanned(db);
  const owned = !scope ? 'all' : scope.company ? 'company' : 'own';
  const serials = Object.fromEntries(serialReadings(sscc).map((serial, i) => [SERIALS[i], serial]));
  const rows = await runPrepared(planned, `carton:${owned}`, () => labelsWithLines(planned, owned), {
    ...serials,
    ...(scope ? { owner: scope.company ?? scope.id } : {}),
  });
  // An SSCC of another company prefix (or extension digit) was not printed here.
  const gs1 = rows[0]?.gs1 ?? settingDefaults.gs1;
  const serial = serialOfSscc(sscc, gs1);
  const found = rows.find((row) => row.label.serial === serial);
  if (serial === undefined || !found) throw new RuleError(404, 'NOT_FOUND', `没有箱码 ${sscc} 的箱`);
  const { key, poNo, cartonFrom, cartonTo, cartonCount } = found.line;
  return {
    ...cartonOf(sscc, gs1, found.label, found.line, found.sizeOrder, found.bolKey),
    serial,
    line: { key, poNo, cartonFrom, cartonTo, cartonCount },
  };
}

/** GET /v1/cartons/{sscc} */
export async function findCarton(db: Db, caller: SessionUser, sscc: string): Promise<Carton> {
  const {
    serial: _serial,
    line: _line,
    ...carton
  } = await cartonOfSscc(db, sscc, readsAll(cartonAccess, caller.roles) ? undefined : caller);
  return carton;
}
