import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="提单详情" description="提单内容与状态" />;
