import { AI_USES, type AiUse, CONTENT_RATINGS, type ContentRating } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import styles from './Upload.module.css';

interface Props<T extends string> {
  name: 'rating' | 'ai_use';
  choices: readonly T[];
  value: T;
  onChange: (value: T) => void;
}

/** One choice of issue #31 as radio buttons, with the one-line explanation of the chosen one. */
function Choice<T extends string>({ name, choices, value, onChange }: Props<T>) {
  const { t } = useTranslation('upload');
  const hint = `upload-${name}-hint`;
  return (
    <fieldset className={styles.visibility} aria-describedby={hint} data-testid={`upload-${name}`}>
      <legend>{t(`form.${name}.label`)}</legend>
      {choices.map((choice) => (
        <label key={choice}>
          <input type="radio" name={name} value={choice} checked={value === choice} onChange={() => onChange(choice)} />
          {t(`form.${name}.${choice}`)}
        </label>
      ))}
      <span id={hint} className={styles.hint}>
        {t(`form.${name}.${value}Hint`)}
      </span>
    </fieldset>
  );
}

/** Issue #31: the artwork's content rating and how AI was used, each with a one-line explanation. */
export function RatingFields(props: { rating: ContentRating; aiUse: AiUse; onRating: (value: ContentRating) => void; onAiUse: (value: AiUse) => void }) {
  return (
    <>
      <Choice name="rating" choices={CONTENT_RATINGS} value={props.rating} onChange={props.onRating} />
      <Choice name="ai_use" choices={AI_USES} value={props.aiUse} onChange={props.onAiUse} />
    </>
  );
}
