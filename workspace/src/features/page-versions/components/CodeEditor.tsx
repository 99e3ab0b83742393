/**
 * CodeMirror 6 with HTML support (syntax highlighting, folding, search) for the HTML Content viewer:
 * read-only in code view, editable while editing. Its own chunk: loaded only when the code view
 * or the editor is opened. The source is text in CodeMirror's document, never parsed as HTML by
 * the page, so nothing in it runs.
 */
import { useMemo } from 'react';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { html } from '@codemirror/lang-html';

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  readOnly?: boolean;
  /** accessible name of the editor's text area */
  label: string;
  height?: string;
  autoFocus?: boolean;
}

export default function CodeEditor({ value, onChange, readOnly = false, label, height = '500px', autoFocus = false }: CodeEditorProps) {
  const extensions = useMemo(
    () => [
      html({ autoCloseTags: !readOnly }),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label, ...(readOnly ? { 'aria-readonly': 'true' } : {}) }),
      EditorView.theme({
        '&': { fontSize: '13px', border: '1px solid var(--mantine-color-gray-4)', borderRadius: '6px' },
        '&.cm-focused': { outline: '2px solid var(--mantine-color-blue-6)', outlineOffset: '2px' },
        '.cm-scroller': { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace" },
        '.cm-gutters': { backgroundColor: '#f6f8fa', color: '#57606a', borderRight: '1px solid #d0d7de' },
      }),
    ],
    [label, readOnly],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      editable={!readOnly}
      readOnly={readOnly}
      height={height}
      autoFocus={autoFocus}
      extensions={extensions}
      basicSetup={{ foldGutter: true, highlightActiveLine: !readOnly, highlightActiveLineGutter: !readOnly, autocompletion: !readOnly }}
      data-testid={readOnly ? 'html-code' : 'html-editor'}
    />
  );
}
