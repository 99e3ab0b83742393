import { avatarColor } from './avatarColor';

describe('avatarColor', () => {
  it('is stable for a name and spreads names over several colours', () => {
    expect(avatarColor('Marc D.')).toBe(avatarColor('Marc D.'));
    const names = ['Marc D.', 'Léa R.', 'Hugo B.', 'Sarah L.', 'Thomas K.', 'Julie M.', 'Nadia B.', 'Paul V.'];
    expect(new Set(names.map(avatarColor)).size).toBeGreaterThanOrEqual(4);
  });
});
