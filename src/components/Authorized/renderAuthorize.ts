import React from 'react';
import type { AuthorizedProps } from './Authorized';
import check, { checkPermissions } from './CheckPermissions';
import Secured from './Secured';

/** The `Authorized` component with its helpers, as Ant Design Pro pages use it (`Authorized.check(...)`). */
export type AuthorizedComponent = React.FC<AuthorizedProps> & {
  Secured: typeof Secured;
  check: typeof check;
  checkPermissions: typeof checkPermissions;
};

/**
 * Binds the helpers to an `Authorized` component. The current authority itself comes from the store in
 * utils/authority.ts, so the bound component follows every change without being rebuilt.
 */
export default function renderAuthorize(Authorized: React.FC<AuthorizedProps>): AuthorizedComponent {
  const Bound: React.FC<AuthorizedProps> = (props) => React.createElement(Authorized, props);
  Bound.displayName = 'Authorized';
  return Object.assign(Bound, { Secured, check, checkPermissions });
}
