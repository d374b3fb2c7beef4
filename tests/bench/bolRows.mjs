/**
 * Generated bills of lading for the benchmarks (bench:bol, bench:search): every B/L the demo customer `user`'s, on
 * the demo plans and orders (the foreign keys), statuses, lanes, 240 vessels and 5 000 consignees in turn.
 */
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
export const bolsSql = (count) => `
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
