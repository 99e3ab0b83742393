import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage } from '@citable/shared/data';
import { NS } from '../i18n';
import { useStatuses } from '../api/getStatuses';
import { FALLBACK_STATUSES, orderStatuses } from '../utils/pageForm';

export interface StatusOption {
  id: number;
  name: string;
  /** the name in the user's language */
  label: string;
}

/**
 * The statuses of the filter and the form: the statuses table, or Published, Draft, In Review with
 * the toast 'Unable to load page statuses' when it cannot be read (docs/product-rules.md#errors).
 */
export function useStatusOptions(): StatusOption[] {
  const { t } = useTranslation(NS);
  const statuses = useStatuses();
  useEffect(() => {
    if (statuses.isError) showToast({ color: 'red', title: t('list.statusesError'), message: dataErrorMessage(statuses.error, t) });
  }, [statuses.isError, statuses.error, t]);
  const rows = statuses.data ?? FALLBACK_STATUSES;
  return useMemo(
    () => orderStatuses(rows.map((s) => ({ id: s.id, name: s.name, label: t(`statusNames.${s.name}`, { defaultValue: s.name }) }))),
    [rows, t],
  );
}

/** The status's name in the user's language. */
export function useStatusLabel() {
  const { t } = useTranslation(NS);
  return (name: string | null | undefined) => (name ? t(`statusNames.${name}`, { defaultValue: name }) : '');
}
