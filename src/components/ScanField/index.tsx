/**
 * A scan field. A keyboard-wedge scanner types the code and Enter: the field takes those keys even when nothing has
 * the focus (no click first), and says at once what became of each scan — a line, green or red with the reason, and
 * a short tone, high for accepted, low for refused. Without a scanner (a tablet), the camera button reads the
 * sticker's barcode instead.
 */
import LazyDialog from '@/components/LazyDialog';
import { ScanOutlined } from '@ant-design/icons';
import { Button, Input, theme, type InputRef } from 'antd';
import { lazy, useCallback, useEffect, useRef, useState } from 'react';

// The camera's code (and its decoder) loads when the camera is first used.
const CameraScan = lazy(() => import('./CameraScan'));

export interface ScanOutcome {
  ok: boolean;
  text: string;
}

let audio: AudioContext | undefined;

/** The scan's tone; silent where the browser has no Web Audio (tests) or refuses it. */
function tone(ok: boolean) {
  if (typeof window.AudioContext !== 'function') return;
  try {
    audio ??= new window.AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = ok ? 1320 : 220;
    gain.gain.value = 0.08;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + (ok ? 0.08 : 0.3));
  } catch {
    // No sound, the line still says it.
  }
}

/** Keys typed on no field at all: a scanner's, sent to the scan field. */
const typedOnNothing = (event: KeyboardEvent) =>
  event.key.length === 1 &&
  !event.ctrlKey &&
  !event.metaKey &&
  !event.altKey &&
  !(event.target as HTMLElement).closest?.('input, textarea, select, [contenteditable="true"]');

export default function ScanField({
  label,
  onScan,
  paused = false,
}: {
  /** What the field is for: its placeholder and accessible name. */
  label: string;
  onScan: (code: string) => Promise<ScanOutcome>;
  /** While a dialog is open, the keys are the dialog's. */
  paused?: boolean;
}) {
  const { token } = theme.useToken();
  const input = useRef<InputRef>(null);
  const [code, setCode] = useState('');
  const [last, setLast] = useState<ScanOutcome>();
  const [camera, setCamera] = useState(false);

  useEffect(() => {
    if (paused || camera) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (typedOnNothing(event)) input.current?.focus();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [paused, camera]);

  // The camera's reading arrives later: it goes to the onScan of then.
  const onScanNow = useRef(onScan);
  useEffect(() => {
    onScanNow.current = onScan;
  });
  const scan = useCallback(async (scanned: string) => {
    if (!scanned) return;
    const outcome = await onScanNow.current(scanned);
    setLast(outcome);
    tone(outcome.ok);
  }, []);
  const fromCamera = useCallback(
    (read: string) => {
      setCamera(false);
      scan(read);
    },
    [scan],
  );

  return (
    <div style={{ marginBlockEnd: 16 }}>
      <div style={{ display: 'flex', gap: 8, maxWidth: 680 }}>
        <Input
          ref={input}
          size="large"
          aria-label={label}
          placeholder={`${label}（扫码枪扫描，或输入箱码后按回车）`}
          prefix={<ScanOutlined />}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onPressEnter={() => {
            setCode('');
            scan(code.trim());
          }}
          autoFocus={!paused}
          autoComplete="off"
        />
        <Button size="large" onClick={() => setCamera(true)}>
          摄像头扫码
        </Button>
      </div>
      <LazyDialog open={camera}>
        <CameraScan open={camera} onCode={fromCamera} onClose={() => setCamera(false)} />
      </LazyDialog>
      <div role="status" aria-live="polite" style={{ minHeight: 24, marginBlockStart: 4 }}>
        {last ? <span style={{ color: last.ok ? token.colorSuccessText : token.colorErrorText }}>{last.text}</span> : null}
      </div>
    </div>
  );
}
