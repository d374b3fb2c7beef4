import { Result } from 'antd';
import BackHome from '../BackHome';

/** Any path the route table does not know. */
export default () => <Result status="404" title="404" subTitle="抱歉，您访问的页面不存在。" extra={<BackHome />} />;
