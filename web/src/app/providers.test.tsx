import { PlusOutlined } from '@ant-design/icons';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from './providers';

/** The style element @ant-design/icons injects at an icon's mount (rc-util's dynamic CSS, keyed by its name). */
const injected = () =>
  [...document.head.querySelectorAll('style')].filter((s) => s.textContent?.includes('.anticon {'));

// Other files of this worker may have mounted icons without the providers: their rules go first.
const removeInjected = () => {
  for (const style of injected()) style.remove();
};
beforeEach(removeInjected);
afterEach(removeInjected);

describe("AppProviders: the icons' rules come from styles.css, not injected at each mount (#25 point 3)", () => {
  it('an icon under the providers injects no style element', () => {
    render(
      <AppProviders queryClient={new QueryClient()}>
        <PlusOutlined data-testid="icon" />
      </AppProviders>,
    );
    expect(screen.getByTestId('icon').classList.contains('anticon')).toBe(true);
    expect(injected()).toHaveLength(0);
  });

  it('the same icon without them injects its rules (what the providers spare)', () => {
    render(<PlusOutlined data-testid="icon" />);
    expect(injected()).toHaveLength(1);
  });
});
