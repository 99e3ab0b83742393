import { useEffect, useRef, useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/** Quiet time since the last keystroke after which a keystroke searches at once; while typing, the search waits for a pause. */
const IDLE_MS = 300;
const PAUSE_MS = 200;

export interface SearchBoxProps {
  /** the search of the view (the address) */
  value: string;
  onSearch: (value: string) => void;
}

/**
 * The list's search box, debounced: the first keystroke after 300 ms without typing searches at once (no
 * wait for a single edit), the next ones wait for a 200 ms pause, so typing a word sends one or two requests.
 * The quiet time counts from the last keystroke, not from the last search: a search that itself waited
 * for a pause does not make the next, isolated keystroke wait too.
 * The box follows the address when it changes from elsewhere (Back, a link).
 */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const { t } = useTranslation(NS);
  const [input, setInput] = useState(value);
  const [seen, setSeen] = useState(value);
  const [committed, setCommitted] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastKeystroke = useRef(-Infinity);

  // the address changed: from our own search (keep typing), or from Back/a link (show it)
  if (value !== seen) {
    setSeen(value);
    if (value !== committed) {
      setInput(value);
      setCommitted(value);
    }
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    setCommitted(next.trim());
    onSearch(next.trim());
  };

  const change = (next: string) => {
    setInput(next);
    clearTimeout(timer.current);
    const now = performance.now();
    const quiet = now - lastKeystroke.current > IDLE_MS;
    lastKeystroke.current = now;
    if (quiet) commit(next);
    else timer.current = setTimeout(() => commit(next), PAUSE_MS);
  };

  return (
    <TextInput
      inputMode="search"
      enterKeyHint="search"
      aria-label={t('list.search')}
      placeholder={t('list.searchPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={input}
      onChange={(event) => change(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          clearTimeout(timer.current);
          commit(input);
        } else if (event.key === 'Escape' && input) {
          event.preventDefault();
          clearTimeout(timer.current);
          setInput('');
          commit('');
        }
      }}
      rightSection={
        input ? (
          <CloseButton
            size="sm"
            aria-label={t('list.clearSearch')}
            onClick={() => {
              clearTimeout(timer.current);
              setInput('');
              commit('');
            }}
          />
        ) : null
      }
      maxLength={200}
      data-testid="pages-search"
      style={{ flex: '1 1 240px', minWidth: 0 }}
    />
  );
}
