import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="散货大厅" description="散货出运的货物" />;
