/**
 * The current authority and the `Authorized` component bound to it (Ant Design Pro v4's utils/Authorized).
 * The store itself is in ./authority; this module is the one place pages and layouts import it from.
 */
import RenderAuthorized from '@/components/Authorized';

export { getCurrentAuthority, reloadAuthorized, subscribeAuthority, useCurrentAuthority } from './authority';

/** `<Authorized authority noMatch>`, with `.Secured` and `.check`; re-renders when the authority changes. */
const Authorized = RenderAuthorized;

export default Authorized;
