import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { useFocusInvalid } from '../../../kit/focus-invalid.ts';
import { FieldError } from '../../../ui/FieldError.tsx';
import { fieldControl } from '../../../ui/FormField.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { addListItem, changeListItem, type ListItem, type ListName, reorderList, useAdminMutation, useListItems } from '../api/admin.ts';
import styles from '../AdminPage.module.css';

const LISTS: ListName[] = ['categories', 'fields', 'concepts', 'colors'];

/** SPEC §3 lists: genres (with primary), fields, concepts, colours — add, rename both languages, reorder, retire. */
export function ListsSection() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const list = (LISTS as string[]).includes(params.get('list') ?? '') ? (params.get('list') as ListName) : 'categories';
  const [filter, setFilter] = useState('');
  const items = useListItems(list);
  const [failure, setFailure] = useState<string | null>(null);
  const onError = (e: unknown) => setFailure(e instanceof ApiError ? (Object.values(e.fields).flat()[0] ?? e.detail ?? null) : t('common:error.generic'));
  const change = useAdminMutation(({ id, ...body }: { id: number } & Parameters<typeof changeListItem>[2]) => changeListItem(list, id, body));
  const reorder = useAdminMutation((ids: number[]) => reorderList(list, ids));

  const all = items.data ?? [];
  const needle = filter.trim().toLowerCase();
  const shown = needle ? all.filter((i) => `${i.code} ${i.name_ko} ${i.name_en}`.toLowerCase().includes(needle)) : all;
  const move = (item: ListItem, by: -1 | 1) => {
    const ids = all.map((i) => i.id);
    const from = ids.indexOf(item.id);
    const to = from + by;
    if (to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to], ids[from]];
    setFailure(null);
    reorder.mutate(ids, { onError });
  };
  const busy = change.isPending || reorder.isPending;

  return (
    <section aria-labelledby="admin-lists">
      <div className={styles.sectionHead}>
        <h2 id="admin-lists">{t('sections.lists')}</h2>
      </div>
      <div className={styles.tabs} role="tablist" aria-label={t('sections.lists')}>
        {LISTS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={name === list}
            className={name === list ? `${styles.tab} ${styles.tabActive}` : styles.tab}
            onClick={() => {
              setFilter('');
              setFailure(null);
              setParams({ list: name }, { replace: true });
            }}
          >
            {t(`lists.${name}`)}
          </button>
        ))}
      </div>
      <div className={styles.search}>
        <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={t('lists.filter')} aria-label={t('lists.filter')} />
      </div>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      {items.isLoading ? (
        <Spinner />
      ) : items.isError ? (
        <p className="form-error">{t('table.failed')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="list-table">
            <thead>
              <tr>
                <th scope="col">{t('lists.order')}</th>
                <th scope="col">{list === 'colors' ? t('lists.colorCode') : t('lists.code')}</th>
                <th scope="col">{t('lists.nameKo')}</th>
                <th scope="col">{t('lists.nameEn')}</th>
                {list === 'categories' && <th scope="col">{t('lists.primary')}</th>}
                <th scope="col">{t('lists.state')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((item) => (
                <ListRow
                  key={`${list}-${item.id}-${item.name_ko}-${item.name_en}`}
                  list={list}
                  item={item}
                  first={item.id === all[0]?.id}
                  last={item.id === all.at(-1)?.id}
                  busy={busy}
                  onMove={(by) => move(item, by)}
                  onChange={(body) => {
                    setFailure(null);
                    change.mutate({ id: item.id, ...body }, { onError });
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AddItem key={list} list={list} />
    </section>
  );
}

function ListRow({
  list,
  item,
  first,
  last,
  busy,
  onMove,
  onChange,
}: {
  list: ListName;
  item: ListItem;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (by: -1 | 1) => void;
  onChange: (body: Parameters<typeof changeListItem>[2]) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const [ko, setKo] = useState(item.name_ko);
  const [en, setEn] = useState(item.name_en);
  const name = i18n.language === 'en' ? item.name_en : item.name_ko;
  const dirty = ko !== item.name_ko || en !== item.name_en;
  return (
    <tr className={item.retired ? styles.retired : undefined} data-code={item.code}>
      <td className={styles.order}>
        <button type="button" className={styles.iconButton} disabled={busy || first} onClick={() => onMove(-1)} aria-label={t('lists.up', { name })}>
          ↑
        </button>
        <button type="button" className={styles.iconButton} disabled={busy || last} onClick={() => onMove(1)} aria-label={t('lists.down', { name })}>
          ↓
        </button>
      </td>
      <td>
        {list === 'colors' && <span className={styles.swatch} style={{ background: item.code }} />}
        <code>{item.code}</code>
      </td>
      <td>
        <input className={styles.inline} value={ko} onChange={(e) => setKo(e.target.value)} aria-label={`${t('lists.nameKo')} ${item.code}`} />
      </td>
      <td>
        <input className={styles.inline} value={en} onChange={(e) => setEn(e.target.value)} aria-label={`${t('lists.nameEn')} ${item.code}`} />
        {dirty && (
          <button type="button" className="btn small" disabled={busy || !ko.trim() || !en.trim()} onClick={() => onChange({ name_ko: ko, name_en: en })}>
            {t('lists.save')}
          </button>
        )}
      </td>
      {list === 'categories' && (
        <td>
          <input
            type="checkbox"
            checked={item.is_primary}
            disabled={busy}
            aria-label={`${t('lists.primary')} ${name}`}
            onChange={(e) => onChange({ is_primary: e.target.checked })}
          />
        </td>
      )}
      <td>
        <span className={styles.state}>{item.retired ? t('lists.retired') : t('lists.active')}</span>
        <button type="button" className="btn small secondary" disabled={busy} onClick={() => onChange({ retired: !item.retired })}>
          {item.retired ? t('lists.restore') : t('lists.retire')}
        </button>
      </td>
    </tr>
  );
}

function AddItem({ list }: { list: ListName }) {
  const { t } = useTranslation('admin');
  const [form, setForm] = useState({ code: '', name_ko: '', name_en: '', is_primary: false });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const add = useAdminMutation(() => addListItem(list, list === 'categories' ? form : { code: form.code, name_ko: form.name_ko, name_en: form.name_en }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    add.mutate(undefined, {
      onSuccess: () => setForm({ code: '', name_ko: '', name_en: '', is_primary: false }),
      onError: (err) => {
        setErrors(err instanceof ApiError ? err.fields : { non_field_errors: [t('common:error.generic')] });
        focusInvalid();
      },
    });
  };
  const id = `admin-add-${list}`;
  return (
    <form ref={formRef} className={styles.addForm} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('lists.addTitle')}</h3>
      {errors.non_field_errors && (
        <p className="form-error" role="alert">
          {errors.non_field_errors.join(' ')}
        </p>
      )}
      <div className={styles.addFields}>
        <div className="field">
          <label htmlFor={`${id}-code`}>{list === 'colors' ? t('lists.colorCode') : t('lists.code')}</label>
          <input
            {...fieldControl(`${id}-code`, errors.code)}
            value={form.code}
            placeholder={list === 'colors' ? '#A1B2C3' : 'new-item'}
            onChange={(e) => setForm({ ...form, code: e.target.value })}
          />
          <FieldError for={`${id}-code`} messages={errors.code} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-ko`}>{t('lists.nameKo')}</label>
          <input {...fieldControl(`${id}-ko`, errors.name_ko)} value={form.name_ko} onChange={(e) => setForm({ ...form, name_ko: e.target.value })} />
          <FieldError for={`${id}-ko`} messages={errors.name_ko} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-en`}>{t('lists.nameEn')}</label>
          <input {...fieldControl(`${id}-en`, errors.name_en)} value={form.name_en} onChange={(e) => setForm({ ...form, name_en: e.target.value })} />
          <FieldError for={`${id}-en`} messages={errors.name_en} />
        </div>
        {list === 'categories' && (
          <label className={styles.check}>
            <input type="checkbox" checked={form.is_primary} onChange={(e) => setForm({ ...form, is_primary: e.target.checked })} />
            {t('lists.primary')}
          </label>
        )}
        <button type="submit" className="btn" disabled={add.isPending}>
          {t('lists.add')}
        </button>
      </div>
      {list !== 'colors' && <p className={styles.hint}>{t('lists.codeHint')}</p>}
    </form>
  );
}
