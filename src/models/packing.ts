/**
 * dva model `packing`: the bulk-line list as last loaded, the selection, the lookups (factories, size groups,
 * GBS orders by odg item number) and one effect per call. Mutating effects resolve a `PackingResult`
 * instead of throwing, so a page reads field errors (422) and conflicts (409) from the dispatch result.
 */
import {
  batchPatchBulkLines,
  createBulkLine,
  exportBulkLines,
  importBulkLines,
  mergeBulkLines,
  patchBulksList,
  queryBulkHistory,
  queryBulkLine,
  queryBulkLines,
  removeBulkLine,
  removeBulkLines,
  splitBulkLine,
  updateBulkLine,
  type BulkImportOutcome,
  type BulkListKind,
  type ExportedFile,
} from '@/services/packing';
import { queryFactories, queryGbsOrder, queryGbsOrders, querySizeGroups } from '@/services/lookups';
import { getErrorBody } from '@/utils/request';
import type {
  BulkAuditEntry,
  BulkCreate,
  BulkFilter,
  BulkLine,
  BulkListQuery,
  BulkListResult,
  BulksListPatch,
  BulkType,
  BulkUpdate,
} from '@contract/bulk';
import type { DeleteResult, ErrorBody } from '@contract/common';
import type { Factory, GbsOrder, SizeGroup } from '@contract/lookup';
import type { Effect, Reducer } from 'umi';

export interface PackingModelState {
  list: BulkLine[];
  total: number;
  totalIsEstimate: boolean;
  totalCap?: number;
  /** The query of the list as shown, for export. */
  query: BulkListQuery;
  selectedRowKeys: string[];
  factories: Factory[];
  sizeGroups: SizeGroup[];
  lookupsLoaded: boolean;
  /** GBS orders by the odg item number text they were looked up with. */
  gbsOrders: Record<string, GbsOrder[]>;
  detail?: BulkLine;
  history: BulkAuditEntry[];
}

/** What fetchDetail resolves to. */
export type DetailOutcome = 'found' | 'notFound' | 'failed';

/** What a mutating effect resolves to. `error` is the server's body of a 409 / 422 (absent when request.ts handled it). */
export type PackingResult<T> = { ok: true; data: T } | { ok: false; error?: ErrorBody };

/** What ProTable's `request` needs. */
export interface PackingPage {
  data: BulkLine[];
  total: number;
  success: boolean;
  totalIsEstimate?: boolean;
  totalCap?: number;
}

export interface BatchChangePayload {
  keys: string[];
  changes: BulksListPatch['changes'];
}

export interface PackingModelType {
  namespace: 'packing';
  state: PackingModelState;
  effects: Record<
    | 'fetch'
    | 'fetchLookups'
    | 'searchGbsOrders'
    | 'fetchGbsOrder'
    | 'create'
    | 'update'
    | 'batchUpdate'
    | 'remove'
    | 'removeMany'
    | 'split'
    | 'merge'
    | 'importFile'
    | 'exportFile'
    | 'fetchDetail',
    Effect
  >;
  reducers: Record<'saveList' | 'select' | 'saveLookups' | 'saveGbsOrders' | 'saveDetail', Reducer<PackingModelState>>;
}

/** dva's `call` effect creator, as umi types it. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type Call = Function;

/** Runs one service call; undefined (a failure request.ts already showed) and rethrown 409/422 become `ok: false`. */
function* attempt<T>(
  call: Call,
  fn: (...args: any[]) => Promise<T | undefined>,
  ...args: unknown[]
): Generator<unknown, PackingResult<T>, any> {
  try {
    const data: T | undefined = yield call(fn, ...args);
    return data === undefined ? { ok: false } : { ok: true, data };
  } catch (error) {
    return { ok: false, error: getErrorBody(error) };
  }
}

const linesOf = (state: { packing: PackingModelState }, keys: string[]) =>
  state.packing.list.filter((line) => keys.includes(line.key));

