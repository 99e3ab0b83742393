import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage } from '@citable/shared/data';
import { NS } from '../i18n';
import { fetchExportRows } from '../api/report';
import { answersCsv, csvFileName, type CsvLanguage } from '../utils/csv';

/** Hands a text file to the browser as a download. */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The answers of the page (or the site) as a CSV file, in the screen's language (utils/csv.ts). */
export function ExportButton({ siteId, pageId, name }: { siteId: number; pageId: number | null; name: string }) {
  const { t, i18n } = useTranslation(NS);
  const [busy, setBusy] = useState(false);
  const lang: CsvLanguage = i18n.language.startsWith('en') ? 'en' : 'fr';

  const run = async () => {
    setBusy(true);
    try {
      const rows = await fetchExportRows(siteId, pageId);
      if (rows.length === 0) {
        showToast({ color: 'blue', message: t('export.empty') });
        return;
      }
      download(answersCsv(rows, lang), csvFileName(name, lang));
      showToast({ color: 'teal', message: t('export.done', { count: rows.length }) });
    } catch (error) {
      showToast({ color: 'red', title: t('export.error'), message: dataErrorMessage(error, t) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void run()} loading={busy} data-testid="export-csv">
      {pageId === null ? t('export.site') : t('export.page')}
    </Button>
  );
}
