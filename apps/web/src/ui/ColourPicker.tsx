import { useEffect, useRef } from 'react';
import { HexColorPicker } from 'react-colorful';
import { useTranslation } from 'react-i18next';

interface Props {
  color: string;
  onChange: (hex: string) => void;
  /** What the colour is for (e.g. "Background colour"): the start of both sliders' names. */
  label: string;
}

/**
 * react-colorful's picker, speaking the interface language (issue #21): the library names its two sliders
 * "Color" and "Hue" and reads out "Saturation n%, Brightness n%" in English, with no props to change them,
 * so a MutationObserver puts our catalogue's words back whenever the library writes its own.
 */
export function ColourPicker({ color, onChange, label }: Props) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const relabel = () => {
      const [area, hue] = element.querySelectorAll<HTMLElement>('[role="slider"]');
      const set = (node: HTMLElement | undefined, name: string, value: string) => {
        if (node && node.getAttribute(name) !== value) node.setAttribute(name, value);
      };
      set(area, 'aria-label', t('colourPicker.area', { label }));
      const text = area?.getAttribute('aria-valuetext') ?? '';
      const [saturation, brightness] = text.match(/\d+(\.\d+)?/g) ?? [];
      if (saturation !== undefined && brightness !== undefined) set(area, 'aria-valuetext', t('colourPicker.areaValue', { saturation, brightness }));
      set(hue, 'aria-label', t('colourPicker.hue', { label }));
    };
    relabel();
    const observer = new MutationObserver(relabel);
    observer.observe(element, { subtree: true, attributes: true, attributeFilter: ['aria-label', 'aria-valuetext'] });
    return () => observer.disconnect();
  }, [t, label]);
  return (
    <div ref={root}>
      <HexColorPicker color={color} onChange={onChange} />
    </div>
  );
}
