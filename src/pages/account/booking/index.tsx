import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="订舱记录" description="我的订舱记录" />;
