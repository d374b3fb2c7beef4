/**
 * A customer's integration as their developers would write it: calls through openapi-fetch, typed by what
 * openapi-typescript made of the served document (./generated/shipdesk.d.ts, written by tests/e2e/apiClient.test.ts),
 * with no casts. A person makes an API token; the ERP imports a packing list from xlsx, lists its lines and changes
 * one with If-Match (and sees a stale ETag refused), reads a B/L, subscribes its receiver and checks the signature of
 * the event delivered there.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import createClient from 'openapi-fetch';
import type { components, paths } from './generated/shipdesk';

export type PackingLine = components['schemas']['PackingLine'];
export type BillOfLading = components['schemas']['BillOfLadingDetail'];
export type WebhookNotification = components['schemas']['WebhookNotification'];
type ErrorBody = components['schemas']['ErrorBody'];

/** What the receiver got: the signature header and the body's bytes. */
export interface Delivery {
  signature: string;
  body: string;
}

export interface IntegrationInput {
  baseUrl: string;
  userName: string;
  password: string;
  /** An xlsx of the import template's columns, with lines of `poNo`. */
  workbook: Blob;
  poNo: string;
  callbackUrl: string;
  /** The next delivery the receiver gets. */
  nextDelivery: () => Promise<Delivery>;
}

/** The answer of a call, or an error naming its status and the API's message. */
function answered<T>(result: { data?: T; error?: ErrorBody | unknown; response: Response }): T {
  if (result.data === undefined) throw new Error(`${result.response.status}: ${JSON.stringify(result.error)}`);
  return result.data;
}

export async function customerIntegration(input: IntegrationInput) {
  const person = createClient<paths>({ baseUrl: input.baseUrl });
  const login = answered(
    await person.POST('/v1/auth/login', { body: { type: 'account', userName: input.userName, password: input.password } }),
  );
  if (login.status !== 'ok') throw new Error(`sign-in refused: ${login.message ?? ''}`);
  const token = answered(
    await person.POST('/v1/tokens', {
      headers: { Authorization: `Bearer ${login.token}` },
      body: { name: 'ERP 接口客户端', scope: 'readWrite', expiresInDays: 30 },
    }),
  );
  const erp = createClient<paths>({ baseUrl: input.baseUrl, headers: { Authorization: `Bearer ${token.token}` } });

  const imported = answered(
    await erp.POST('/v1/packing/{type}/bulkdata/import', {
      params: { path: { type: 'multi' } },
      body: { file: input.workbook },
      bodySerializer: (body) => {
        const form = new FormData();
        form.append('file', body.file, 'packing.xlsx');
        return form;
      },
    }),
  );

  const listed = answered(
    await erp.GET('/v1/packing/bulkdata', { params: { query: { poNo: input.poNo, current: 1, pageSize: 100 } } }),
  );
  const lines: PackingLine[] = listed.data;
  const read = await erp.GET('/v1/packing/bulkdata/{key}', { params: { path: { key: lines[0].key } } });
  const line = answered(read);
  const etag = read.response.headers.get('etag') ?? '';
  const change = {
    odgItemNo: line.odgItemNo,
    poNo: line.poNo,
    styleNo: line.styleNo,
    colour: line.colour,
    factoryCode: line.factoryCode,
    sizeGroup: line.sizeGroup,
    sizeBreakdown: line.sizeBreakdown,
    packType: line.packType,
    cartonFrom: line.cartonFrom,
    cartonTo: line.cartonTo,
    nwPerCtn: line.nwPerCtn,
    gwPerCtn: line.gwPerCtn,
    ctnL: line.ctnL,
    ctnW: line.ctnW,
    ctnH: line.ctnH,
    destination: 'Long Beach',
    exFactoryDate: line.exFactoryDate,
  };
  const where = { path: { type: line.type, key: line.key }, header: { 'If-Match': etag } };
  const updated = answered(await erp.PUT('/v1/packing/{type}/bulkdata/{key}', { params: where, body: change }));
  const stale = await erp.PUT('/v1/packing/{type}/bulkdata/{key}', { params: where, body: change });

  const bills = answered(await erp.GET('/v1/bol', { params: { query: { current: 1, pageSize: 20 } } }));
  const bill: BillOfLading = answered(await erp.GET('/v1/bol/{key}', { params: { path: { key: bills.data[0].key } } }));

  const hook = answered(
    await erp.POST('/v1/webhooks', {
      body: { name: 'ERP 回调', callbackUrl: input.callbackUrl, eventTypes: ['plan.confirmed', 'bol.released'] },
    }),
  );
  answered(await erp.POST('/v1/webhooks/{key}/ping', { params: { path: { key: hook.key } } }));
  const delivery = await input.nextDelivery();
  const expected = Buffer.from(`sha256=${createHmac('sha256', hook.secret).update(delivery.body).digest('hex')}`);
  const given = Buffer.from(delivery.signature);
  const signed = given.length === expected.length && timingSafeEqual(given, expected);
  const events: WebhookNotification = JSON.parse(delivery.body);

  return {
    imported: imported.imported,
    lines,
    etag,
    updated,
    stale: { status: stale.response.status, error: stale.error },
    bill,
    signed,
    events,
  };
}
