import { Result } from 'antd';
import BackHome from '../BackHome';

/** /maintain, where a 504 answer leads: the gateway timed out, usually because the system is being maintained. */
export default () => (
  <Result status="warning" title="系统维护中" subTitle="网关超时（504），系统可能正在维护，请稍后再试。" extra={<BackHome />} />
);
