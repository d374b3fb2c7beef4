import { Progress } from 'antd';
import React from 'react';
import { PASSWORD_MIN, passwordStrength, type PasswordStrength as Strength } from '../validation';

const levels: Record<Strength, { text: string; color: string; status: 'success' | 'normal' | 'exception' }> = {
  strong: { text: '强度：强', color: '#52c41a', status: 'success' },
  medium: { text: '强度：中', color: '#faad14', status: 'normal' },
  short: { text: '强度：太短', color: '#ff4d4f', status: 'exception' },
};

/** The strength meter shown beside the password while it is typed. */
const PasswordStrength: React.FC<{ password: string }> = ({ password }) => {
  const level = levels[passwordStrength(password)];
  return (
    <div style={{ width: 240 }}>
      <div style={{ color: level.color, marginBottom: 4 }}>{level.text}</div>
      {password.length > 0 && (
        <Progress
          percent={Math.min(100, password.length * 10)}
          status={level.status}
          strokeColor={level.color}
          size={[240, 6]}
          showInfo={false}
        />
      )}
      <div style={{ marginTop: 8 }}>请至少输入 {PASSWORD_MIN} 个字符。请不要使用容易被猜到的密码。</div>
    </div>
  );
};

export default PasswordStrength;
