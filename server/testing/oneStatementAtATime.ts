/**
 * A transaction runs on one pg client, and a client runs one statement at a time: statements started together
 * (a Promise.all over `tx`) are only queued by pg 8, with a deprecation warning once a process, and pg 9 refuses
 * them. The API tests note every such statement and fail the test that started it (setup.ts), so that a new one
 * fails on PostgreSQL rather than at the upgrade. The statement still runs: refusing it would also refuse the
 * transaction's rollback, which hides the cause. Reads pg's own queue fields: pg has no public "busy".
 */
import { Client } from 'pg';

type Queue = { _activeQuery: unknown; _queryQueue: unknown[] };
const query = Client.prototype.query as (this: Client, ...args: unknown[]) => unknown;
const overlapping: string[] = [];

function noted(this: Client & Queue, ...args: unknown[]) {
  if (this._activeQuery || this._queryQueue.length > 0) {
    const [asked] = args;
    overlapping.push(String(typeof asked === 'string' ? asked : (asked as { text?: string } | undefined)?.text));
  }
  return query.apply(this, args);
}

Client.prototype.query = noted as Client['query'];

/** The statements started while their client ran another, since the last call (which forgets them). */
export const takeOverlapping = (): string[] => overlapping.splice(0);
