import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="504" />;
