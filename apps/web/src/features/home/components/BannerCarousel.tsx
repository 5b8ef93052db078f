import { mediaUrl, mediaWidthSrcSet, WIDE_SIZES, WIDE_WIDTHS } from '@axoo/contract';
import { useCarousel } from '../../../ui/use-carousel.ts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Banner } from '../../../site.ts';
import { useUnderOverlay } from '../../../ui/under-overlay.ts';
import styles from './BannerCarousel.module.css';

const AUTOPLAY_MS = 6000;

/** A banner's link: site paths stay in the app, other addresses open as plain links. */
export function SmartLink({
  url,
  className,
  children,
  label,
  focusable = false,
}: {
  url: string;
  className?: string;
  children: React.ReactNode;
  label?: string;
  /** Without a link, still reachable by keyboard (partner logos show their benefit on focus). */
  focusable?: boolean;
}) {
  if (!url)
    return focusable ? (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the benefit text of a partner without a link must be reachable by keyboard.
      <div className={className} tabIndex={0} role="group" aria-label={label}>
        {children}
      </div>
    ) : (
      <div className={className}>{children}</div>
    );
  if (url.startsWith('/'))
    return (
      <Link to={url} className={className} aria-label={label}>
        {children}
      </Link>
    );
  return (
    <a href={url} className={className} aria-label={label} rel="noopener" target="_blank">
      {children}
    </a>
  );
}

/**
 * SPEC §2 Home: the banner carousel, banners in level order. The first image is the page's largest
 * paint, so it loads eagerly with high priority and a full-width `sizes`; the rest load lazily.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation('home');
  // Under the artwork overlay the first banner is not the largest paint: the overlay's image is (issue #14).
  const underOverlay = useUnderOverlay();
  const [emblaRef, embla] = useCarousel({ loop: banners.length > 1 });
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);
  // WCAG 2.2.2: whoever does not want the slides to move can stop them for good (not only while hovering).
  const [stopped, setStopped] = useState(false);

  const onSelect = useCallback(() => embla && setSelected(embla.selectedScrollSnap()), [embla]);
  useEffect(() => {
    if (!embla) return;
    embla.on('select', onSelect);
    embla.on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect);
      embla.off('reInit', onSelect);
    };
  }, [embla, onSelect]);

  useEffect(() => {
    if (!embla || paused || stopped || banners.length < 2) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => embla.scrollNext(), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [embla, paused, stopped, banners.length]);

  if (banners.length === 0) return null;
  return (
    <section
      className={styles.carousel}
      aria-roledescription={t('banners.carousel')}
      aria-label={t('banners.label')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-testid="banner-carousel"
    >
      <div className={styles.viewport} ref={emblaRef}>
        <div className={styles.container}>
          {banners.map((banner, i) => (
            <div
              key={banner.id}
              className={styles.slide}
              role="group"
              aria-roledescription={t('banners.slideRole')}
              aria-label={t('banners.slide', { n: i + 1, total: banners.length })}
              data-banner-id={banner.id}
            >
              <SmartLink url={banner.url} className={styles.link}>
                <img
                  src={mediaUrl(banner.image, 1400)}
                  // The contract's full-width set: the page host preloads the first banner with the same one (issue #14).
                  srcSet={mediaWidthSrcSet(banner.image, WIDE_WIDTHS)}
                  sizes={WIDE_SIZES}
                  alt={banner.alt}
                  width={2000}
                  height={700}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 && !underOverlay ? 'high' : 'low'}
                  decoding={i === 0 ? 'sync' : 'async'}
                />
              </SmartLink>
            </div>
          ))}
        </div>
      </div>
      {banners.length > 1 && (
        <>
          <button type="button" className={`${styles.arrow} ${styles.prev}`} onClick={() => embla?.scrollPrev()} aria-label={t('banners.previous')}>
            ‹
          </button>
          <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={() => embla?.scrollNext()} aria-label={t('banners.next')}>
            ›
          </button>
          <div className={styles.dots}>
            <button
              type="button"
              className={styles.pause}
              aria-pressed={stopped}
              aria-label={t('banners.stop')}
              onClick={() => setStopped((s) => !s)}
              data-testid="banner-stop"
            >
              <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
                {stopped ? <path d="M3 1.5v9l7-4.5z" fill="currentColor" /> : <path d="M2.5 1.5h2.5v9H2.5zM7 1.5h2.5v9H7z" fill="currentColor" />}
              </svg>
            </button>
            {banners.map((b, i) => (
              <button
                key={b.id}
                type="button"
                className={i === selected ? `${styles.dot} ${styles.active}` : styles.dot}
                aria-label={t('banners.goTo', { n: i + 1 })}
                aria-current={i === selected}
                onClick={() => embla?.scrollTo(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
