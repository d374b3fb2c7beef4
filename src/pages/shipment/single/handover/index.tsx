import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="订舱交接" description="散货订舱交接记录" />;
