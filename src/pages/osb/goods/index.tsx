import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="待拼柜货物" description="已验针、待配柜的货物" />;
