import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="运价日历" description="各航线、柜型的运价与舱位" />;
