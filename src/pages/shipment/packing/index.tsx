import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="装箱单" description="上传与维护装箱明细" />;
