/**
 * After a refused submit, the eye goes where the error is: the first field in error, in the order of
 * the page (not of the rules), is scrolled to the middle of its scrolling box and takes the focus, so
 * a screen reader reads its label and its message. Fields are found by Mantine's data-path attribute
 * (getInputProps sets it); `extra` names more elements in error (a file field outside the form's values).
 */
export function focusFirstError(
  container: HTMLElement | null,
  errors: Record<string, unknown>,
  extra: readonly (HTMLElement | null)[] = [],
): HTMLElement | null {
  if (!container) return null;
  const inError = [
    ...Array.from(container.querySelectorAll<HTMLElement>('[data-path]')).filter((node) => Boolean(errors[node.dataset.path ?? ''])),
    ...extra.filter((node): node is HTMLElement => node !== null),
  ];
  const first = inError.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
  if (!first) return null;
  const reduceMotion = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (typeof first.scrollIntoView === 'function') first.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
  first.focus({ preventScroll: true });
  return first;
}
