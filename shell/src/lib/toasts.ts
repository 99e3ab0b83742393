import { showToast } from '@citable/shared';

/** Error toast (destructive style). */
export function showErrorToast(title: string, message: string) {
  showToast({ color: 'red', title, message, autoClose: 7000 });
}

export function showSuccessToast(title: string, message: string) {
  showToast({ color: 'teal', title, message });
}
