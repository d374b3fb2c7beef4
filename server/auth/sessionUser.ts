import type { Role } from '../../contract/shared/common';
import type { TokenScope } from '../../contract/token/codes';

/** Who a request is from, as its session token names them: what every route and domain function is given. */
export interface SessionUser {
  id: string;
  name: string;
  roles: Role[];
  tokenHash: string;
  /** A customer's company (客户公司): they read and work on every record it owns. Staff have none. */
  company?: string;
  /** Set when the bearer is an API token (contract/token) rather than a person's session. */
  scope?: TokenScope;
}
