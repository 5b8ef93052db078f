import { asLang } from '@axoo/contract';
import { normalizeTags, tagProblems } from '@axoo/contract/artworks';
import { translate } from '@axoo/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../ui/FieldError.tsx';
import { fieldControl } from '../../ui/FormField.tsx';
import styles from './Upload.module.css';

/** SPEC §5 tags: added on comma, space, enter or tab; duplicates ignored; max 10 of 20 characters, with SPEC's messages. */
export function TagInput({ value, onChange, serverErrors }: { value: string[]; onChange: (tags: string[]) => void; serverErrors?: string[] }) {
  const { t, i18n } = useTranslation('upload');
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const id = useId();
  const lang = asLang(i18n.language);

  const add = (raw: string) => {
    const next = normalizeTags([...value, ...raw.split(/[,\s]+/)]);
    const found = tagProblems(next);
    if (found.length) {
      setProblems(found.map((k) => translate(lang, k)));
      return false;
    }
    setProblems([]);
    onChange(next);
    setText('');
    return true;
  };

  return (
    <div className="field">
      <label htmlFor={id}>{t('form.tags')}</label>
      <div className={styles.tags}>
        {value.map((tag) => (
          <span key={tag} className={styles.tag}>
            #{tag}
            <button type="button" aria-label={t('form.removeTag', { tag })} onClick={() => onChange(value.filter((v) => v !== tag))}>
              ×
            </button>
          </span>
        ))}
        <input
          {...fieldControl(id, problems.length ? problems : serverErrors, `${id}-hint`)}
          value={text}
          placeholder={t('form.tagsPlaceholder')}
          data-testid="tag-input"
          onChange={(e) => {
            const v = e.target.value;
            if (/[,\s]/.test(v)) add(v);
            else setText(v);
          }}
          onKeyDown={(e) => {
            if ((e.key === 'Enter' || e.key === 'Tab') && text.trim()) {
              e.preventDefault();
              add(text);
            } else if (e.key === 'Enter') e.preventDefault();
            else if (e.key === 'Backspace' && !text && value.length) onChange(value.slice(0, -1));
          }}
          onBlur={() => text.trim() && add(text)}
        />
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('form.tagsHint')}
      </p>
      <FieldError for={id} messages={problems.length ? problems : serverErrors} />
    </div>
  );
}
