import Notice from '@/components/Notice';
import { siCutoffState } from '@contract/order/codes';

/**
 * 截单 of a sailing not booked yet (a plan's draft or submission, the clerk's order to book): a warning within 48 hours
 * of it, an error once it has passed (the server then refuses the booking); nothing before.
 */
export default function CutoffNotice({
  etd,
  siCutoffHours,
  advice,
}: {
  etd: string;
  siCutoffHours?: number;
  /** What the reader should do, once it has passed and while it is near. */
  advice: { passed: string; near: string };
}) {
  if (siCutoffHours === undefined) return null;
  const state = siCutoffState(etd, { siCutoffHours });
  if (state.passed) return <Notice tone="error" message={`该船期${state.text}：${advice.passed}`} />;
  if (state.near) return <Notice tone="warning" message={`该船期${state.text}：${advice.near}`} />;
  return null;
}
