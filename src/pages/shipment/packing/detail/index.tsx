import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="装箱明细" description="装箱明细、尺码配比、验针状态与变更记录" />;
