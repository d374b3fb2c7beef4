import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="订舱单详情" description="订舱号、船名航次与截止时间" />;
