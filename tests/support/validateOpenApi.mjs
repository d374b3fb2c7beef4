/**
 * Reads an OpenAPI document (JSON) on standard input and prints the validator's verdict as JSON:
 * `{ valid, version, errors }`. A script of its own because the validator is an ES module that reads its schemas
 * relative to import.meta.url, which the API tests' CommonJS transform cannot load.
 */
import { Validator } from '@seriousme/openapi-schema-validator';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const validator = new Validator();
const result = await validator.validate(JSON.parse(input));
process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors ?? [] }));
