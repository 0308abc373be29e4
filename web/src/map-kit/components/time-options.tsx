import type { GeodataItem } from '@flood/domain';
import { useTranslation } from 'react-i18next';

/**
 * The options of a layer's time select (public map and analysis map): the placeholder, then 'loading' while the
 * list is asked for, the empty text when there is none, else one option per item (its id as the value).
 */
export function TimeOptions({
  pending,
  items,
  placeholder,
  emptyText,
  label,
}: {
  pending: boolean;
  items: readonly GeodataItem[];
  placeholder: string;
  emptyText: string;
  label: (item: GeodataItem) => string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <option value="">{placeholder}</option>
      {pending ? (
        <option disabled value="loading">
          {t('common.loading')}
        </option>
      ) : items.length === 0 ? (
        <option disabled value="none">
          {emptyText}
        </option>
      ) : (
        items.map((item) => (
          <option key={item.id} value={String(item.id)}>
            {label(item)}
          </option>
        ))
      )}
    </>
  );
}
