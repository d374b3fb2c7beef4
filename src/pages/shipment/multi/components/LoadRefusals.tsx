import { Alert } from 'antd';

/** Why the chosen lines cannot go into the chosen box; loaded when there is a reason (the hall's budget). */
export default function LoadRefusals({ reasons }: { reasons: string[] }) {
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBlockStart: 12 }}
      message="这些明细不能装入所选的柜"
      description={reasons.map((text) => (
        <div key={text}>{text}</div>
      ))}
    />
  );
}
