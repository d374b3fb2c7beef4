import { Alert } from 'antd';

/**
 * Why the chosen lines cannot go into the chosen box, or what the load plan warns of when they can (cartons whose
 * shapes do not fit although the CBM does); loaded when there is something to say (the hall's budget).
 */
export default function LoadRefusals({ reasons, warnings = [] }: { reasons: string[]; warnings?: string[] }) {
  const refused = reasons.length > 0;
  return (
    <Alert
      type={refused ? 'error' : 'warning'}
      showIcon
      style={{ marginBlockStart: 12 }}
      message={refused ? '这些明细不能装入所选的柜' : '装入前请注意'}
      description={(refused ? reasons : warnings).map((text) => (
        <div key={text}>{text}</div>
      ))}
    />
  );
}
