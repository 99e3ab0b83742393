import { ErrorPanel } from '@citable/shared';
import { useTranslation } from 'react-i18next';

export interface RemoteErrorPanelProps {
  /** name of the part that failed: marketing, workspace or reviewer */
  remote: string;
  error?: Error | null;
  onRetry: () => void;
  /** title key: the remote could not be downloaded, or it crashed while rendering */
  kind?: 'load' | 'render';
  isRetrying?: boolean;
}

/** Shown in place of a remote that cannot be loaded; the rest of the shell keeps working. */
export function RemoteErrorPanel({ remote, error, onRetry, kind = 'load', isRetrying = false }: RemoteErrorPanelProps) {
  const { t } = useTranslation('platform');
  const name = t(`remote.names.${remote}`, { defaultValue: remote });
  return (
    <ErrorPanel
      title={t(kind === 'load' ? 'remote.errorTitle' : 'remote.renderErrorTitle', { name })}
      text={t('remote.errorText')}
      error={error}
      onRetry={onRetry}
      isRetrying={isRetrying}
      retryLabel={t('remote.retry')}
      detailsLabel={t('remote.errorDetails')}
      data={{ 'data-testid': 'remote-error', 'data-remote': remote }}
    />
  );
}
