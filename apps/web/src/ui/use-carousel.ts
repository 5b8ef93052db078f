import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { useEffect, useState } from 'react';

/**
 * A carousel on the element given to the returned ref, like embla-carousel-react's hook, but the library loads after
 * the page has painted (issue #29.7: it is not in the home or artwork page's first load). Until it arrives the
 * slides stand still on the first one (which is what the server drew) and the carousel is `undefined`.
 */
export function useCarousel(options: EmblaOptionsType): [(node: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [carousel, setCarousel] = useState<EmblaCarouselType>();
  const settings = JSON.stringify(options);
  useEffect(() => {
    if (!node) return;
    let made: EmblaCarouselType | undefined;
    let gone = false;
    import('embla-carousel')
      .then(({ default: EmblaCarousel }) => {
        if (gone) return;
        made = EmblaCarousel(node, JSON.parse(settings) as EmblaOptionsType);
        setCarousel(made);
      })
      // Without its code the carousel keeps its first slide; the next page load tries again.
      .catch(() => {});
    return () => {
      gone = true;
      made?.destroy();
      setCarousel(undefined);
    };
  }, [node, settings]);
  return [setNode, carousel];
}
