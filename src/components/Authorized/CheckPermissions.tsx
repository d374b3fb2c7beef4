import React from 'react';
import { getCurrentAuthority } from '@/utils/authority';
import PromiseRender from './PromiseRender';

/** Decides from the current authority; may answer later with a promise. */
export type AuthorityFunction = (currentAuthority: string[]) => boolean | Promise<unknown>;

/**
 * What a guard demands: nothing (allowed), one role, a list of roles (any one suffices), a promise or a
 * function whose result decides.
 */
export type AuthorityRequirement = string | string[] | Promise<unknown> | AuthorityFunction | null | undefined;

const toList = (currentAuthority: string | string[]): string[] =>
  Array.isArray(currentAuthority) ? currentAuthority : [currentAuthority];

/**
 * The access check (specification §5): no requirement allows; a list allows if any current authority is in
 * it; a string must equal one current authority; a promise or function result decides (a promise renders a
 * spinner until it settles, so its target and exception must be renderable); any other kind is an error.
 */
export function checkPermissions<T, K>(
  authority: AuthorityRequirement,
  currentAuthority: string | string[],
  target: T,
  exception: K,
): T | K | React.ReactElement {
  if (authority === undefined || authority === null || authority === '') return target;
  const current = toList(currentAuthority);
  if (Array.isArray(authority)) {
    if (authority.length === 0) return target;
    return current.some((item) => authority.includes(item)) ? target : exception;
  }
  if (typeof authority === 'string') {
    return current.includes(authority) ? target : exception;
  }
  if (authority instanceof Promise) {
    return <PromiseRender ok={target as React.ReactNode} error={exception as React.ReactNode} promise={authority} />;
  }
  if (typeof authority === 'function') {
    const result = authority(current);
    if (result instanceof Promise) {
      return <PromiseRender ok={target as React.ReactNode} error={exception as React.ReactNode} promise={result} />;
    }
    return result ? target : exception;
  }
  throw new Error('unsupported parameters');
}

/** The access check against the current authority (read once: components should use `<Authorized>`). */
export function check<T, K>(authority: AuthorityRequirement, target: T, exception: K): T | K | React.ReactElement {
  return checkPermissions(authority, getCurrentAuthority(), target, exception);
}

export default check;
