import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="拼柜大厅" description="待拼柜的货物与可用柜" />;
