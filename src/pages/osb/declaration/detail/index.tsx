import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="报关交接详情" description="单证清单与商品编码明细" />;
