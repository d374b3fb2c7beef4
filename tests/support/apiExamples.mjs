/**
 * `npm run docs:examples`: the API document's examples, taken from the demo. Starts the server on a fresh data
 * folder (the demo seeded, as a first `npm start`), signs the demo accounts in and reads every GET the document lists
 * as a role that may call it, a path's keys taken from the first row of its list; each JSON answer is an answer's
 * example. A write's request example is the record it changes (its GET), cut to the fields its body takes. Only
 * what validates against the document's own schema is kept (long lists cut to three rows), in
 * contract/apiExamples.json, which contract/openapi.ts puts beside each schema; server/http/docs.test.ts checks it.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { projectRoot, signInDemo, startShipdesk } from './server.mjs';

const out = path.join(projectRoot, 'contract', 'apiExamples.json');
const server = await startShipdesk({ env: { JOB_TICK_SECONDS: '0' } });
try {
  const sessions = {
    user: await signInDemo(server.url, 'user'),
    documentClerk: await signInDemo(server.url, 'clerk'),
    inspector: await signInDemo(server.url, 'inspector'),
  };
  const document = await (await fetch(`${server.url}/v1/docs`)).json();
  const ajv = new Ajv2020({ strict: false, validateFormats: false, unicodeRegExp: false });
  // A schema's references are to the document's components: compiled with them beside it.
  const valid = (schema, value) => ajv.compile({ ...schema, components: document.components })(value);
  const resolved = (schema) => (schema?.$ref ? document.components.schemas[schema.$ref.split('/').pop()] : schema);

  /** Lists cut to three rows: an example shows the shape, not the demo. */
  const cut = (value) => {
    if (Array.isArray(value)) return value.slice(0, 3).map(cut);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cut(v)]));
    return value;
  };
  const roleOf = (operation) => {
    const roles = operation['x-roles'];
    if (roles === 'public') return undefined;
    if (roles === 'signedIn') return 'user';
    return ['user', 'documentClerk', 'inspector'].find((role) => roles.includes(role));
  };
  const call = async (url, role) => {
    const headers = role ? { authorization: `Bearer ${sessions[role].token}` } : {};
    const response = await fetch(`${server.url}${url}`, { headers });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.startsWith('application/json')) return undefined;
    return response.json();
  };

  const examples = {};
  /** Answers the document's schema does not take: each a fault of the document, printed. */
  const unfit = [];
  const answers = new Map();
  const firstRow = (template) => {
    const list = answers.get(template);
    return list?.data?.[0] ?? (Array.isArray(list) ? list[0] : undefined);
  };
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString();
  /** Values of required query parameters and of path parameters not named after a list, from what was read. */
  const sampleOf = {
    month: () => today.slice(0, 7),
    poNo: () => firstRow('/v1/packing/bulkdata')?.poNo,
    q: () => firstRow('/v1/packing/bulkdata')?.poNo,
    planKey: () => firstRow('/v1/osbplan')?.key,
    odg_item_no: () => firstRow('/v1/packing/bulkdata')?.odgItemNo,
    entity: () => 'bol',
  };
  const gets = Object.entries(document.paths)
    // The document is no example of itself.
    .filter(([template, operations]) => operations.get && template !== '/v1/docs')
    // Lists before the records under them, whose keys come from the lists.
    .sort(([a], [b]) => a.split('{').length - b.split('{').length || a.localeCompare(b));
  for (const [template, { get: operation }] of gets) {
    const role = roleOf(operation);
    if (role === undefined && operation['x-roles'] !== 'public') continue;
    const query = new URLSearchParams();
    for (const parameter of (operation.parameters ?? []).filter((p) => p.in === 'query' && p.required))
      query.set(parameter.name, sampleOf[parameter.name]?.() ?? '');
    if ([...query.values()].some((value) => !value)) continue;
    let url = template.replace(/\{(\w+)\}/g, (whole, name) => {
      if (sampleOf[name]) return encodeURIComponent(sampleOf[name]() ?? whole);
      const row =
        firstRow(template.slice(0, template.indexOf(whole) - 1)) ?? firstRow(template.slice(0, template.indexOf('{') - 1));
      const found = name === 'entity' ? undefined : (row?.key ?? row?.id);
      return found === undefined ? whole : encodeURIComponent(found);
    });
    if (url.includes('{')) continue;
    if ([...query.keys()].length) url += `?${query}`;
    const answer = await call(url, role);
    if (answer === undefined) continue;
    answers.set(template, answer);
    const schema = operation.responses['200']?.content?.['application/json']?.schema;
    const example = [cut(answer), answer].find((candidate) => schema && valid(schema, candidate));
    if (example !== undefined) examples[`GET ${template}`] = { response: example };
    else unfit.push(`GET ${template}`);
  }

  for (const [template, operations] of Object.entries(document.paths)) {
    // A removal holds the version read: its body, when it takes one, is that.
    const removal = operations.delete?.requestBody?.content?.['application/json']?.schema;
    const read = answers.get(template) ?? answers.get(template.replace(/\/\{\w+\}$/, ''))?.data?.[0];
    if (removal && typeof read?.version === 'number' && valid(removal, { version: read.version }))
      examples[`DELETE ${template}`] = { request: { version: read.version } };
    for (const method of ['put', 'patch', 'post']) {
      const operation = operations[method];
      const schema = operation?.requestBody?.content?.['application/json']?.schema;
      if (!schema) continue;
      const record = answers.get(template) ?? answers.get(template.replace(/\/\{\w+\}$/, ''))?.data?.[0];
      const body = resolved(schema);
      if (!record || !body?.properties) continue;
      const picked = Object.fromEntries(
        Object.keys(body.properties)
          .filter((key) => key in record)
          .map((key) => [key, record[key]]),
      );
      if (Object.keys(picked).length && valid(schema, picked))
        examples[`${method.toUpperCase()} ${template}`] = { request: picked };
    }
  }
  if (unfit.length) console.log(`answers not valid by their own schema: ${unfit.join(', ')}`);
  fs.writeFileSync(out, `${JSON.stringify(examples, null, 2)}\n`);
  const requests = Object.values(examples).filter((example) => example.request).length;
  console.log(`${path.relative(projectRoot, out)}: ${Object.keys(examples).length - requests} answers, ${requests} requests`);
} finally {
  await server.stop();
}
