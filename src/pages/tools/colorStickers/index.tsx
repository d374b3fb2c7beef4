import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="彩贴生成" description="按订单生成彩贴" />;
