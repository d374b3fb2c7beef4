import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="拼柜装柜" description="柜的装载与利用率" />;
