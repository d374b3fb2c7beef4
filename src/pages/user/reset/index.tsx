import PagePlaceholder from '@/components/PagePlaceholder';

export default () => <PagePlaceholder title="重置密码" />;
