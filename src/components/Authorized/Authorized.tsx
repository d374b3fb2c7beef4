import React from 'react';
import { useCurrentAuthority } from '@/utils/authority';
import { type AuthorityRequirement, checkPermissions } from './CheckPermissions';
import Exception403 from './Exception403';

export interface AuthorizedProps {
  /** What the children demand; nothing means everyone may see them. */
  authority?: AuthorityRequirement;
  /** Shown instead of the children when the check fails (default: the 403 result). */
  noMatch?: React.ReactNode;
  children?: React.ReactNode;
}

/** Renders its children when the current authority passes the check; re-renders when the authority changes. */
const Authorized: React.FC<AuthorizedProps> = ({ authority, noMatch = <Exception403 />, children = null }) => {
  const currentAuthority = useCurrentAuthority();
  return <>{checkPermissions(authority, currentAuthority, children, noMatch)}</>;
};

export default Authorized;
