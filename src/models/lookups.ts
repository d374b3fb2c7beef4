/**
 * dva model `lookups`: the factories, size groups and GBS orders that the packing list, its dialogs and the
 * detail page share, and the booking dictionaries (ports, carriers, OSB factories) of the booking pages, each
 * asked once per visit (GBS orders once per typed odg item number).
 */
import { queryFactories, queryGbsOrders, querySizeGroups } from '@/services/lookup';
import { queryOsbDict, queryOsbFactories } from '@/services/setting';
import type { OsbDict, OsbFactory } from '@contract/setting/schema';
import { outcomeOf, type Outcome } from '@/utils/request';
import type { Factory, GbsOrder, SizeGroup } from '@contract/lookup/schema';
import type { Effect, Reducer } from 'umi';

export interface LookupsModelState {
  factories: Factory[];
  sizeGroups: SizeGroup[];
  loaded: boolean;
  /** GBS orders by the odg item number text they were looked up with. */
  gbsOrders: Record<string, GbsOrder[]>;
  /** The booking dictionaries, once fetchOsbDict has loaded them. */
  osbDict?: OsbDict;
  osbFactories: OsbFactory[];
}

export interface LookupsModelType {
  namespace: 'lookups';
  state: LookupsModelState;
  effects: Record<'fetch' | 'searchGbsOrders' | 'fetchOsbDict', Effect>;
  reducers: Record<'save' | 'saveGbsOrders', Reducer<LookupsModelState>>;
}

type State = { lookups: LookupsModelState };

/** The booking dictionaries' requests in flight, shared by every fetchOsbDict made meanwhile. */
let osbDictAsked: Promise<[Outcome<OsbDict>, Outcome<OsbFactory[]>]> | undefined;

function askOsbDict() {
  const asked = Promise.all([outcomeOf(queryOsbDict()), outcomeOf(queryOsbFactories())]);
  osbDictAsked = asked;
  asked.finally(() => {
    if (osbDictAsked === asked) osbDictAsked = undefined;
  });
  return asked;
}

export const initialLookupsState: LookupsModelState = {
  factories: [],
  sizeGroups: [],
  loaded: false,
  gbsOrders: {},
  osbFactories: [],
};

const LookupsModel: LookupsModelType = {
  namespace: 'lookups',
  state: initialLookupsState,

  effects: {
    /** Factories and size groups, loaded once per visit; a failed one is asked again next time. */
    *fetch(_, { call, put, select }) {
      const loaded: boolean = yield select((state: State) => state.lookups.loaded);
      if (loaded) return;
      const [factories, sizeGroups] = yield call(() => Promise.all([outcomeOf(queryFactories()), outcomeOf(querySizeGroups())]));
      yield put({
        type: 'save',
        payload: {
          factories: factories.ok ? factories.data : [],
          sizeGroups: sizeGroups.ok ? sizeGroups.data : [],
          loaded: factories.ok && sizeGroups.ok,
        },
      });
    },

    /**
     * The booking dictionaries, once per visit (`force` after the clerk changed them). The frame asks for them as it
     * loads (BasicLayout); a page asking meanwhile waits for that answer instead of sending its own.
     */
    *fetchOsbDict({ payload }, { call, put, select }) {
      const loaded: OsbDict | undefined = yield select((state: State) => state.lookups.osbDict);
      if (loaded && !payload?.force) return;
      const asked = osbDictAsked && !payload?.force ? osbDictAsked : askOsbDict();
      const [dict, factories]: Awaited<typeof asked> = yield call(() => asked);
      if (dict.ok && factories.ok) yield put({ type: 'save', payload: { osbDict: dict.data, osbFactories: factories.data } });
    },

    /** GBS orders for an odg item number as typed. */
    *searchGbsOrders({ payload }, { call, put, select }) {
      const text = String(payload).trim();
      const cached: GbsOrder[] | undefined = yield select((state: State) => state.lookups.gbsOrders[text]);
      if (cached) return cached;
      const result: Outcome<GbsOrder[]> = yield call(() => outcomeOf(queryGbsOrders(text)));
      if (!result.ok) return [];
      yield put({ type: 'saveGbsOrders', payload: { text, orders: result.data } });
      return result.data;
    },
  },

  reducers: {
    save(state = initialLookupsState, { payload }) {
      return { ...state, ...payload };
    },
    saveGbsOrders(state = initialLookupsState, { payload }) {
      return { ...state, gbsOrders: { ...state.gbsOrders, [payload.text]: payload.orders } };
    },
  },
};

export default LookupsModel;
