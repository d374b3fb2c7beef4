import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="出运首页" description="出运概况：装箱、拼柜、散货与提单的统计" />;
