import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="订舱计划详情" description="计划、变更与柜" />;
