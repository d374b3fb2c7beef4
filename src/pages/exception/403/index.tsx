import { Exception403 } from '@/components/Authorized';
import BackHome from '../BackHome';

/** /403: the user may not open the page they asked for. */
export default () => <Exception403 extra={<BackHome />} />;
