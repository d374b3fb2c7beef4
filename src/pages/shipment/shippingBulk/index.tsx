import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="出运对比表下载" description="出运数量与装箱数量的对比表" />;
