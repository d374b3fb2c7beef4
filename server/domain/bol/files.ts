/**
 * What a B/L gives out: the PDF of its printed sheet (contract/bol/sheet.ts, drawn with pdfkit, "DRAFT" across it
 * until it is issued) and, once issued, its DCSA eBL 3.0 Transport Document.
 */
import { eq } from 'drizzle-orm';
import { bolStatusLabels } from '../../../contract/bol/codes';
import { bolSheet, portPrinter } from '../../../contract/bol/sheet';
import type { DcsaTransportDocument } from '../../../contract/bol/dcsaEbl';
import { toDcsaTransportDocument } from '../../../contract/bol/dcsaMapping';
import { RuleError } from '../../../contract/shared/ruleError';
import type { SessionUser } from '../../auth/sessionUser';
import type { Db } from '../../db/open';
import { billsOfLading, users } from '../../db/schema';
import { sheetPdf } from '../../../contract/bol/sheetPdf';
import { getBol } from './rows';
import { settingValue } from '../setting';

/** The terms the carrier's B/L refers to, as the export states them. */
const TERMS =
  "Received by the carrier in apparent good order and condition unless otherwise stated. Carriage is subject to the carrier's standard terms and conditions of carriage, which are available from the carrier on request.";

/** GET /v1/bol/{key}/pdf — the printed sheet as an A4 PDF. */
export async function bolPdf(db: Db, caller: SessionUser, key: string): Promise<{ name: string; file: Buffer }> {
  const bol = await getBol(db, caller, key);
  return sheetPdf(bolSheet(bol, portPrinter(await settingValue(db, 'ports'))));
}

/** GET /v1/bol/{key}/dcsa — an issued or released B/L only (409 naming its state otherwise). */
export async function bolDcsa(db: Db, caller: SessionUser, key: string): Promise<DcsaTransportDocument> {
  const bol = await getBol(db, caller, key);
  if (bol.status !== 'ISSUED' && bol.status !== 'RELEASED') {
    throw new RuleError(
      409,
      'NOT_ISSUED',
      `提单 ${bol.bolNo} 当前为「${bolStatusLabels[bol.status]}」，签发后才能导出 DCSA 电子提单`,
    );
  }
  const [[issuer], carriers] = await Promise.all([
    db
      .select({ name: users.realName, login: users.name, email: users.email, phone: users.phone })
      .from(billsOfLading)
      .innerJoin(users, eq(users.id, billsOfLading.issuedBy))
      .where(eq(billsOfLading.key, key)),
    settingValue(db, 'carriers'),
  ]);
  return toDcsaTransportDocument(bol, {
    contact: {
      name: (issuer.name || issuer.login).slice(0, 35),
      ...(issuer.email ? { email: issuer.email } : {}),
      ...(issuer.phone ? { phone: issuer.phone } : {}),
    },
    carrierName: carriers.find((carrier) => carrier.scac === bol.carrier)?.name ?? bol.carrier,
    termsAndConditions: TERMS,
  });
}
