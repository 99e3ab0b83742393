import { Suspense, lazy } from 'react';
import type { ImportModalProps } from './ImportModal';

// papaparse and the preview load when an import is opened, not with the page list
const ImportModal = lazy(() => import('./ImportModal').then((m) => ({ default: m.ImportModal })));

/** The import dialog, downloaded on first use (render it only when it is open). */
export function LazyImportModal(props: ImportModalProps) {
  return (
    <Suspense fallback={null}>
      <ImportModal {...props} />
    </Suspense>
  );
}
