/**
 * Who may do what with a resource's rows, in one place per resource: the server's route guards and ownership
 * checks, the mock and the role-matrix test all read it. zod-free, so the browser and the mock may import it.
 */
import type { Role } from './formats';

export interface AccessPolicy {
  /** Roles that read (`signedIn`: every signed-in role). A role outside `readAll` reads only its own rows. */
  read: readonly Role[] | 'signedIn';
  /** Roles that create and change rows (`signedIn`: every signed-in role); outside `changeAll` only their own. */
  write: readonly Role[] | 'signedIn';
  /** Roles that read every owner's rows. */
  readAll: readonly Role[];
  /** Roles that change every owner's rows. */
  changeAll: readonly Role[];
}

const hasAny = (roles: readonly Role[], allowed: readonly Role[]) => roles.some((role) => allowed.includes(role));

/** Whether a caller with `roles` reads every owner's rows of the resource. */
export const readsAll = (policy: AccessPolicy, roles: readonly Role[]) => hasAny(roles, policy.readAll);
/** Whether a caller with `roles` changes every owner's rows of the resource. */
export const changesAll = (policy: AccessPolicy, roles: readonly Role[]) => hasAny(roles, policy.changeAll);
/** Whether a caller with `roles` may read the resource at all. */
export const reads = (policy: AccessPolicy, roles: readonly Role[]) => policy.read === 'signedIn' || hasAny(roles, policy.read);
/** Whether a caller with `roles` may write the resource at all. */
export const writes = (policy: AccessPolicy, roles: readonly Role[]) =>
  policy.write === 'signedIn' || hasAny(roles, policy.write);

/** Who may call an endpoint of `access` under the resource's policy: `public`, every signed-in role, or those roles. */
export function rolesOf(
  access: 'read' | 'write' | 'public' | readonly Role[],
  policy: AccessPolicy,
): readonly Role[] | 'signedIn' | 'public' {
  if (access === 'read') return policy.read;
  if (access === 'write') return policy.write;
  return access;
}
