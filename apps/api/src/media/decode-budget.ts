import sharp from 'sharp';
import { AppError } from '../http/errors.ts';

/**
 * Issue #36: decoding an image costs memory by its pixels, not its bytes (a 583 KB PNG of 14,142 × 14,142 pixels
 * takes ~650 MB to decode), so every decode of the process goes through one queue with a memory budget: a decode
 * waits until what it needs fits beside the ones running, one that could never fit is refused at once, and one that
 * waits too long is refused too (the process is busy; the client may retry). libvips runs one thread per image and
 * keeps no operation cache, so a decode's memory is what the budget counts.
 */
export class DecodeRefused extends AppError {
  /** Issue #36: an image the process's decode budget cannot hold, now (503, retry) or ever (400), said in the user's language. */
  constructor(readonly reason: 'too_large' | 'busy') {
    super(
      reason === 'busy' ? 503 : 400,
      { detail: reason === 'busy' ? 'media.decode_busy' : 'media.decode_too_large' },
      reason === 'busy' ? { 'Retry-After': '10' } : undefined,
    );
  }
}

/** Bytes of decoded pixels per pixel and channel, plus libvips' working margin. */
const MARGIN = 1.25;

export interface DecodeBudget {
  readonly bytes: number;
  /** Runs `decode` once `cost` bytes fit in the budget (FIFO), or refuses it. */
  run<T>(cost: number, decode: () => Promise<T>): Promise<T>;
  /** Bytes taken by the decodes running now. */
  readonly used: number;
}

export function decodeBudget(bytes: number, maxWaitMs = 15_000): DecodeBudget {
  let used = 0;
  const waiting: { cost: number; go: () => void }[] = [];
  const next = () => {
    while (waiting.length && used + waiting[0].cost <= bytes) {
      const head = waiting.shift() as { cost: number; go: () => void };
      used += head.cost;
      head.go();
    }
  };
  return {
    bytes,
    get used() {
      return used;
    },
    async run(cost, decode) {
      const need = Math.max(1, Math.ceil(cost));
      if (need > bytes) throw new DecodeRefused('too_large');
      if (waiting.length || used + need > bytes) {
        await new Promise<void>((resolve, reject) => {
          const entry = {
            cost: need,
            go: () => {
              clearTimeout(timer);
              resolve();
            },
          };
          const timer = setTimeout(() => {
            const at = waiting.indexOf(entry);
            if (at >= 0) waiting.splice(at, 1);
            reject(new DecodeRefused('busy'));
            next();
          }, maxWaitMs);
          waiting.push(entry);
        });
      } else used += need;
      try {
        return await decode();
      } finally {
        used -= need;
        next();
      }
    },
  };
}

/** The memory a decode of this image takes: its pixels × channels × bytes per sample, and a margin. */
export function decodeCost(meta: { width?: number; height?: number; pageHeight?: number; pages?: number; channels?: number; depth?: string }): number {
  const perSample = meta.depth === 'ushort' || meta.depth === 'short' ? 2 : meta.depth === 'float' || meta.depth === 'uint' || meta.depth === 'int' ? 4 : 1;
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  // An animation is decoded frame by frame beside the output; two frames' worth at a time.
  const frames = Math.min(meta.pages ?? 1, 2);
  return (meta.width ?? 0) * frameHeight * frames * (meta.channels ?? 4) * perSample * MARGIN;
}

let shared: DecodeBudget = decodeBudget(768 * 1024 * 1024);

/** The process's budget (DECODE_BUDGET_MB); the app sets it once at start. */
export function setDecodeBudget(megabytes: number, maxWaitMs?: number): DecodeBudget {
  // One libvips thread per image and no operation cache: the memory of a decode is its own pixels, once.
  sharp.concurrency(1);
  sharp.cache(false);
  shared = decodeBudget(megabytes * 1024 * 1024, maxWaitMs);
  return shared;
}

/** Runs `decode` within the process's budget, for an image whose header was read already. */
export function decodingWithin<T>(meta: Parameters<typeof decodeCost>[0], decode: () => Promise<T>): Promise<T> {
  return shared.run(decodeCost(meta), decode);
}

/** Reads the header (no decode), then runs `decode` within the process's budget. */
export async function withinDecodeBudget<T>(bytes: Buffer, decode: () => Promise<T>): Promise<T> {
  const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  return shared.run(decodeCost(meta), decode);
}
