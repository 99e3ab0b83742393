import { act, fireEvent, render, screen } from '@testing-library/react';
import { CitableProviders } from '@citable/shared';
import { SearchBox } from './SearchBox';

// jsdom lacks matchMedia, which Mantine's provider reads
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

function setup() {
  const onSearch = jest.fn();
  render(
    <CitableProviders>
      <SearchBox value="" onSearch={onSearch} />
    </CitableProviders>,
  );
  const box = screen.getByTestId('pages-search');
  const type = (value: string) => fireEvent.change(box, { target: { value } });
  return { onSearch, type };
}

describe('SearchBox', () => {
  let now = 10_000;
  beforeEach(() => {
    jest.useFakeTimers();
    now = 10_000;
    jest.spyOn(performance, 'now').mockImplementation(() => now);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
  const wait = (ms: number) =>
    act(() => {
      now += ms;
      jest.advanceTimersByTime(ms);
    });

  it('searches at once on an isolated keystroke, then waits for a pause while typing', () => {
    const { onSearch, type } = setup();
    type('p');
    expect(onSearch).toHaveBeenLastCalledWith('p');
    wait(50);
    type('pa');
    wait(50);
    type('pag');
    expect(onSearch).toHaveBeenCalledTimes(1);
    wait(199);
    expect(onSearch).toHaveBeenCalledTimes(1);
    wait(1);
    expect(onSearch).toHaveBeenLastCalledWith('pag');
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('counts the quiet time from the last keystroke, not from a search that waited for a pause', () => {
    const { onSearch, type } = setup();
    type('a');
    wait(100);
    type(''); // within the burst: searched 200 ms later
    wait(200);
    expect(onSearch).toHaveBeenLastCalledWith('');
    wait(150); // 350 ms since the last keystroke, 150 ms since that search
    type('7');
    expect(onSearch).toHaveBeenLastCalledWith('7');
    expect(onSearch).toHaveBeenCalledTimes(3);
  });

  it('trims the search, and Enter searches without waiting', () => {
    const { onSearch, type } = setup();
    type(' x');
    wait(10);
    type(' xy ');
    fireEvent.keyDown(screen.getByTestId('pages-search'), { key: 'Enter' });
    expect(onSearch).toHaveBeenLastCalledWith('xy');
    wait(500);
    expect(onSearch).toHaveBeenCalledTimes(2);
  });
});
