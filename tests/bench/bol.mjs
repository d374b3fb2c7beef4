/**
 * `npm run bench:bol`: the bill of lading list GET /v1/bol at 200 k B/Ls, on the real server and a throwaway
 * PostgreSQL, against the packing list's latency target (p95 ≤ 20 ms with 10 clients): the customer's and the
 * clerk's first and deep pages, the status filter (its total kept in row_counts), the prefix filters and the free
 * text over four indexed columns. Every B/L is the demo customer `user`'s (the owner's worst case), on the demo
 * plans and orders (the foreign keys), statuses, lanes, 240 vessels and 5 000 consignees in turn; the filters ask
 * what a clerk types: most of a B/L number, a whole vessel name, the start of a consignee's name.
 *
 * Options: --bols=200000 --connections=10 --seconds=8 --warmup=2. Prints figures; exits 0.
 */
import { option, runListBench } from './listBench.mjs';

const bols = option('bols', 200_000);

const pick = (values, n) => `(array[${values.map((v) => `'${v}'`).join(',')}])[1 + (${n}) % ${values.length}]`;
const statuses = ['DRAFT', 'PENDING_APPROVAL', 'PENDING_AMENDMENT', 'APPROVED', 'ISSUED', 'RELEASED', 'VOIDED'];
const vessels = [
  'EVER ACE',
  'MAERSK ESSEN',
  'COSCO ARIES',
  'CMA CGM MARCO POLO',
  'MSC GULSUN',
  'ONE APUS',
  'HMM ALGECIRAS',
  'YM WELLNESS',
];
const carriers = ['MAEU', 'MSCU', 'CMDU', 'COSU'];
const party = (name) => `jsonb_build_object('name', ${name}, 'address', jsonb_build_array('1 MAIN STREET', 'LOS ANGELES CA'))`;

/** `count` B/Ls of `user`, one a minute back from now. */
const bolsSql = (count) => `
  insert into bills_of_lading (bol_no, type, plan_key, order_key, carrier, carrier_booking_no, shipper, consignee, notify_party,
    consignee_name, place_of_receipt, pol, pod, place_of_delivery, vessel, voyage, etd, eta, containers, marks, description,
    hs_code, packages, pieces, gross_weight, cbm, freight_term, status, owner, created_at, updated_at)
  select ${pick(carriers, 'g')} || lpad((1000000 + g)::text, 8, '0'), 'BOL', (select min(key) from osb_plans), (select min(key) from osb_orders),
    ${pick(carriers, 'g')}, 'BK' || (7000000 + g), ${party("'SHANGHAI DONGFANG GARMENT FACTORY'")},
    ${party("'CONSIGNEE ' || (g % 5000)")}, ${party("'SAME AS CONSIGNEE'")}, 'CONSIGNEE ' || (g % 5000), 'SHANGHAI', 'CNSHA',
    ${pick(['USLAX', 'DEHAM', 'AUSYD', 'NLRTM', 'JPTYO'], 'g / 4')}, 'LOS ANGELES', ${pick(vessels, 'g / 7')} || ' ' || (g / 5000 % 30), (g % 900) || 'E',
    current_date - 200 + g % 400, current_date - 180 + g % 400,
    jsonb_build_array(jsonb_build_object('containerKey', 'CT' || g, 'containerNo', null, 'sealNo', null, 'containerType', '40HQ',
      'packages', 120, 'pieces', 2880, 'grossWeight', 1250.5, 'cbm', 38.4)),
    jsonb_build_array('C/NO. 1-120', 'MADE IN CHINA'), jsonb_build_array('READY-MADE GARMENTS'), '620342', 120, 2880, 1250.5, 38.4,
    'PREPAID', ${pick(statuses, 'g')}, (select id from users where name = 'user'),
    now() - make_interval(mins => g), now() - make_interval(mins => g)
  from generate_series(1, ${count}) as g`;

await runListBench({
  title: `bills of lading (${bols.toLocaleString('en-US')})`,
  database: 'shipdesk_bench_bol',
  tables: ['bills_of_lading'],
  generate: (client) => client.query(bolsSql(bols)),
  scenarios: ({ user, clerk }) => [
    ['B/Ls: owner first', user, '/v1/bol?current=1&pageSize=20'],
    ['B/Ls: owner page 500', user, '/v1/bol?current=500&pageSize=20'],
    ['B/Ls: clerk first', clerk, '/v1/bol?current=1&pageSize=20'],
    ['B/Ls: clerk page 500', clerk, '/v1/bol?current=500&pageSize=20'],
    ['B/Ls: owner, status', user, '/v1/bol?status=ISSUED&current=1&pageSize=20'],
    ['B/Ls: clerk, by ETD', clerk, '/v1/bol?sorter=etd:ascend&current=1&pageSize=20'],
    ['B/Ls: clerk, B/L no. prefix', clerk, '/v1/bol?bolNo=MAEU010123&current=1&pageSize=20'],
    ['B/Ls: clerk, vessel', clerk, '/v1/bol?vessel=ever%20ace%207&current=1&pageSize=20'],
    ['B/Ls: clerk, free text', clerk, '/v1/bol?q=consignee%20123&current=1&pageSize=20'],
  ],
});
