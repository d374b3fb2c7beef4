import { getCaptcha } from '@/services/auth';
import { serverMessage } from '@/services/errors';
import { Button, message } from 'antd';
import React, { useEffect, useState } from 'react';
import { CAPTCHA_RESEND_SECONDS } from '../validation';

export interface CaptchaButtonProps {
  /** Validates the phone field and gives its value; rejects (and the form shows why) when it is invalid. */
  getMobile: () => Promise<string>;
  size?: 'large' | 'middle';
}

/** 获取验证码: sends an SMS code, then counts down before another may be asked for. */
const CaptchaButton: React.FC<CaptchaButtonProps> = ({ getMobile, size }) => {
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return undefined;
    const timer = setTimeout(() => setSeconds(seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const send = async () => {
    let mobile: string;
    try {
      mobile = await getMobile();
    } catch {
      return;
    }
    setSending(true);
    try {
      await getCaptcha(mobile);
      message.success('验证码已发送，5 分钟内有效');
      setSeconds(CAPTCHA_RESEND_SECONDS);
    } catch (error) {
      message.error(serverMessage(error, '验证码发送失败，请稍后再试'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Button size={size} disabled={seconds > 0} loading={sending} onClick={send} style={{ width: '100%' }}>
      {seconds > 0 ? `${seconds} 秒` : '获取验证码'}
    </Button>
  );
};

export default CaptchaButton;
