import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="个人设置" description="基本设置、安全设置、账号绑定、新消息通知" />;
