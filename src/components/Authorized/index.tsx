import Authorized from './Authorized';
import renderAuthorize from './renderAuthorize';

export type { AuthorizedProps } from './Authorized';
export { check, checkPermissions } from './CheckPermissions';
export type { AuthorityFunction, AuthorityRequirement } from './CheckPermissions';
export { default as Exception403, NOT_AUTHORIZED_TEXT } from './Exception403';
export { default as PromiseRender } from './PromiseRender';
export type { AuthorizedComponent } from './renderAuthorize';
export { default as Secured } from './Secured';
export { renderAuthorize };

export default renderAuthorize(Authorized);
