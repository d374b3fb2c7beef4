import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="报关交接" description="报关交接单列表" />;
