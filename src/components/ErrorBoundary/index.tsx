import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
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

interface ErrorViewProps {
  icon: React.ReactNode;
  title: string;
  subTitle: string;
  extra: React.ReactNode;
}

/**
 * The boundary sits in the start-up bundle, so it draws its page with an icon and plain markup instead of
 * antd's Result, whose status illustrations would add to every first load.
 */
const ErrorView: React.FC<ErrorViewProps> = ({ icon, title, subTitle, extra }) => (
  <div role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
    <div style={{ fontSize: 72, lineHeight: 1, marginBottom: 24 }}>{icon}</div>
    <div style={{ fontSize: 24, color: 'rgba(0,0,0,0.88)', lineHeight: 1.33 }}>{title}</div>
    <div style={{ fontSize: 14, color: 'rgba(0,0,0,0.45)', marginTop: 8 }}>{subTitle}</div>
    <div style={{ marginTop: 24 }}>{extra}</div>
  </div>
);

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
        <ErrorView
          icon={<ExclamationCircleFilled style={{ color: '#faad14' }} />}
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
      <ErrorView
        icon={<CloseCircleFilled style={{ color: '#ff4d4f' }} />}
        title="500"
        subTitle="抱歉，页面出错了，请重新加载或稍后再试。"
        extra={
          <>
            <Button type="primary" onClick={reload}>
              重新加载
            </Button>
            <Button style={{ marginLeft: 8 }} onClick={goHome}>
              返回首页
            </Button>
          </>
        }
      />
    );
  }
}
