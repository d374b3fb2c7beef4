/**
 * `npm run bench:inspection`: the 验针 record list GET /v1/inspection on the real server at 200 k records on a
 * throwaway PostgreSQL, against the packing list's latency target (p95 ≤ 20 ms with 10 clients). The records
 * are generated in one statement (every one the demo customer `user`'s: the owner's worst case, a tenth of them
 * failed with a fragment). Measured: owner-filtered (`user`) and clerk-wide (`clerk`), first page and page 500
 * (offset 9 980), the default order (failures first, newest first), the records of one line, a PO prefix. Page 500
 * is walked on the index at its first view; every later view starts at the mark that view left
 * (server/domain/pageMarks.ts), as it does while no record comes or goes.
 *
 * Options: --records=200000 --connections=10 --seconds=8 --warmup=2. Prints figures; exits 0 whatever they are.
 */
import { option, runListBench } from './listBench.mjs';

const records = option('records', 200_000);

/** `count` records of `user`, inspected by `inspector`, one a minute back from now; every tenth failed. */
const generateSql = (count) => `
  insert into inspections (po_no, line_keys, lines, lot_qty, mode, sample_size, detector_id, sensitivity_fe_mm,
    calibrated_at, inspected_qty, passed_qty, alarm_qty, fragments, result, owner, inspector, inspected_at)
  select 'PO' || lpad((g % 20000)::text, 6, '0'),
    array['BD' || lpad(g::text, 8, '0')],
    jsonb_build_array(jsonb_build_object('key', 'BD' || lpad(g::text, 8, '0'), 'cartonFrom', 1, 'cartonTo', 10, 'totalQty', 240)),
    240, 'sample', 50, 'MD-0' || (g % 5), 1.0, now() - make_interval(mins => g + 5),
    50, case when g % 10 = 0 then 49 else 50 end, case when g % 10 = 0 then 1 else 0 end,
    case when g % 10 = 0 then '[{"type":"brokenNeedle","lengthMm":10,"cartonNo":3}]'::jsonb else '[]'::jsonb end,
    case when g % 10 = 0 then 'fail' else 'pass' end,
    (select id from users where name = 'user'), (select id from users where name = 'inspector'),
    now() - make_interval(mins => g)
  from generate_series(1, ${count}) as g`;

await runListBench({
  title: `验针 record list at ${records.toLocaleString('en-US')} records`,
  database: 'shipdesk_bench_inspection',
  tables: ['inspections'],
  generate: (client) => client.query(generateSql(records)),
  scenarios: ({ user: owner, clerk }) => [
    ['owner first page', owner, '/v1/inspection?current=1&pageSize=20'],
    ['owner page 500', owner, '/v1/inspection?current=500&pageSize=20'],
    ['clerk first page', clerk, '/v1/inspection?current=1&pageSize=20'],
    ['clerk page 500', clerk, '/v1/inspection?current=500&pageSize=20'],
    ['owner, one line', owner, '/v1/inspection?lineKey=BD00012345'],
    ['clerk, PO prefix', clerk, '/v1/inspection?poNo=PO0123&current=1&pageSize=20'],
  ],
});
