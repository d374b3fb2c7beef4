/**
 * `npm run bench:booking`: the booking plan list GET /v1/osbplan at 200 k plans and the price calendar's month
 * GET /v1/osbPrice at 1 M prices, on the real server and a throwaway PostgreSQL, against the packing list's
 * latency target (p95 ≤ 20 ms with 10 clients). Every plan is the demo customer `user`'s (the owner's worst
 * case); the prices are 28 lanes × 4 container types × 6 carriers × ~1 500 days of sailings.
 *
 * Options: --plans=200000 --days=1500 --connections=10 --seconds=8 --warmup=2. Prints figures; exits 0.
 */
import { option, runListBench } from './listBench.mjs';
import { plansSql } from './planRows.mjs';

const plans = option('plans', 200_000);
const days = option('days', 1500);

const pols = ['CNSHA', 'CNNGB', 'CNSZX', 'CNTAO'];
const pods = ['USLAX', 'USNYC', 'DEHAM', 'NLRTM', 'GBFXT', 'AUSYD', 'JPTYO'];
const carriers = ['MAEU', 'MSCU', 'CMDU', 'COSU', 'EGLV', 'ONEY'];
/** Sailings every day for `count` days from a year ago, on every lane, type and carrier. */
const pricesSql = (count) => `
  insert into osb_prices (carrier, pol, pod, container_type, sailing_date, amount, currency, space, transit_days)
  select c, pol, pod, t, current_date - 365 + d, 1000 + abs(hashtext(c || pol || pod || t || d)) % 3000, 'USD',
    case when d % 11 = 5 then 'full' when d % 7 = 3 then 'tight' else 'ample' end, 20
  from unnest(array[${pols.map((p) => `'${p}'`)}]) pol, unnest(array[${pods.map((p) => `'${p}'`)}]) pod,
    unnest(array['20GP','40GP','40HQ','45HQ']) t, unnest(array[${carriers.map((c) => `'${c}'`)}]) c,
    generate_series(0, ${count - 1}) d
  on conflict do nothing`;

const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);

await runListBench({
  title: `booking plans (${plans.toLocaleString('en-US')}) and the price calendar (${(pols.length * pods.length * 4 * carriers.length * days).toLocaleString('en-US')} prices)`,
  database: 'shipdesk_bench_booking',
  tables: ['osb_plans', 'osb_prices'],
  generate: async (client) => {
    await client.query(plansSql(plans));
    await client.query(pricesSql(days));
  },
  scenarios: ({ user, clerk }) => [
    ['plans: owner first', user, '/v1/osbplan?current=1&pageSize=20'],
    ['plans: owner page 500', user, '/v1/osbplan?current=500&pageSize=20'],
    ['plans: clerk first', clerk, '/v1/osbplan?current=1&pageSize=20'],
    ['plans: clerk page 500', clerk, '/v1/osbplan?current=500&pageSize=20'],
    ['plans: owner, status', user, '/v1/osbplan?status=CONFIRMED&current=1&pageSize=20'],
    ['plans: owner, by ETD', user, '/v1/osbplan?sorter=etd:ascend&current=1&pageSize=20'],
    ['calendar: a month', user, `/v1/osbPrice?pol=CNSHA&pod=USLAX&containerType=40HQ&month=${month}`],
  ],
});
