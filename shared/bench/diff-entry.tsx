// The page the diff benchmark loads (bundled by shared/bench/diff.mjs): two 2,000-line articles and
// window.benchDiff(runs, fold) which renders SideBySideDiff from scratch `runs` times.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { SideBySideDiff } from '../src/diff';

const WORDS = ['jardin', 'arrosage', 'paillage', 'taille', 'haie', 'massif', 'compost', 'semis', 'potager', 'printemps', 'automne', 'racines', 'feuillage', 'engrais', 'outil', 'sécateur'];

function sentence(seed: number, length: number) {
  const words: string[] = [];
  for (let i = 0; i < length; i += 1) words.push(WORDS[(seed * 7 + i * 13) % WORDS.length]);
  return `${words.join(' ')}.`;
}

/** A 2,000-line article, and an edited copy: 1 line in 10 reworded, a block inserted, a block deleted, a block moved. */
export function articles(lines = 2000) {
  const before: string[] = [];
  for (let i = 0; i < lines; i += 1) {
    before.push(i % 25 === 0 ? `<h2>Section ${i / 25 + 1} : ${sentence(i, 4)}</h2>` : `<p>${sentence(i, 14 + (i % 9))}</p>`);
  }
  const after = before.map((line, i) => (i % 10 === 3 ? line.replace(/(<p>\S+ \S+) \S+/, '$1 modifié') : line));
  after.splice(400, 0, ...Array.from({ length: 12 }, (_, k) => `<p>Nouveau paragraphe ${k} : ${sentence(k + 999, 12)}</p>`));
  after.splice(1200, 15);
  const moved = after.splice(1600, 20);
  after.splice(100, 0, ...moved);
  return { previous: before.join('\n'), current: after.join('\n') };
}

const { previous, current } = articles();
const host = document.getElementById('root') as HTMLElement;

declare global {
  interface Window {
    benchDiff: (runs: number, fold: boolean) => { times: number[]; rows: number; lines: [number, number] };
  }
}

window.benchDiff = (runs, fold) => {
  const times: number[] = [];
  let rows = 0;
  for (let r = 0; r < runs; r += 1) {
    const container = document.createElement('div');
    container.style.width = '1100px';
    host.appendChild(container);
    const root = createRoot(container);
    const t0 = performance.now();
    flushSync(() =>
      root.render(
        <SideBySideDiff
          previous={previous}
          current={current}
          previousLabel="Previous Version"
          currentLabel="Current Version"
          identicalText="The versions are identical"
          foldUnchanged={fold}
        />,
      ),
    );
    // style and layout of what was rendered, as the browser does before painting it
    void container.getBoundingClientRect().height;
    void container.querySelector('tbody tr:last-child')?.getBoundingClientRect();
    times.push(performance.now() - t0);
    rows = container.querySelectorAll('tbody tr').length;
    root.unmount();
    container.remove();
  }
  return { times, rows, lines: [previous.split('\n').length, current.split('\n').length] };
};
