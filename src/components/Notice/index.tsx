import type { ReactNode } from 'react';

// In the alert colours without antd's Alert: the settings page's budget (500 KB) has no room for its 1.4 KB.
const tones = {
  error: { background: '#fff2f0', border: '1px solid #ffccc7', role: 'alert' },
  warning: { background: '#fffbe6', border: '1px solid #ffe58f', role: 'alert' },
  info: { background: '#e6f4ff', border: '1px solid #91caff', role: 'status' },
} as const;

/** A message in a box of its tone (a refused save, a cut-off near), with a line of detail or an action below. */
export default function Notice({ tone, message, children }: { tone: keyof typeof tones; message: string; children?: ReactNode }) {
  const { role, ...colours } = tones[tone];
  return (
    <div role={role} style={{ ...colours, borderRadius: 8, padding: '8px 12px', marginBlockEnd: 16 }}>
      <div>{message}</div>
      {children ? <div style={{ color: 'rgba(0, 0, 0, 0.65)', marginBlockStart: 4 }}>{children}</div> : null}
    </div>
  );
}
