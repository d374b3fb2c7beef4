import React from 'react';
import { useCurrentAuthority } from '@/utils/authority';
import { type AuthorityRequirement, checkPermissions } from './CheckPermissions';
import Exception403 from './Exception403';

const isMissing = (authority: AuthorityRequirement) =>
  authority === undefined || authority === null || authority === '' || (Array.isArray(authority) && !authority.length);

/**
 * Creates a guard: `Secured(authority, error?)(Component)` renders the component only for users who pass
 * the check, otherwise `error` (default: the 403 result). A guard that demands nothing is a mistake, so
 * creating one without an authority throws.
 */
function Secured(authority: AuthorityRequirement, error?: React.ReactNode) {
  if (isMissing(authority)) throw new Error('authority is required');
  const denied = error === undefined ? <Exception403 /> : error;
  return function secure<P extends object>(Target: React.ComponentType<P>): React.FC<P> {
    const SecuredComponent: React.FC<P> = (props) => {
      const currentAuthority = useCurrentAuthority();
      return <>{checkPermissions(authority, currentAuthority, <Target {...props} />, denied)}</>;
    };
    SecuredComponent.displayName = `Secured(${Target.displayName || Target.name || 'Component'})`;
    return SecuredComponent;
  };
}

export default Secured;
