import { Button, Result } from 'antd';
import React from 'react';

/**
 * Whether `error` is a failed code-split chunk (webpack's ChunkLoadError, a script or CSS chunk that timed out
 * or could not be fetched — typically a lost network or a deployment that replaced the old files).
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w./-]+ failed/i.test(error.message) ||
    error.message.includes('Loading CSS chunk') ||
    error.message.includes('Failed to fetch dynamically imported module')
  );
}

export interface ErrorBoundaryProps {
  children?: React.ReactNode;
  /** When this value changes (e.g. the pathname), a shown error is cleared and the children render again. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  error?: Error;
  resetKey?: unknown;
}

const reload = () => window.location.reload();
// A full load of the home page: this boundary also sits outside the router (app.tsx).
const goHome = () => window.location.assign('/');

/** Catches render errors below it: a clear page for a chunk that failed to load, a 500 result otherwise. */
export default class ErrorBoundary extends React.Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: undefined, resetKey: props.resetKey };
  }

  componentDidCatch(error: Error, info: React.ErrorInfo): void {
    // The page shows a friendly result; the details stay available to whoever opens the console.
    console.error(error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (isChunkLoadError(error)) {
      return (
        <Result
          status="warning"
          title="页面加载失败"
          subTitle="页面资源未能加载，可能是网络中断或系统刚刚更新，请重新加载页面。"
          extra={
            <Button type="primary" onClick={reload}>
              重新加载
            </Button>
          }
        />
      );
    }
    return (
      <Result
        status="500"
        title="500"
        subTitle="抱歉，页面出错了，请重新加载或稍后再试。"
        extra={[
          <Button key="reload" type="primary" onClick={reload}>
            重新加载
          </Button>,
          <Button key="home" onClick={goHome}>
            返回首页
          </Button>,
        ]}
      />
    );
  }
}
