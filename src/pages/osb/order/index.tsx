import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="订舱单" description="订舱单列表" />;
