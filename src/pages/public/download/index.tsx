import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="下载" description="客户端与模板下载" />;
