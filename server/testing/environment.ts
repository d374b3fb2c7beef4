/**
 * The API tests' jest environment. PGlite loads its parts with dynamic import(), which jest's module sandbox
 * refuses (without node's --experimental-vm-modules, which in turn breaks ESM-only packages). So PGlite is
 * loaded here, outside the sandbox, and handed in; jest maps `@electric-sql/pglite` to it (pglite-outside.ts). (Its
 * pg_dump runs in a process of its own: server/db/embeddedDump.mjs.)
 */
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import NodeEnvironment from 'jest-environment-node';
import * as pglite from '@electric-sql/pglite';

export default class ApiTestEnvironment extends NodeEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    this.global.__shipdeskPglite = pglite;
  }
}
