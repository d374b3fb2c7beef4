import { Result } from 'antd';
import BackHome from '../BackHome';

/** /500: the server failed. */
export default () => <Result status="500" title="500" subTitle="抱歉，服务器出错了，请稍后再试。" extra={<BackHome />} />;
