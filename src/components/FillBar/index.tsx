import { theme } from 'antd';

/** A thin bar with its percentage, as antd's small Progress draws it, without Progress's circle and steps. */
export default function FillBar({ percent, over, label }: { percent: number; over: boolean; label: string }) {
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        style={{ flex: 1, height: 6, borderRadius: 3, background: token.colorFillSecondary, overflow: 'hidden' }}
      >
        <div
          style={{
            width: `${percent}%`,
            height: '100%',
            background: over ? token.colorError : token.colorPrimary,
          }}
        />
      </div>
      <span style={{ color: over ? token.colorError : token.colorText, fontSize: token.fontSizeSM, minWidth: 36 }}>
        {percent}%
      </span>
    </div>
  );
}
