// dva-core's build expects a global regeneratorRuntime, which nothing else in this test loads.
import 'regenerator-runtime/runtime';
import * as lookups from '@/services/lookup';
import * as setting from '@/services/setting';
import { createApp } from '@/testing/umi';
import LookupsModel, { type LookupsModelState } from './lookups';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/lookup', () => ({
  queryFactories: jest.fn(),
  querySizeGroups: jest.fn(),
  queryGbsOrders: jest.fn(),
  queryGbsOrder: jest.fn(),
}));

jest.mock('@/services/setting', () => ({ queryOsbDict: jest.fn(), queryOsbFactories: jest.fn() }));

const mocked = <T extends (...args: any[]) => any>(fn: T) => fn as unknown as jest.MockedFunction<T>;

function setup() {
  const store = createApp([LookupsModel as any]);
  const dispatch = (action: { type: string; payload?: unknown }) => store.dispatch(action) as Promise<any>;
  const state = () => store.getState().lookups as LookupsModelState;
  return { store, dispatch, state };
}

beforeEach(() => jest.clearAllMocks());

describe('lookups', () => {
  test('factories and size groups load once per visit', async () => {
    const { dispatch, state } = setup();
    mocked(lookups.queryFactories).mockResolvedValue([{ code: 'F01', name: '一厂', country: '中国', city: '宁波' }]);
    mocked(lookups.querySizeGroups).mockResolvedValue([{ code: 'APP', name: '服装', sizes: ['S', 'M', 'L'] }]);
    await dispatch({ type: 'lookups/fetch' });
    await dispatch({ type: 'lookups/fetch' });
    expect(lookups.queryFactories).toHaveBeenCalledTimes(1);
    expect(state().sizeGroups[0].sizes).toEqual(['S', 'M', 'L']);
    expect(state().loaded).toBe(true);
  });

  test('a failed lookup is asked again next time', async () => {
    const { dispatch } = setup();
    mocked(lookups.queryFactories).mockResolvedValue(undefined);
    mocked(lookups.querySizeGroups).mockResolvedValue([]);
    await dispatch({ type: 'lookups/fetch' });
    await dispatch({ type: 'lookups/fetch' });
    expect(lookups.queryFactories).toHaveBeenCalledTimes(2);
  });

  test('GBS orders are asked once per typed text', async () => {
    const { dispatch } = setup();
    const order = {
      id: 'G1',
      odgItemNo: 'ODG-1001',
      poNo: 'PO-1',
      styleNo: 'ST-1',
      colour: 'NAVY',
      buyer: 'ACME',
      destination: 'Los Angeles',
      orderQty: 1200,
      sizeGroup: 'APP',
      exFactoryDate: '2025-03-01',
    };
    mocked(lookups.queryGbsOrders).mockResolvedValue([order]);
    expect(await dispatch({ type: 'lookups/searchGbsOrders', payload: ' ODG-1 ' })).toEqual([order]);
    expect(await dispatch({ type: 'lookups/searchGbsOrders', payload: 'ODG-1' })).toEqual([order]);
    expect(lookups.queryGbsOrders).toHaveBeenCalledTimes(1);
    expect(lookups.queryGbsOrders).toHaveBeenCalledWith('ODG-1');
  });

  describe('the booking dictionaries', () => {
    const dict = { ports: [], carriers: [], defaultPorts: { pol: 'CNSHA', pod: 'USLAX' } };

    test('asked once: a page asking while the frame’s request is out waits for its answer', async () => {
      const { dispatch, state } = setup();
      mocked(setting.queryOsbDict).mockResolvedValue(dict as never);
      mocked(setting.queryOsbFactories).mockResolvedValue([]);
      await Promise.all([dispatch({ type: 'lookups/fetchOsbDict' }), dispatch({ type: 'lookups/fetchOsbDict' })]);
      await dispatch({ type: 'lookups/fetchOsbDict' });
      expect(setting.queryOsbDict).toHaveBeenCalledTimes(1);
      expect(state().osbDict).toBe(dict);
    });

    test('asked again when forced (the clerk changed them) and after a failure', async () => {
      const { dispatch, state } = setup();
      mocked(setting.queryOsbDict)
        .mockResolvedValueOnce(undefined)
        .mockResolvedValue(dict as never);
      mocked(setting.queryOsbFactories).mockResolvedValue([]);
      await dispatch({ type: 'lookups/fetchOsbDict' });
      expect(state().osbDict).toBeUndefined();
      await dispatch({ type: 'lookups/fetchOsbDict' });
      expect(state().osbDict).toBe(dict);
      await dispatch({ type: 'lookups/fetchOsbDict', payload: { force: true } });
      expect(setting.queryOsbDict).toHaveBeenCalledTimes(3);
    });
  });
});
