import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="订舱设置" description="截单规则、柜容量与默认港口" />;
