import { CARD_WIDTH, mediaSrcSet, mediaUrl } from '@axoo/contract';
import { useCarousel } from '../../../ui/use-carousel.ts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Client } from '../../../site.ts';
import { SmartLink } from './BannerCarousel.tsx';
import styles from './PartnerCarousel.module.css';

/**
 * SPEC §2 Home 'Partners': client logos in level order with previous and next buttons; each logo
 * shows its benefit text on hover and on keyboard focus.
 */
export function PartnerCarousel({ clients }: { clients: Client[] }) {
  const { t } = useTranslation('home');
  const [emblaRef, embla] = useCarousel({ align: 'start', slidesToScroll: 'auto', containScroll: 'trimSnaps' });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);
  const update = useCallback(() => {
    if (!embla) return;
    setCanPrev(embla.canScrollPrev());
    setCanNext(embla.canScrollNext());
  }, [embla]);
  useEffect(() => {
    if (!embla) return;
    update();
    embla.on('select', update);
    embla.on('reInit', update);
    return () => {
      embla.off('select', update);
      embla.off('reInit', update);
    };
  }, [embla, update]);

  if (clients.length === 0) return null;
  return (
    <section className={styles.partners} aria-labelledby="home-partners" data-testid="partners">
      <div className={styles.head}>
        <h2 id="home-partners">{t('partners.title')}</h2>
        <div className={styles.buttons}>
          <button type="button" className={styles.arrow} onClick={() => embla?.scrollPrev()} disabled={!canPrev} aria-label={t('partners.previous')}>
            ‹
          </button>
          <button type="button" className={styles.arrow} onClick={() => embla?.scrollNext()} disabled={!canNext} aria-label={t('partners.next')}>
            ›
          </button>
        </div>
      </div>
      <div className={styles.viewport} ref={emblaRef}>
        <ul className={styles.track}>
          {clients.map((client) => (
            <li key={client.id} className={styles.slide} data-client-id={client.id}>
              <SmartLink url={client.url} className={styles.logo} focusable label={client.benefit ? `${client.name} — ${client.benefit}` : client.name}>
                <img
                  src={mediaUrl(client.image, CARD_WIDTH)}
                  srcSet={mediaSrcSet(client.image, CARD_WIDTH)}
                  alt={client.name}
                  width={240}
                  height={120}
                  loading="lazy"
                  decoding="async"
                />
                {client.benefit && (
                  <span className={styles.benefit} aria-hidden="true">
                    {client.benefit}
                  </span>
                )}
              </SmartLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
