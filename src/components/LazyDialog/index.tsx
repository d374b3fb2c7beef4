import { LOADING_DELAY } from '@/utils/constants';
import { Spin } from 'antd';
import { Suspense, useState, type ReactNode } from 'react';

/**
 * Mounts a lazily loaded dialog (`React.lazy`) from its first opening on, and keeps it mounted so that it closes
 * with its animation. Until its code has arrived a full-screen spinner shows, after the usual loading delay.
 */
export default function LazyDialog({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return <Suspense fallback={<Spin fullscreen delay={LOADING_DELAY} />}>{children}</Suspense>;
}
