import './i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage } from '@citable/shared/data';
import { NS } from './i18n';
import { getExportArticles } from './api';

/** Hands a file to the browser as a download. */
function download(bytes: Uint8Array, fileName: string) {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * "Export the content" of the site detail (issue 32): reads every page's approved (else latest)
 * article, zips HTML, Markdown and index.csv in the browser, and downloads the zip.
 */
export function useExportContent(siteId: number, siteName: string) {
  const { t, i18n } = useTranslation(NS);
  const [isExporting, setIsExporting] = useState(false);
  const exportContent = async () => {
    if (isExporting) return;
    setIsExporting(true);
    showToast({ color: 'blue', message: t('export.preparing') });
    try {
      // turndown, fflate and papaparse load on the first export, not with the site detail
      const [articles, { exportFileName, exportFiles, zipFiles }] = await Promise.all([getExportArticles(siteId), import('./exportZip')]);
      const result = exportFiles(articles, i18n.language);
      download(zipFiles(result.files), exportFileName(siteName));
      showToast({ color: 'teal', title: t('export.done'), message: t('export.doneText', { articles: result.articles, pages: articles.length }) });
    } catch (error) {
      console.error('[bulk] export failed', error);
      showToast({ color: 'red', title: t('export.failed'), message: dataErrorMessage(error, t) });
    } finally {
      setIsExporting(false);
    }
  };
  return { exportContent, isExporting };
}
