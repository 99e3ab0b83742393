import { comparable, markUnsupported } from './claims';

describe('the unsupported claims in the text (audit L8)', () => {
  it('compares without [n] markers, spaces and case', () => {
    expect(comparable('Le levain  double en 6\u00a0heures [1][2].')).toBe('le levain double en 6 heures.');
    expect(comparable('Une miche pèse 2 kg [1, 3] ; voilà')).toBe('une miche pèse 2 kg; voilà');
  });

  it('marks the innermost block holding each sentence, with an id to link to; one found nowhere has none', () => {
    const html = '<h2>Le levain</h2><p>Intro.</p><blockquote><p>Le levain <strong>double</strong> en 6 heures [1]. Ensuite on façonne.</p></blockquote><ul><li>Une miche pèse 2 kg [2].</li></ul>';
    const { html: out, targets } = markUnsupported(html, ['Le levain double en 6 heures [1].', 'Une miche pèse 2 kg [2].', 'Une phrase effacée depuis [3].']);
    expect(targets).toEqual([
      { sentence: 'Le levain double en 6 heures [1].', id: 'cv-unsupported-1' },
      { sentence: 'Une miche pèse 2 kg [2].', id: 'cv-unsupported-2' },
      { sentence: 'Une phrase effacée depuis [3].', id: null },
    ]);
    const doc = document.createElement('div');
    doc.innerHTML = out;
    const marked = doc.querySelectorAll('.cv-unsupported');
    expect(Array.from(marked).map((el) => el.tagName)).toEqual(['P', 'LI']);
    expect(marked[0]).toHaveAttribute('tabindex', '-1');
    expect(doc.querySelector('blockquote')).not.toHaveClass('cv-unsupported');
    expect(doc.querySelectorAll('.cv-visually-hidden')).toHaveLength(0);
  });

  it('finds a sentence the checks cut at a clause: its closing mark is not required', () => {
    const html = '<p>Le pain cuit 45 minutes à 240 °C [2], couvert les 20 premières minutes [1][3].</p>';
    const { targets } = markUnsupported(html, ['Le pain cuit 45 minutes à 240 °C [2].']);
    expect(targets).toEqual([{ sentence: 'Le pain cuit 45 minutes à 240 °C [2].', id: 'cv-unsupported-1' }]);
    // a lone mark finds nothing
    expect(markUnsupported(html, ['.']).targets).toEqual([{ sentence: '.', id: null }]);
  });

  it('starts a marked block with a label for screen readers, once per block', () => {
    const { html } = markUnsupported('<p>A 1 [1]. B 2 [1].</p>', ['A 1 [1].', 'B 2 [1].'], 'Affirmation non vérifiée\u00a0:');
    expect(html).toBe('<p id="cv-unsupported-1" class="cv-unsupported" tabindex="-1"><span class="cv-visually-hidden">Affirmation non vérifiée&nbsp;: </span>A 1 [1]. B 2 [1].</p>');
  });

  it('two sentences in one block share its id; nothing to find leaves the HTML as it is', () => {
    const { targets } = markUnsupported('<p>A 1 [1]. B 2 [1].</p>', ['A 1 [1].', 'B 2 [1].']);
    expect(targets.map((t) => t.id)).toEqual(['cv-unsupported-1', 'cv-unsupported-1']);
    expect(markUnsupported('<p>x</p>', [])).toEqual({ html: '<p>x</p>', targets: [] });
    expect(markUnsupported('<p>x</p>', ['  '])).toEqual({ html: '<p>x</p>', targets: [] });
  });
});
