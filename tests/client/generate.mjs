/**
 * `node tests/client/generate.mjs <document URL> <out.d.ts>`: types of the API from its served OpenAPI document, as
 * a customer's developers make them — openapi-typescript, with the one transform its documentation gives for
 * uploads (a `format: binary` string is a Blob), so that a file is sent without a cast. An ES module: so is
 * openapi-typescript and what it reads documents with.
 */
import fs from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

const [url, out] = process.argv.slice(2);
const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));
const ast = await openapiTS(new URL(url), {
  transform: (schema) => (schema.format === 'binary' ? BLOB : undefined),
});
fs.writeFileSync(out, astToString(ast));
