/**
 * 导出 of a list, for every resource alike: the list's rows under the caller's filters and order, streamed into a
 * one-sheet xlsx with the contract's columns (contract/shared/exports). The first chunk is read before the answer
 * starts, so that a refusal (more rows than an export writes) is a 422 and never a broken file.
 */
import type { FastifyReply } from 'fastify';
import type { ListAnswer } from '../domain/list';
import type { SessionUser } from '../auth/sessionUser';
import type { Db } from '../db/open';
import {
  assertExportable,
  exportFileName,
  exportLimits,
  sheetHeader,
  sheetRow,
  type ListExport,
} from '../../contract/shared/exports/sheet';
import { sheetStream } from '../xlsx/writeSheet';
import { sendXlsx } from './endpoints';

export type ExportChunks<Q, Item> = (db: Db, caller: SessionUser, query: Q, max: number, size: number) => AsyncGenerator<Item[]>;

/**
 * The route handler of a list's export (`export: exportRoute(planExport, listPlans.chunks)`); `enrich` adds to
 * each chunk's items what the list does not carry (their freight).
 */
export function exportRoute<Q, Item>(
  spec: ListExport<Item>,
  chunks: ExportChunks<Q, Item>,
  enrich: (db: Db) => (items: Item[]) => Promise<Item[]> = () => async (items) => items,
) {
  return async ({ db, caller, query, reply }: { db: Db; caller: SessionUser; query: Q; reply: FastifyReply }) => {
    const read = chunks(db, caller, query, exportLimits.maxRows, exportLimits.chunkRows);
    const first = await read.next();
    const added = enrich(db);
    async function* rows() {
      if (first.done) return;
      yield (await added(first.value)).map((item) => sheetRow(spec, item));
      for await (const items of read) yield (await added(items)).map((item) => sheetRow(spec, item));
    }
    return sendXlsx(reply, exportFileName(spec.label), sheetStream(spec.label, sheetHeader(spec), rows()));
  };
}

/** The chunks of a list read page by page (a list not on the list engine), refused by its total past `max`. */
export function pagedChunks<P extends { current: number; pageSize: number }, Item>(
  list: (db: Db, caller: SessionUser, query: P) => Promise<ListAnswer<Item>>,
): ExportChunks<Omit<P, 'current' | 'pageSize'>, Item> {
  return async function* chunks(db, caller, query, max, size) {
    for (let current = 1; ; current += 1) {
      const page = await list(db, caller, { ...query, current, pageSize: size } as P);
      assertExportable(page.total, max);
      if (page.data.length) yield page.data;
      if (page.data.length < size) return;
    }
  };
}
