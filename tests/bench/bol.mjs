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
import { bolsSql } from './bolRows.mjs';
import { option, runListBench } from './listBench.mjs';

const bols = option('bols', 200_000);

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
