import { NOT_AUTHORIZED_TEXT } from '@/components/Authorized';
import { Result } from 'antd';
import BackHome from '../BackHome';

/** /403: the user may not open the page they asked for (the page itself, so its Result comes with it). */
export default () => <Result status="403" title="403" subTitle={NOT_AUTHORIZED_TEXT} extra={<BackHome />} />;
