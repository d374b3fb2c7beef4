/**
 * `npm run bench:lines`: the production lines of each resource (its contract, table, domain, routes, services,
 * pages and mock; tests excluded) against the ~1 200 a resource may take (docs/architecture.md), as physical
 * lines and as lines of code (without blank and comment lines, as cloc counts them); the packing mock against its
 * ~150; and the largest production files (ESLint refuses one over 400). Prints figures; exits 0.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { projectRoot } from '../support/server.mjs';

/** A resource's files: paths, or folders ending in '/'. */
const resources = {
  inspection: [
    'contract/inspection/',
    'server/db/tables/inspection.ts',
    'server/domain/inspection.ts',
    'server/routes/inspection.ts',
    'src/services/inspection.ts',
    'src/pages/shipment/inspection/',
    'src/pages/shipment/packing/detail/InspectionRecords.tsx',
    'mock/inspection.ts',
  ],
  'bills of lading': [
    'contract/bol/',
    'server/db/tables/bol.ts',
    'server/domain/bol/',
    'server/routes/bol.ts',
    'src/services/bol.ts',
    'src/pages/shipment/multi/bol/',
    'mock/bol.ts',
  ],
  'track & trace': [
    'contract/tnt/',
    'server/db/tables/tnt.ts',
    'server/domain/tnt/',
    'server/routes/tnt.ts',
    'server/jobs/sailingDelays.ts',
    'src/services/tnt.ts',
    'src/components/Milestones/',
    'mock/tnt.ts',
    'mock/_tnt.ts',
  ],
};
const RESOURCE_BUDGET = 1200;
const PACKING_MOCK_BUDGET = 150;

const production = execFileSync('git', ['ls-files'], { cwd: projectRoot, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('tests/'));

/** Physical lines, and lines with code on them (not blank, not only a comment). */
function linesOf(file) {
  const lines = fs.readFileSync(`${projectRoot}/${file}`, 'utf8').replace(/\n$/, '').split('\n');
  let code = 0;
  let inComment = false;
  for (const line of lines.map((text) => text.trim())) {
    if (inComment) inComment = !line.includes('*/');
    else if (line.startsWith('/*')) inComment = !line.includes('*/');
    else if (line && !line.startsWith('//')) code += 1;
  }
  return { physical: lines.length, code };
}

const sum = (files) =>
  files.map(linesOf).reduce((total, lines) => ({ physical: total.physical + lines.physical, code: total.code + lines.code }), {
    physical: 0,
    code: 0,
  });

console.log(
  `${'resource'.padEnd(24)} ${'files'.padStart(5)} ${'lines'.padStart(6)} ${'code'.padStart(6)}  target ~${RESOURCE_BUDGET}`,
);
for (const [name, paths] of Object.entries(resources)) {
  const files = production.filter((file) =>
    paths.some((path) => (path.endsWith('.ts') || path.endsWith('.tsx') ? file === path : file.startsWith(path))),
  );
  const { physical, code } = sum(files);
  console.log(
    `${name.padEnd(24)} ${String(files.length).padStart(5)} ${String(physical).padStart(6)} ${String(code).padStart(6)}`,
  );
}
const mock = linesOf('mock/packing.ts');
console.log(`\nmock/packing.ts: ${mock.physical} lines, ${mock.code} of code (target ~${PACKING_MOCK_BUDGET})`);
const largest = production.map((file) => ({ file, ...linesOf(file) })).sort((a, b) => b.physical - a.physical);
console.log('\nlargest production files (ESLint max-lines: 400):');
for (const { file, physical } of largest.slice(0, 5)) console.log(`${String(physical).padStart(6)}  ${file}`);
