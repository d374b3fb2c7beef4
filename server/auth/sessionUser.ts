import type { Role } from '../../contract/common';

/** Who a request is from, as its session token names them: what every route and domain function is given. */
export interface SessionUser {
  id: string;
  name: string;
  roles: Role[];
  tokenHash: string;
}
