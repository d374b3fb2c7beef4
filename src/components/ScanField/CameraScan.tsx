/**
 * 摄像头扫码 for a tablet without a scanner: the back camera's picture, read a few times a second until a sticker's
 * barcode reads; or a photo taken (or chosen) when the browser gives no live camera. The code read goes to the scan
 * field as if it had been scanned.
 */
import { CameraOutlined } from '@ant-design/icons';
import Hint from '@/components/Hint';
import { Alert, Button, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { readBarcode } from './readBarcode';

/** Frames read a second while the camera runs: enough to feel instant, little enough to leave the tablet cool. */
const READS_PER_SECOND = 4;

/** Why the browser gave no camera, in words (its errors are named in English). */
function cameraRefusal(error: unknown): string {
  const name = (error as Error | undefined)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return '未获允许使用摄像头';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return '没有找到摄像头';
  if (name === 'NotReadableError') return '摄像头正被其他程序占用';
  return '浏览器不支持';
}

export default function CameraScan({
  open,
  onCode,
  onClose,
}: {
  open: boolean;
  onCode: (code: string) => void;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const photo = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string>();
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!open) return undefined;
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let stopped = false;
    const readFrame = async () => {
      const shown = video.current;
      if (stopped || !shown || shown.readyState < 2) return;
      const code = await readBarcode(shown, shown.videoWidth, shown.videoHeight).catch(() => undefined);
      if (code && !stopped) {
        stopped = true;
        onCode(code);
      }
    };
    (async () => {
      setProblem(undefined);
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (error) {
        setProblem(`无法打开摄像头（${cameraRefusal(error)}），可以拍照或选择图片识别`);
        return;
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      setLive(true);
      timer = window.setInterval(readFrame, 1000 / READS_PER_SECOND);
    })();
    return () => {
      stopped = true;
      window.clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
      setLive(false);
    };
  }, [open, onCode]);

  const readPhoto = async (file: File | undefined) => {
    if (!file) return;
    const picture = await createImageBitmap(file).catch(() => undefined);
    const code = picture && (await readBarcode(picture, picture.width, picture.height).catch(() => undefined));
    picture?.close();
    if (code) onCode(code);
    else setProblem('图片中没有读到条码：请对准箱贴上的条码，横向拍清楚后再试');
  };

  return (
    <Modal open={open} title="摄像头扫码" footer={null} onCancel={onClose} destroyOnHidden width={560}>
      <video
        ref={video}
        muted
        playsInline
        aria-label="摄像头画面"
        style={{ width: '100%', display: live ? 'block' : 'none', borderRadius: 8, background: '#000' }}
      />
      {live && <Hint paragraph>把箱贴上的条码对准画面，读到即自动收下</Hint>}
      {problem && <Alert type="warning" showIcon message={problem} style={{ marginBlock: 12 }} />}
      <input
        ref={photo}
        type="file"
        accept="image/*"
        capture="environment"
        aria-label="拍照或选择图片"
        style={{ display: 'none' }}
        onChange={(event) => {
          readPhoto(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Button size="large" icon={<CameraOutlined />} onClick={() => photo.current?.click()}>
        拍照或选择图片
      </Button>
    </Modal>
  );
}
