/** Generated booking plans for the benchmarks (bench:booking, bench:export): every plan the demo customer `user`'s. */
const pick = (values, n) => `(array[${values.map((v) => `'${v}'`).join(',')}])[1 + (${n}) % ${values.length}]`;
const statuses = ['DRAFT', 'SUBMITTED', 'CONFIRMED', 'LOADING', 'SHIPPED', 'REJECTED', 'CANCELLED'];

/** `count` plans of `user`, one a minute back from now, statuses and lanes in turn. */
export const plansSql = (count) => `
  insert into osb_plans (osb_factory, carrier, pol, pod, etd, eta, week_no, container_type, quantity, price_snapshot,
    status, owner, created_at, updated_at)
  select 'SH-GARMENT', ${pick(['MAEU', 'MSCU', 'CMDU', 'COSU'], 'g')}, 'CNSHA', ${pick(['USLAX', 'DEHAM', 'AUSYD', 'NLRTM', 'JPTYO'], 'g / 4')},
    current_date + g % 90, current_date + g % 90 + 20, to_char(current_date + g % 90, 'IYYY-"W"IW'),
    ${pick(['20GP', '40GP', '40HQ', '45HQ'], 'g / 3')}, 1 + g % 5,
    jsonb_build_object('priceKey', 'PR00000001', 'carrier', 'MAEU', 'sailingDate', (current_date + g % 90)::text,
      'amount', 2000 + g % 700, 'currency', 'USD', 'fixedAt', now()),
    ${pick(statuses, 'g')}, (select id from users where name = 'user'),
    now() - make_interval(mins => g), now() - make_interval(mins => g)
  from generate_series(1, ${count}) as g`;