const versionsOf = (lines: BulkLine[]) => Object.fromEntries(lines.map((line) => [line.key, line.version]));

export const initialPackingState: PackingModelState = {
  list: [],
  total: 0,
  totalIsEstimate: false,
  query: {},
  selectedRowKeys: [],
  factories: [],
  sizeGroups: [],
  lookupsLoaded: false,
  gbsOrders: {},
  history: [],
};

const PackingModel: PackingModelType = {
  namespace: 'packing',
  state: initialPackingState,

  effects: {
    /** One page of the list; resolves what ProTable's `request` expects. */
    *fetch({ payload }, { call, put }) {
      const { query, kind = 'packing' } = payload as { query: BulkListQuery; kind?: BulkListKind };
      const result = yield* attempt<BulkListResult>(call, queryBulkLines, query, kind);
      if (!result.ok) return { data: [], total: 0, success: false } satisfies PackingPage;
      const { data, total, totalIsEstimate, totalCap } = result.data;
      yield put({ type: 'saveList', payload: { list: data, total, totalIsEstimate: Boolean(totalIsEstimate), totalCap, query } });
      return { data, total, success: true, totalIsEstimate, totalCap } satisfies PackingPage;
    },

    /** Factories and size groups, loaded once per visit. */
    *fetchLookups(_, { call, put, select }) {
      const loaded: boolean = yield select((state: { packing: PackingModelState }) => state.packing.lookupsLoaded);
      if (loaded) return;
      const factories = yield* attempt<Factory[]>(call, queryFactories);
      const sizeGroups = yield* attempt<SizeGroup[]>(call, querySizeGroups);
      yield put({
        type: 'saveLookups',
        payload: {
          factories: factories.ok ? factories.data : [],
          sizeGroups: sizeGroups.ok ? sizeGroups.data : [],
          lookupsLoaded: factories.ok && sizeGroups.ok,
        },
      });
    },

    /** GBS orders for an odg item number as typed; each text is asked once per visit. */
    *searchGbsOrders({ payload }, { call, put, select }) {
      const text = String(payload).trim();
      const cached: GbsOrder[] | undefined = yield select(
        (state: { packing: PackingModelState }) => state.packing.gbsOrders[text],
      );
      if (cached) return cached;
      const result = yield* attempt<GbsOrder[]>(call, queryGbsOrders, text);
      if (!result.ok) return [];
      yield put({ type: 'saveGbsOrders', payload: { text, orders: result.data } });
      return result.data;
    },

    *fetchGbsOrder({ payload }, { call }) {
      const result = yield* attempt<GbsOrder>(call, queryGbsOrder, payload as string);
      return result.ok ? result.data : undefined;
    },

    *create({ payload }, { call }) {
      const { type, body } = payload as { type: BulkType; body: BulkCreate };
      return yield* attempt<BulkLine>(call, createBulkLine, type, body);
    },

    *update({ payload }, { call }) {
      const { type, key, body } = payload as { type: BulkType; key: string; body: BulkUpdate };
      return yield* attempt<BulkLine>(call, updateBulkLine, type, key, body);
    },

    /**
     * 批量修改 with the versions the list showed. Lines of one type, keeping their type, go through
     * PATCH /v1/packing/{type}/bulkdata/; a mixed selection or a change of type through PATCH /v1/bulkslist.
     */
    *batchUpdate({ payload }, { call, put, select }) {
      const { keys, changes } = payload as BatchChangePayload;
      const lines: BulkLine[] = yield select((state: { packing: PackingModelState }) => linesOf(state, keys));
      const versions = versionsOf(lines);
      const types = new Set(lines.map((line) => line.type));
      const { type: newType, ...sameTypeChanges } = changes;
      const result =
        newType === undefined && types.size === 1
          ? yield* attempt<BulkLine[]>(call, batchPatchBulkLines, [...types][0], { keys, changes: sameTypeChanges, versions })
          : yield* attempt<BulkLine[]>(call, patchBulksList, { keys, changes, versions });
      if (result.ok) yield put({ type: 'select', payload: [] });
      return result;
    },

    *remove({ payload }, { call }) {
      const line = payload as BulkLine;
      return yield* attempt(call, removeBulkLine, line.type, line.key, line.version);
    },

    /** 批量删除: one several-key DELETE for the selection, whatever the lines' types: all or nothing. */
    *removeMany({ payload }, { call, put, select }) {
      const keys = payload as string[];
      const lines: BulkLine[] = yield select((state: { packing: PackingModelState }) => linesOf(state, keys));
      const result = yield* attempt<DeleteResult>(call, removeBulkLines, lines);
      if (result.ok) yield put({ type: 'select', payload: [] });
      return result;
    },

    *split({ payload }, { call }) {
      const { line, cartons } = payload as { line: BulkLine; cartons: number };
      return yield* attempt(call, splitBulkLine, line.type, line.key, { cartons, version: line.version });
    },

    *merge({ payload }, { call, put, select }) {
      const keys = payload as string[];
      const lines: BulkLine[] = yield select((state: { packing: PackingModelState }) => linesOf(state, keys));
      const result = yield* attempt<BulkLine>(call, mergeBulkLines, { keys, versions: versionsOf(lines) });
      if (result.ok) yield put({ type: 'select', payload: [] });
      return result;
    },

    *importFile({ payload }, { call }) {
      const { type, file, onProgress } = payload as { type: BulkType; file: Blob; onProgress?: (percent: number) => void };
      const outcome: BulkImportOutcome = yield call(importBulkLines, type, file, onProgress);
      return outcome;
    },

    /** The xlsx of the list's current filters (paging and sorting left out). */
    *exportFile(_, { call, select }) {
      const query: BulkListQuery = yield select((state: { packing: PackingModelState }) => state.packing.query);
      const { current: _current, pageSize: _pageSize, sorter: _sorter, ...filter } = query;
      const file: ExportedFile | undefined = yield call(exportBulkLines, filter as BulkFilter);
      return file;
    },

    /**
     * The detail page: the line and its change history. Resolves 'notFound' for a missing line or another
     * customer's (answered quietly), 'failed' when the call failed otherwise (already reported).
     */
    *fetchDetail({ payload }, { call, put }) {
      const key = payload as string;
      yield put({ type: 'saveDetail', payload: { detail: undefined, history: [] } });
      const line = yield* attempt<BulkLine>(call, queryBulkLine, key);
      if (!line.ok) return (line.error ? 'notFound' : 'failed') satisfies DetailOutcome;
      const history = yield* attempt<BulkAuditEntry[]>(call, queryBulkHistory, key);
      yield put({ type: 'saveDetail', payload: { detail: line.data, history: history.ok ? history.data : [] } });
      return 'found' satisfies DetailOutcome;
    },
  },

  reducers: {
    saveList(state = initialPackingState, { payload }) {
      const visible = new Set((payload.list as BulkLine[]).map((line) => line.key));
      return {
        ...state,
        ...payload,
        // A selection survives paging only for lines still shown; batch actions need their versions.
        selectedRowKeys: state.selectedRowKeys.filter((key) => visible.has(key)),
      };
    },
    select(state = initialPackingState, { payload }) {
      return { ...state, selectedRowKeys: payload };
    },
    saveLookups(state = initialPackingState, { payload }) {
      return { ...state, ...payload };
    },
    saveGbsOrders(state = initialPackingState, { payload }) {
      return { ...state, gbsOrders: { ...state.gbsOrders, [payload.text]: payload.orders } };
    },
    saveDetail(state = initialPackingState, { payload }) {
      return { ...state, ...payload };
    },
  },
};

export default PackingModel;
