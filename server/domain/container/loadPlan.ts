/**
 * What the warehouse loads by: 装柜图, the box the caller may read with its lines planned in its type's inside as
 * the setting keeps it, as data and as a PDF, and 装柜清单, the load list with the plan under it.
 */
import ExcelJS from 'exceljs';
import { loadListFileName } from '../../../contract/container/codes';
import { loadListRows } from '../../../contract/container/loadList';
import { freightOfBox } from '../freight/container';
import type { LoadPlanAnswer } from '../../../contract/container/schema';
import { loadPlanAnswer, loadPlanRows } from '../../../contract/container/loadPlanView';
import { loadPlanFileName, loadPlanPdf } from '../../../contract/container/loadPlanPdf';
import type { ContainerType } from '../../../contract/setting/codes';
import type { SessionUser } from '../../auth/sessionUser';
import type { Db } from '../../db/open';
import { settingValue } from '../setting';
import { openBoxWithLines } from './containers';

/** The open box with its lines, and their plan in the inside its type has in the settings now. */
async function planned(db: Db, caller: SessionUser, key: string) {
  const box = await openBoxWithLines(db, caller, key);
  const capacity = await settingValue(db, 'containerCapacity');
  return { box, plan: loadPlanAnswer(box, capacity[box.containerType as ContainerType].innerMm) };
}

/** GET /v1/osbContainer/{key}/loadPlan — 404 for a box that is not the caller's or takes no goods. */
export async function loadPlanOf(db: Db, caller: SessionUser, key: string): Promise<LoadPlanAnswer> {
  return (await planned(db, caller, key)).plan;
}

/** GET /v1/osbContainer/{key}/loadPlan/pdf */
export async function loadPlanPdfOf(db: Db, caller: SessionUser, key: string): Promise<{ name: string; file: Buffer }> {
  const { box, plan } = await planned(db, caller, key);
  return { name: loadPlanFileName(plan), file: await loadPlanPdf(plan, box) };
}

/** GET /v1/osbContainer/{key}/loadList — 装柜清单 as a workbook, the load plan under the lines. */
export async function loadListOf(db: Db, caller: SessionUser, key: string): Promise<{ name: string; file: Buffer }> {
  const { box, plan } = await planned(db, caller, key);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('装柜清单');
  const lines = loadListRows(box, box.lines, await freightOfBox(db, box, box.lines));
  lines.forEach((row, i) => (sheet.addRow(row).font = { bold: i === 1 }));
  loadPlanRows(plan).forEach((row, i) => (sheet.addRow(row).font = { bold: i === 2 }));
  sheet.columns.forEach((column) => (column.width = 14));
  return { name: loadListFileName(box), file: Buffer.from(await workbook.xlsx.writeBuffer()) };
}
