import { Spin } from 'antd';
import React, { useEffect, useState } from 'react';

export interface PromiseRenderProps {
  /** What a promise requirement decides about. */
  promise: Promise<unknown>;
  /** Shown when the promise resolves (to anything but `false`). */
  ok: React.ReactNode;
  /** Shown when the promise rejects or resolves to `false`. */
  error: React.ReactNode;
}

type Outcome = 'pending' | 'ok' | 'error';

/** Renders a large spinner while an authority promise is pending, then the allowed or the denied content. */
const PromiseRender: React.FC<PromiseRenderProps> = ({ promise, ok, error }) => {
  const [outcome, setOutcome] = useState<{ promise: Promise<unknown>; value: Outcome }>({ promise, value: 'pending' });

  useEffect(() => {
    let active = true;
    promise.then(
      (value) => active && setOutcome({ promise, value: value === false ? 'error' : 'ok' }),
      () => active && setOutcome({ promise, value: 'error' }),
    );
    return () => {
      active = false;
    };
  }, [promise]);

  // A new promise starts pending again, even before its effect has run.
  const value = outcome.promise === promise ? outcome.value : 'pending';
  if (value === 'ok') return <>{ok}</>;
  if (value === 'error') return <>{error}</>;
  return (
    <div style={{ width: '100%', height: '100%', margin: 'auto', paddingTop: 50, textAlign: 'center' }}>
      <Spin size="large" />
    </div>
  );
};

export default PromiseRender;
