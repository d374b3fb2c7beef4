import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="提单" description="提单列表" />;
