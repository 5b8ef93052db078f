import { type KeyboardEvent, useCallback, useId, useState } from 'react';
import Cropper, { type Area, type MediaSize } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal.tsx';
import styles from './Cropper.module.css';

export interface CropperProps {
  open: boolean;
  /** Object URL (blob:) or URL of the source image. */
  src: string;
  /** Width / height: cover 240/167, avatar 1, banner 4 (SPEC §5). */
  aspect: number;
  title: string;
  hint?: string;
  round?: boolean;
  onCancel: () => void;
  /** The cropped image, encoded in the source's type where the browser can. */
  onDone: (cropped: Blob, area: Area) => void;
  outputType?: 'image/jpeg' | 'image/png' | 'image/webp';
}

async function cropToBlob(src: string, area: Area, type: string): Promise<Blob> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width));
  canvas.height = Math.max(1, Math.round(area.height));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode failed'))), type, 0.92));
}

/** How much one press of + or − zooms. */
const ZOOM_STEP = 0.1;

/**
 * Crop modal (react-easy-crop). Zoom stops where the image would be shown larger than its natural
 * size (SPEC §5), so a crop never upsamples. By keyboard (issue #21): the crop area is a focusable, named
 * application region with its instructions; the arrow keys move the image under it (Shift for small steps,
 * react-easy-crop's own), + and − zoom, and the zoom slider is a labelled range.
 */
export function ImageCropper({ open, src, aspect, title, hint, round, onCancel, onDone, outputType = 'image/jpeg' }: CropperProps) {
  const { t } = useTranslation();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [maxZoom, setMaxZoom] = useState(3);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const instructions = useId();
  const zoomBy = (step: number) => setZoom((z) => Math.min(maxZoom, Math.max(1, Math.round((z + step) * 100) / 100)));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target instanceof HTMLInputElement) return;
    if (event.key === '+' || event.key === '=') zoomBy(ZOOM_STEP);
    else if (event.key === '-' || event.key === '_') zoomBy(-ZOOM_STEP);
    else return;
    event.preventDefault();
  };

  const onMediaLoaded = useCallback((media: MediaSize) => {
    setMaxZoom(Math.max(1, media.naturalWidth / media.width));
  }, []);

  const done = async () => {
    if (!area) return;
    setBusy(true);
    try {
      onDone(await cropToBlob(src, area, outputType), area);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      size="large"
      dismissable={false}
      footer={
        <>
          <button type="button" className="btn secondary" onClick={onCancel}>
            {t('actions.cancel')}
          </button>
          <button type="button" className="btn" onClick={done} disabled={!area || busy} data-testid="crop-done">
            {t('actions.confirm')}
          </button>
        </>
      }
    >
      {/* The keys come up from the crop area inside, which is focusable and named. */}
      <div className={styles.stage} onKeyDown={onKeyDown}>
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          maxZoom={maxZoom}
          aspect={aspect}
          cropShape={round ? 'round' : 'rect'}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
          onMediaLoaded={onMediaLoaded}
          classes={{ cropAreaClassName: styles.area }}
          cropperProps={{ role: 'application', 'aria-label': t('crop.area'), 'aria-describedby': instructions, 'data-testid': 'crop-area' } as object}
        />
      </div>
      <label className={styles.zoom}>
        <span>{t('actions.zoom')}</span>
        <input type="range" min={1} max={maxZoom} step={0.01} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} />
      </label>
      <p id={instructions} className={styles.hint}>
        {t('crop.instructions')}
      </p>
      {hint && <p className={styles.hint}>{hint}</p>}
    </Modal>
  );
}
