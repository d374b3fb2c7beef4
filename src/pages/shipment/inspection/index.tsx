import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="验针" description="验针记录与结果" />;
