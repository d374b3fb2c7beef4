/**
 * A detail page's states around what it shows: a spinner while loading, 404 for a record that is missing or not
 * the caller's (answered alike by the server), a retry after a failed call, then the record.
 */
import { PageContainer } from '@ant-design/pro-components';
import PageResult from '@/components/PageResult';
import { Button, Space, Spin } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';

/** What a detail loader resolves to. */
export type Loaded<T> = T | 'notFound' | 'failed';

interface DetailStateProps<T> {
  /** The record's name: `装箱明细` (the page title, `装箱明细加载失败`, `装箱明细不存在`). */
  label: string;
  /** Loads the record; a new function (another key) loads again. */
  load: () => Promise<Loaded<T>>;
  notFoundText: string;
  /** The way back, offered when there is nothing to show. */
  back: ReactNode;
  children: (record: T) => ReactNode;
}

export default function DetailState<T>({ label, load, notFoundText, back, children }: DetailStateProps<T>) {
  const [loaded, setLoaded] = useState<Loaded<T>>();
  const [attempts, setAttempts] = useState(0);

  useEffect(() => {
    let current = true;
    setLoaded(undefined);
    load().then((result) => current && setLoaded(result));
    return () => {
      current = false;
    };
  }, [load, attempts]);

  if (loaded === 'failed' || loaded === 'notFound' || loaded === undefined) {
    return (
      <PageContainer header={{ title: label }}>
        {loaded === undefined ? <Spin size="large" style={{ display: 'block', padding: 48 }} /> : null}
        {loaded === 'failed' ? (
          <PageResult
            status="warning"
            title={`${label}加载失败`}
            subTitle="请检查网络后重试。"
            extra={
              <Space>
                <Button type="primary" onClick={() => setAttempts((count) => count + 1)}>
                  重试
                </Button>
                {back}
              </Space>
            }
          />
        ) : null}
        {loaded === 'notFound' ? <PageResult status="404" title={`${label}不存在`} subTitle={notFoundText} extra={back} /> : null}
      </PageContainer>
    );
  }
  return <>{children(loaded)}</>;
}
