import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="订舱计划" description="订舱计划列表" />;
