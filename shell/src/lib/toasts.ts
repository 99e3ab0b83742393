import { showToast } from '@citable/shared';

/** Error toast (destructive style); with an `id`, hideToast(id) closes it and a new one replaces it. */
export function showErrorToast(title: string, message: string, id?: string) {
  showToast({ color: 'red', title, message, autoClose: 7000, ...(id ? { id } : {}) });
}

export function showSuccessToast(title: string, message: string) {
  showToast({ color: 'teal', title, message });
}
